package dev.tristate.domain.event;

/** The business events that leave the system through the outbox. The name is the wire name. */
public enum EventType {
    PaymentSucceeded,
    PaymentFailed,
    PaymentClosed,
    RefundSucceeded
}
