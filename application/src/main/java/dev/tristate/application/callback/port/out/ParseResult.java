package dev.tristate.application.callback.port.out;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.time.Instant;
import java.util.Objects;

/** The result of reading a notification: what it says, or why it cannot be read. */
public sealed interface ParseResult {

    /**
     * A readable notification. {@code status} is null for a genuine event that is not about a payment's status (for
     * example a Stripe event type Tristate does not act on): it is verified, recorded and acknowledged, nothing more.
     */
    record Parsed(String notifyId, String merchantKey, String outTradeNo, String tradeNo, ChannelTradeStatus status,
                  Money amount, Instant eventTime) implements ParseResult {
        public Parsed {
            Objects.requireNonNull(notifyId, "notify id");
            Objects.requireNonNull(merchantKey, "merchant key");
            if (status != null) {
                Objects.requireNonNull(outTradeNo, "out_trade_no");
                Objects.requireNonNull(amount, "amount");
                Objects.requireNonNull(eventTime, "event time");
            }
        }
    }

    /** Not readable: wrong syntax, types, missing or out-of-range fields. {@code reason} is safe to show. */
    record Malformed(String reason) implements ParseResult {
        public Malformed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
