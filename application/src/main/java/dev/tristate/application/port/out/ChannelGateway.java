package dev.tristate.application.port.out;

import dev.tristate.domain.payment.Payment;

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
}
