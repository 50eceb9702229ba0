package dev.tristate.application.resolution.service;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.service.CaseLeases.DueCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;

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
        for (ClaimedCase c : due.claimed()) {
            switch (work(WorkedCase.byResolver(c, due.lease()))) {
                case RESOLVED -> resolved++;
                case RESCHEDULED -> rescheduled++;
                case FLAGGED -> flagged++;
                case LOST_LEASE -> lost++;
            }
        }
        return new ResolverRun(due.opened(), due.claimed().size(), resolved, rescheduled, flagged, lost);
    }

    private Fate work(WorkedCase work) {
        try {
            return writeBack.write(RefundResolver.isRefundCase(work.claimed()) ? refunds.resolve(work)
                    : payments.resolve(work));
        } catch (PersistenceFailure | ChangedMeanwhile failure) {
            // The case stays leased; when the lease runs out it is due again and asked again.
            return Fate.LOST_LEASE;
        }
    }
}
