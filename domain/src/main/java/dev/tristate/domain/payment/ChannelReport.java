package dev.tristate.domain.payment;

import dev.tristate.domain.money.Money;
import java.time.Instant;
import java.util.Objects;

/**
 * What a channel said about a trade, from a verified notification or a status query: the status, the amount it
 * handled and its transaction id (absent while nothing was paid).
 */
public record ChannelReport(ChannelTradeStatus status, Money amount, ChannelTxnId channelTxnId, Instant eventTime) {
    public ChannelReport {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(eventTime, "event time");
        if (status == ChannelTradeStatus.SUCCESS && channelTxnId == null) {
            throw new IllegalArgumentException("a success report must carry the channel transaction id");
        }
    }
}
