package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.service.CaseLeases.DueCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import java.util.Map;
import java.util.TreeMap;

/**
 * The active-query resolver's round. Per leased case: ask the channel (outside any transaction), apply its answer
 * (a payment's like a callback, through {@link PaymentResolver}; a refund's through {@link RefundResolver}), then
 * write the case back while the lease is still ours.
 */
class ResolvePaymentsService implements ResolvePaymentsUseCase {

    private final CaseLeases leases;
    private final ChannelQuestions questions;
    private final PaymentResolver payments;
    private final RefundResolver refunds;
    private final CaseWriteBack writeBack;

    ResolvePaymentsService(CaseLeases leases, ChannelQuestions questions, PaymentResolver payments,
                           RefundResolver refunds, CaseWriteBack writeBack) {
        this.leases = leases;
        this.questions = questions;
        this.payments = payments;
        this.refunds = refunds;
        this.writeBack = writeBack;
    }

    @Override
    public ResolverRun resolveDue() {
        DueCases due = leases.leaseDue(questions.channels());
        int resolved = 0;
        int rescheduled = 0;
        int flagged = 0;
        int lost = 0;
        Map<String, Integer> answers = new TreeMap<>();
        for (ClaimedCase c : due.claimed()) {
            switch (work(WorkedCase.byResolver(c, due.lease()), answers)) {
                case RESOLVED -> resolved++;
                case RESCHEDULED -> rescheduled++;
                case FLAGGED -> flagged++;
                case LOST_LEASE -> lost++;
            }
        }
        return new ResolverRun(due.opened(), due.claimed().size(), resolved, rescheduled, flagged, lost, answers);
    }

    private Fate work(WorkedCase work, Map<String, Integer> answers) {
        try {
            CaseOutcome outcome = RefundResolver.isRefundCase(work.claimed()) ? refunds.resolve(work)
                    : payments.resolve(work);
            if (!CaseOutcome.NOT_ASKED.equals(outcome.answer())) {
                answers.merge(outcome.answer(), 1, Integer::sum);
            }
            return writeBack.write(outcome);
        } catch (PersistenceFailure | ChangedMeanwhile failure) {
            // The case stays leased; when the lease runs out it is due again and asked again.
            return Fate.LOST_LEASE;
        }
    }
}
