package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes down that the system does not know what happened, in a transaction of its own after the one whose outcome is
 * unknown: the ledger entry, a resolver case due after {@code firstQueryAfter} (time for an in-doubt COMMIT to
 * settle), and, where the payment exists and nobody settled it, the payment's status UNKNOWN (conditional on its
 * version, so a commit that did happen is never overwritten). Nothing here reads a timeout as a failure.
 */
class UnknownOutcomeRecorder implements RecordUnknownOutcomeUseCase {

    private final UnknownOutcomeLedger ledger;
    private final ResolutionCases cases;
    private final PaymentRepository payments;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration firstQueryAfter;

    UnknownOutcomeRecorder(UnknownOutcomeLedger ledger, ResolutionCases cases, PaymentRepository payments,
                           Transactions transactions, Clock clock, Duration firstQueryAfter) {
        this.ledger = ledger;
        this.cases = cases;
        this.payments = payments;
        this.transactions = transactions;
        this.clock = clock;
        this.firstQueryAfter = Objects.requireNonNull(firstQueryAfter, "first query after");
        if (firstQueryAfter.isNegative()) {
            throw new IllegalArgumentException("the first query after an unknown outcome cannot be in the past");
        }
    }

    @Override
    public boolean record(TenantId tenant, PaymentId paymentId, String channel, UnknownOutcomeOrigin origin,
                          String reference, String detail) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        try {
            transactions.inTransaction(() -> {
                ledger.record(new UnknownOutcomeLedger.NewEntry(tenant, paymentId, channel, origin,
                        reference, detail, now));
                cases.open(tenant, paymentId, channel, origin.name(), now.plus(firstQueryAfter));
                if (origin.paymentInDoubt()) {
                    markUnknown(tenant, paymentId, now);
                }
            });
            return true;
        } catch (PersistenceFailure notRecorded) {
            return false;
        }
    }

    private void markUnknown(TenantId tenant, PaymentId paymentId, Instant now) {
        Optional<Payment> found = payments.findById(tenant, paymentId);
        if (found.isPresent() && found.get().markUnknown(now) instanceof TransitionOutcome.Applied applied) {
            // False when the row moved meanwhile: then someone settled it, which is what we wanted to learn.
            payments.update(applied.before(), applied.after());
        }
    }
}
