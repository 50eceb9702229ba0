package dev.tristate.application.callback.port.out;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.Instant;
import java.util.Objects;

/** The result of reading a notification: what it says, or why it cannot be read. */
public sealed interface ParseResult {

    /**
     * A readable notification. {@code status} is null for a genuine event that is not about a payment's status (for
     * example a Stripe event type Tristate does not act on): it is verified, recorded and acknowledged, nothing more.
     * {@code refund} is set instead of a status when the notification is the channel's word about one refund (WeChat
     * Pay's {@code REFUND.*}): it takes effect through the refund feature, as the refund's query answer would.
     */
    record Parsed(String notifyId, String merchantKey, String outTradeNo, String tradeNo, ChannelTradeStatus status,
                  Money amount, Instant eventTime, RefundNotice refund) implements ParseResult {
        public Parsed {
            Objects.requireNonNull(notifyId, "notify id");
            Objects.requireNonNull(merchantKey, "merchant key");
            if (status != null || refund != null) {
                Objects.requireNonNull(outTradeNo, "out_trade_no");
            }
            if (status != null) {
                Objects.requireNonNull(amount, "amount");
                Objects.requireNonNull(eventTime, "event time");
            }
            if (status != null && refund != null) {
                throw new IllegalArgumentException("a notification is about a payment's status or a refund, not both");
            }
        }

        /** A notification about a payment's status, or a genuine event without one ({@code status} null). */
        public Parsed(String notifyId, String merchantKey, String outTradeNo, String tradeNo, ChannelTradeStatus status,
                      Money amount, Instant eventTime) {
            this(notifyId, merchantKey, outTradeNo, tradeNo, status, amount, eventTime, null);
        }
    }

    /**
     * A refund notification: the refund ({@code outRefundNo}, the system's refund id, of the payment
     * {@code outTradeNo}) and the channel's answer about it, as its refund query would give it.
     */
    record RefundNotice(String outRefundNo, RefundAnswer answer) {
        public RefundNotice {
            Objects.requireNonNull(outRefundNo, "out_refund_no");
            Objects.requireNonNull(answer, "answer");
        }
    }

    /** Not readable: wrong syntax, types, missing or out-of-range fields. {@code reason} is safe to show. */
    record Malformed(String reason) implements ParseResult {
        public Malformed {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
