package dev.tristate.application.port.out;

import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.Payment;
import java.util.Objects;

/**
 * Calls from the system to one payment channel. A failure is a {@link ChannelFailure} whose outcome class says
 * whether the channel may have acted (UNKNOWN: a timeout is never read as "no").
 */
public interface ChannelGateway {

    /** The channel's name, as in the payments' {@code channel} column. */
    String channel();

    /**
     * Tells the channel about a new trade, so that the payer can pay it; returns where the payer goes to pay.
     * Registering the same trade again with the same data is harmless.
     */
    TradeRegistration registerTrade(Payment payment, String merchantAccount);

    record TradeRegistration(String payUrl) {
        public TradeRegistration {
            if (payUrl == null || payUrl.isBlank()) {
                throw new IllegalArgumentException("a registered trade has a pay URL");
            }
        }
    }

    /**
     * Asks the channel where a trade stands (the status query). {@link TradeQueryAnswer.NotFound} means the channel
     * says it never saw the trade act: nobody paid it. A timeout or an unreadable answer is a {@link ChannelFailure}
     * of class UNKNOWN, never a "not found". A channel without a status query refuses definitely.
     */
    default TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
        throw new ChannelFailure(OutcomeClass.DEFINITE, "channel " + channel() + " has no status query", null);
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
