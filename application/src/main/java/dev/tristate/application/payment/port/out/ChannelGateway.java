package dev.tristate.application.payment.port.out;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.LocalDate;
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
     * Fetches the channel's statement of one day (UTC) for the merchant account, as the channel's CSV bytes (columns
     * {@code trade_no,out_trade_no,type,status,amount_minor,currency,event_time}). A channel without a statement
     * download refuses definitely; a timeout is UNKNOWN (fetch again later).
     */
    default byte[] fetchStatement(LocalDate day, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no statement download", null);
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
