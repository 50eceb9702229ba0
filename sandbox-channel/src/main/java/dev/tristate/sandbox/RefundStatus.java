package dev.tristate.sandbox;

/** Where a refund stands at the channel. PROCESSING ends in SUCCESS; SUCCESS and FAILED are final. */
enum RefundStatus {
    SUCCESS, PROCESSING, FAILED
}
