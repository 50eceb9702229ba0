package dev.tristate.application.refund.service;

import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.task.Task;
import java.time.Instant;

/**
 * What a refund that succeeded does to its payment, inside the caller's unit of work: the payment locked and moved by
 * {@link Payment#applyRefund} through its conditional update, the RefundSucceeded outbox event, and, when the payment
 * is now fully refunded, the keyed task that revokes its grants. Apart from {@link RefundOutcomes} because these are
 * the payment's stores, which no other refund answer touches.
 */
class PaymentRefunding {

    private final PaymentRepository payments;
    private final OutboxStore outbox;
    private final TaskStore tasks;

    PaymentRefunding(PaymentRepository payments, OutboxStore outbox, TaskStore tasks) {
        this.payments = payments;
        this.outbox = outbox;
        this.tasks = tasks;
    }

    /** The payment's transition; the refund row is SUCCEEDED already, in the same transaction. */
    TransitionOutcome.Applied refund(Refund refund, Instant now) {
        Payment payment = payments.lockById(refund.tenantId(), refund.paymentId()).orElseThrow(
                () -> new IllegalStateException("refund " + refund.id() + " names no payment"));
        TransitionOutcome outcome = payment.applyRefund(refund.id(), refund.amount(), now);
        if (!(outcome instanceof TransitionOutcome.Applied applied)) {
            // The amount was held when the refund was accepted, so the payment always has room for it: a refusal
            // here is a broken invariant, and the whole transaction (the refund's SUCCEEDED included) rolls back.
            throw new IllegalStateException("payment " + payment.id() + " refused refund " + refund.id() + ": "
                    + outcome);
        }
        if (!payments.update(applied.before(), applied.after())) {
            throw new ChangedMeanwhile("payment " + payment.id() + " moved under its lock");
        }
        outbox.append(applied.events(), now);
        if (applied.after().status() == PaymentStatus.REFUNDED) {
            tasks.insert(Task.entitlementsRevoked(applied.after(), now));
        }
        return applied;
    }
}
