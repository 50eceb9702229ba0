package dev.tristate.domain.reconciliation;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.time.Instant;
import java.util.Objects;

/**
 * One line of a channel statement, as the channel wrote it. {@code status} is the channel's word; for a payment line
 * it is one of {@link ChannelTradeStatus}, read by {@link #tradeStatus()}.
 */
public record StatementLine(int lineNumber, String tradeNo, String outTradeNo, StatementEntryType type, String status,
                            Money amount, Instant eventTime) {
    public StatementLine {
        Objects.requireNonNull(tradeNo, "trade_no");
        Objects.requireNonNull(outTradeNo, "out_trade_no");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(eventTime, "event time");
        if (type == StatementEntryType.PAYMENT) {
            ChannelTradeStatus.valueOf(status);
        }
    }

    /** The payment line's status; refund lines have their own vocabulary. */
    public ChannelTradeStatus tradeStatus() {
        if (type != StatementEntryType.PAYMENT) {
            throw new IllegalStateException("a refund line has no trade status");
        }
        return ChannelTradeStatus.valueOf(status);
    }
}
