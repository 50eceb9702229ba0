package dev.tristate.domain.resolution;

/** Where the system lost track of an outcome: each place that can end in "we do not know" has its own name. */
public enum UnknownOutcomeOrigin {
    /** A verified callback's transaction failed during COMMIT: its state change may or may not be stored. */
    CALLBACK_COMMIT,
    /** The merchant API's create-payment transaction failed during COMMIT: the payment may or may not exist. */
    PAYMENT_CREATE_COMMIT,
    /** The merchant API's create-refund transaction failed during COMMIT: the refund may or may not be stored. */
    REFUND_CREATE_COMMIT,
    /** The refund call to the channel got no answer (a timeout): the channel may or may not have refunded. */
    REFUND_CHANNEL_CALL,
    /** The transaction that records the channel's answer to a refund failed during COMMIT. */
    REFUND_RESULT_COMMIT
}
