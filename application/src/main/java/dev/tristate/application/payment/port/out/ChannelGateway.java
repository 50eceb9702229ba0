package dev.tristate.application.payment.port.out;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;

/**
 * Calls from the system to one payment channel. A failure is a {@link ChannelFailure} whose outcome class says
 * whether the channel may have acted (UNKNOWN: a timeout is never read as "no").
 */
public interface ChannelGateway {

    /** The channel's name, as in the payments' {@code channel} column. */
    String channel();

    /**
     * The pay methods {@link #registerTrade} serves at this channel, the channel's default first (for example
     * {@code page} and {@code qr}). Empty: trades are not created from here, and no payment may name the channel.
     */
    default List<String> payMethods() {
        return List.of();
    }

    /**
     * Tells the channel about a new trade, so that the payer can pay it with {@code payMethod} (one of
     * {@link #payMethods()}); returns how the payer pays, as the channel answered. Registering the same trade again
     * with the same data is harmless. A channel that creates no trades from here refuses definitely.
     */
    default PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " creates no trades from here", null);
    }

    /**
     * Asks the channel where a trade stands (the status query). {@link TradeQueryAnswer.NotFound} means the channel
     * says it never saw the trade act: nobody paid it. A timeout or an unreadable answer is a {@link ChannelFailure}
     * of class UNKNOWN, never a "not found". A channel without a status query refuses definitely.
     */
    default TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no status query", null);
    }

    /**
     * Downloads the channel's bill of one day for the merchant account and reads it, all or nothing: a bill that does
     * not parse, is of another day or account, or is larger than {@code maxBytes} is an {@link UnreadableStatement}.
     * The day is a day in {@link #statementZone()}. A channel without a bill download refuses definitely; a timeout
     * is UNKNOWN (fetch again later).
     */
    default ChannelStatement fetchStatement(LocalDate day, String merchantAccount, long maxBytes) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no statement download", null);
    }

    /**
     * Reads a bill file in this channel's own format (one a person downloaded and uploads), with the same rules as
     * {@link #fetchStatement}.
     */
    default List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        throw UnreadableStatement.of(0, null, "channel " + channel() + " has no bill format to read");
    }

    /** The zone in which the channel cuts its bills into days (Alipay and WeChat Pay: China time). */
    default ZoneId statementZone() {
        return ZoneOffset.UTC;
    }

    /**
     * Closes a trade nobody paid, so that it can no longer be paid (at expiry). Closing again is harmless. A timeout
     * is UNKNOWN: the trade may be closed or may still be paid, so the caller asks the status query before anything
     * else. A channel without a close refuses definitely.
     */
    default CloseAnswer closeTrade(String outTradeNo, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no trade close", null);
    }

    /**
     * Asks the channel to refund {@code request.amount()} of a paid trade. The channel dedupes by
     * {@code outRefundNo}: asking again with the same refund is harmless and answers the same refund. A timeout or an
     * unreadable answer is a {@link ChannelFailure} of class UNKNOWN (the channel may have refunded), never a
     * {@link RefundAnswer.Refused}. A channel without refunds refuses definitely.
     */
    default RefundAnswer refund(RefundRequest request, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no refunds", null);
    }

    /**
     * Asks the channel where one refund stands. {@link RefundAnswer.NotFound} means the channel never saw the refund
     * (it did not act on it); a timeout is a {@link ChannelFailure} of class UNKNOWN.
     */
    default RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no refund query", null);
    }

    /** One refund as the system asks for it: {@code outRefundNo} is the system's refund id. */
    record RefundRequest(String outTradeNo, String outRefundNo, Money amount, String reason) {
        public RefundRequest {
            Objects.requireNonNull(outTradeNo, "out_trade_no");
            Objects.requireNonNull(outRefundNo, "out_refund_no");
            Objects.requireNonNull(amount, "amount");
            if (amount.isZero()) {
                throw new IllegalArgumentException("a refund amount must be positive");
            }
        }
    }
    /** The channel's answer to a close. */
    sealed interface CloseAnswer {
        String rawAnswer();

        /** The trade is closed: now, or it already was. Nobody can pay it any more. */
        record Closed(String rawAnswer) implements CloseAnswer {
            public Closed {
                Objects.requireNonNull(rawAnswer, "raw answer");
            }
        }

        /** The channel never saw the trade: nothing to close, and nobody paid it. */
        record NotFound(String rawAnswer) implements CloseAnswer {
            public NotFound {
                Objects.requireNonNull(rawAnswer, "raw answer");
            }
        }

        /** The trade is past closing (paid, or final in another way): the status query says what it is. */
        record NotClosable(String reason, String rawAnswer) implements CloseAnswer {
            public NotClosable {
                Objects.requireNonNull(reason, "reason");
                Objects.requireNonNull(rawAnswer, "raw answer");
            }
        }
    }

    /** The channel's answer to a status query, with its raw text for the record. */
    sealed interface TradeQueryAnswer {
        String rawAnswer();

        record Found(ChannelReport report, String rawAnswer) implements TradeQueryAnswer {
            public Found {
                Objects.requireNonNull(report, "report");
                Objects.requireNonNull(rawAnswer, "raw answer");
            }
        }

        record NotFound(String rawAnswer) implements TradeQueryAnswer {
            public NotFound {
                Objects.requireNonNull(rawAnswer, "raw answer");
            }
        }
    }
}
