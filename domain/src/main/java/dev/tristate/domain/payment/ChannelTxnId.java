package dev.tristate.domain.payment;

import dev.tristate.domain.Identifiers;

/** The channel's transaction id ({@code trade_no}); it binds to at most one payment. */
public record ChannelTxnId(String value) {
    public ChannelTxnId {
        Identifiers.printable("channel transaction id", value, 64);
    }

    @Override
    public String toString() {
        return value;
    }
}
