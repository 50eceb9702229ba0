package dev.tristate.application.refund.service;

import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * The one path by which a channel's answer about a refund takes effect, whoever brings it: the refund request right
 * after its channel call, the resolver's query, or reconciliation's repair. Each write is conditional on the refund
 * still being open (PENDING or UNKNOWN), so an answer applies once.
 *
 * <p>Success, in one transaction: the refund row SUCCEEDED (the row count decides), then the payment's side of it
 * ({@link PaymentRefunding}): the payment locked and moved through its conditional update, the RefundSucceeded outbox
 * event (its id derived from the refund id: one per refund), and, when the payment is now fully refunded, the keyed
 * task that revokes its grants.
 * "Refused" and "not found" are the channel's word that nothing was refunded: FAILED, which frees the amount. A timeout
 * is never an answer here: {@link #recordUnknown} writes it down as UNKNOWN for the resolver. Every answer's text is
 * kept with the refund ({@link #keepAnswer}), in the same unit of work as its effect.
 */
class RefundOutcomes implements ApplyRefundAnswerUseCase {

    private final RefundStore refunds;
    private final PaymentRefunding paymentRefunding;
    private final UnknownOutcomeLedger ledger;
    private final ResolutionCases cases;
    private final Transactions transactions;
    private final Clock clock;
    private final Duration firstQueryAfter;

    RefundOutcomes(RefundStore refunds, PaymentRefunding paymentRefunding, UnknownOutcomeLedger ledger,
                   ResolutionCases cases, Transactions transactions, Clock clock, Duration firstQueryAfter) {
        this.refunds = refunds;
        this.paymentRefunding = paymentRefunding;
        this.ledger = ledger;
        this.cases = cases;
        this.transactions = transactions;
        this.clock = clock;
        this.firstQueryAfter = Objects.requireNonNull(firstQueryAfter, "first query after");
    }

    /** Applies the answer in a transaction of its own. */
    @Override
    public Applied apply(Refund refund, RefundAnswer answer) {
        return transactions.inTransaction(() -> applyWithin(refund, answer));
    }

    /**
     * Applies the answer inside the caller's unit of work (the refund request completes its Idempotency-Key in the
     * same transaction). A PROCESSING answer leaves the refund open and makes sure the resolver asks again.
     */
    Applied applyWithin(Refund refund, RefundAnswer answer) {
        Instant now = now();
        keepAnswer(refunds, refund, answer, now);
        Refund current = refunds.find(refund.tenantId(), refund.id()).orElseThrow(
                () -> new IllegalStateException("refund " + refund.id() + " is not stored"));
        if (!current.status().isOpen()) {
            return new Applied(Effect.ALREADY_SETTLED, current, "refund was " + current.status() + " already");
        }
        if (answer instanceof RefundAnswer.Succeeded succeeded) {
            if (!succeeded.amount().equals(current.amount())) {
                return new Applied(Effect.MISMATCH, current, "the channel refunded " + succeeded.amount()
                        + ", the refund is for " + current.amount());
            }
            return succeed(current, succeeded.refundNo(), now);
        }
        if (answer instanceof RefundAnswer.Refused refused) {
            return fail(current, "refused by the channel: " + refused.reason(), now);
        }
        if (answer instanceof RefundAnswer.NotFound) {
            return fail(current, "the channel has no such refund: nothing was refunded", now);
        }
        cases.open(current.tenantId(), current.id(), current.channel(), "REFUND_PROCESSING",
                now.plus(firstQueryAfter));
        return new Applied(Effect.STILL_OPEN, current, "the channel is processing the refund");
    }

    /**
     * Keeps the channel's words with the refund, whatever they change (PROCESSING, an answer about a refund settled
     * already): support staff see what the channel said, not only what we made of it. Only an answer comes here; a
     * timeout has no words.
     */
    static void keepAnswer(RefundStore refunds, Refund refund, RefundAnswer answer, Instant now) {
        refunds.keepAnswer(refund, ChannelWords.of(answer.rawAnswer(), now));
    }

    /** The channel refused the call for good before acting (DEFINITE): FAILED, inside the caller's unit of work. */
    Applied failWithin(Refund refund, String why) {
        Refund current = refunds.find(refund.tenantId(), refund.id()).orElseThrow();
        if (!current.status().isOpen()) {
            return new Applied(Effect.ALREADY_SETTLED, current, "refund was " + current.status() + " already");
        }
        return fail(current, why, now());
    }

    /**
     * Nobody knows whether the channel acted (or whether our commit happened): the ledger entry, a resolver case for
     * the refund (keyed by the refund id) due after {@code firstQueryAfter}, and the refund UNKNOWN where it is still
     * PENDING, inside the caller's unit of work. Never FAILED.
     */
    Refund recordUnknownWithin(Refund refund, UnknownOutcomeOrigin origin, String detail) {
        Instant now = now();
        ledger.record(new UnknownOutcomeLedger.NewEntry(refund.tenantId(), refund.id(), refund.channel(),
                origin, refund.paymentId().value(), detail, now));
        cases.open(refund.tenantId(), refund.id(), refund.channel(), origin.name(), now.plus(firstQueryAfter));
        refunds.markUnknown(refund, now);
        return refunds.find(refund.tenantId(), refund.id()).orElse(refund);
    }

    /**
     * {@link #recordUnknownWithin} in a transaction of its own, after the one whose outcome is unknown. False when
     * even that could not be written: the resolver's sweep of stale refunds still finds the refund.
     */
    boolean recordUnknown(Refund refund, UnknownOutcomeOrigin origin, String detail) {
        try {
            transactions.inTransaction(() -> recordUnknownWithin(refund, origin, detail));
            return true;
        } catch (PersistenceFailure notRecorded) {
            return false;
        }
    }

    private Applied succeed(Refund refund, String channelRefundNo, Instant now) {
        if (!refunds.markSucceeded(refund, channelRefundNo, now)) {
            Refund settled = refunds.find(refund.tenantId(), refund.id()).orElseThrow();
            return new Applied(Effect.ALREADY_SETTLED, settled, "refund was " + settled.status() + " already");
        }
        TransitionOutcome.Applied applied = paymentRefunding.refund(refund, now);
        resolveLedger(refund, "refund SUCCEEDED (channel refund " + channelRefundNo + ")", now);
        return new Applied(Effect.SUCCEEDED, refunds.find(refund.tenantId(), refund.id()).orElseThrow(),
                "payment " + applied.before().status() + " -> " + applied.after().status());
    }

    private Applied fail(Refund refund, String why, Instant now) {
        if (!refunds.markFailed(refund, why, now)) {
            Refund settled = refunds.find(refund.tenantId(), refund.id()).orElseThrow();
            return new Applied(Effect.ALREADY_SETTLED, settled, "refund was " + settled.status() + " already");
        }
        resolveLedger(refund, "refund FAILED: " + why, now);
        return new Applied(Effect.FAILED, refunds.find(refund.tenantId(), refund.id()).orElseThrow(), why);
    }

    private void resolveLedger(Refund refund, String resolution, Instant now) {
        ledger.resolve(refund.tenantId(), refund.id(), resolution, now);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
