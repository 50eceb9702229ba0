package dev.tristate.domain.payment;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * What an applied transition raises. Each event has a stable id derived from (payment, type[, refund]), so a payment
 * can raise each of its one-off events at most once, and a retried transaction raises the very same id.
 */
public sealed interface PaymentEvent {

    EventId eventId();

    EventType type();

    TenantId tenantId();

    PaymentId paymentId();

    Instant occurredAt();

    record PaymentSucceeded(EventId eventId, TenantId tenantId, PaymentId paymentId, MerchantOrderId merchantOrderId,
                            Money amount, ChannelTxnId channelTxnId, String userId, String sku, Instant occurredAt)
            implements PaymentEvent {
        public PaymentSucceeded {
            Objects.requireNonNull(eventId);
            Objects.requireNonNull(amount);
        }

        /** The id of a payment's PaymentSucceeded: the same whoever derives it, whenever. */
        public static EventId idFor(PaymentId paymentId) {
            return EventId.derive(paymentId.value(), EventType.PaymentSucceeded, null);
        }

        static PaymentSucceeded of(Payment p, Instant at) {
            return new PaymentSucceeded(idFor(p.id()), p.tenantId(),
                    p.id(), p.merchantOrderId(), p.amount(), p.channelTxnId(), p.userId(), p.sku(), at);
        }

        @Override
        public EventType type() {
            return EventType.PaymentSucceeded;
        }
    }

    record PaymentFailed(EventId eventId, TenantId tenantId, PaymentId paymentId, Instant occurredAt)
            implements PaymentEvent {
        static PaymentFailed of(Payment p, Instant at) {
            return new PaymentFailed(EventId.derive(p.id().value(), EventType.PaymentFailed, null), p.tenantId(), p.id(),
                    at);
        }

        @Override
        public EventType type() {
            return EventType.PaymentFailed;
        }
    }

    record PaymentClosed(EventId eventId, TenantId tenantId, PaymentId paymentId, Instant occurredAt)
            implements PaymentEvent {
        static PaymentClosed of(Payment p, Instant at) {
            return new PaymentClosed(EventId.derive(p.id().value(), EventType.PaymentClosed, null), p.tenantId(), p.id(),
                    at);
        }

        @Override
        public EventType type() {
            return EventType.PaymentClosed;
        }
    }

    record RefundSucceeded(EventId eventId, TenantId tenantId, PaymentId paymentId, RefundId refundId, Money refunded,
                           Money refundedTotal, boolean fullyRefunded, String userId, String sku, Instant occurredAt)
            implements PaymentEvent {
        static RefundSucceeded of(Payment after, RefundId refundId, Money refunded, Instant at) {
            return new RefundSucceeded(EventId.derive(after.id().value(), EventType.RefundSucceeded, refundId.value()),
                    after.tenantId(), after.id(), refundId, refunded, after.refunded(),
                    after.status() == PaymentStatus.REFUNDED, after.userId(), after.sku(), at);
        }

        @Override
        public EventType type() {
            return EventType.RefundSucceeded;
        }
    }
}
