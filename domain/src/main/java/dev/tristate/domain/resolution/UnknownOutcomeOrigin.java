package dev.tristate.domain.resolution;

/** Where the system lost track of an outcome: each place that can end in "we do not know" has its own name. */
public enum UnknownOutcomeOrigin {
    /** A verified callback's transaction failed during COMMIT: its state change may or may not be stored. */
    CALLBACK_COMMIT(true),
    /** The merchant API's create-payment transaction failed during COMMIT: the payment may or may not exist. */
    PAYMENT_CREATE_COMMIT(true),
    /**
     * The trade-creation call to the channel got no answer (a timeout): the channel may or may not hold the trade.
     * The payment is stored PENDING and the channel is queried before anything else happens under it.
     */
    TRADE_CREATE_CHANNEL_CALL(false),
    /** The merchant API's create-refund transaction failed during COMMIT: the refund may or may not be stored. */
    REFUND_CREATE_COMMIT(true),
    /** The refund call to the channel got no answer (a timeout): the channel may or may not have refunded. */
    REFUND_CHANNEL_CALL(true),
    /** The transaction that records the channel's answer to a refund failed during COMMIT. */
    REFUND_RESULT_COMMIT(true);

    private final boolean paymentInDoubt;

    UnknownOutcomeOrigin(boolean paymentInDoubt) {
        this.paymentInDoubt = paymentInDoubt;
    }

    /**
     * Whether our own record of the payment is in doubt, so that it shows UNKNOWN until resolved. Not so for a lost
     * answer to a trade's creation: the payment is stored PENDING, and only the channel's side is to be learnt.
     */
    public boolean paymentInDoubt() {
        return paymentInDoubt;
    }
}
