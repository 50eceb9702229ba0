package dev.tristate.domain.payment;

/** What a channel can say about a trade, in a notification or in the answer to a status query. */
public enum ChannelTradeStatus {
    PROCESSING(PaymentStatus.PROCESSING),
    SUCCESS(PaymentStatus.SUCCEEDED),
    FAILED(PaymentStatus.FAILED),
    CLOSED(PaymentStatus.CLOSED);

    private final PaymentStatus target;

    ChannelTradeStatus(PaymentStatus target) {
        this.target = target;
    }

    /** The payment state this report asks for. */
    public PaymentStatus target() {
        return target;
    }
}
