package dev.tristate.adapter.out.channel.alipay;

import java.time.Duration;
import java.util.Objects;

/**
 * Where Alipay's gateway is and how the gateway calls it.
 *
 * @param gatewayUrl     Alipay's {@code gateway.do} (or the simulator's)
 * @param notifyUrl      where Alipay posts trade notifications ({@code .../callbacks/alipay}); null: no trades are
 *                       created from here (status queries, closes, refunds and bills only)
 * @param tradeTimeout   how long after the payment's creation Alipay closes an unpaid trade ({@code time_expire})
 * @param connectTimeout connect timeout of every call
 * @param readTimeout    read timeout of every call and of the bill download
 */
public record AlipayGatewaySettings(String gatewayUrl, String notifyUrl, Duration tradeTimeout,
                                    Duration connectTimeout, Duration readTimeout) {

    public AlipayGatewaySettings {
        Objects.requireNonNull(gatewayUrl, "gateway URL");
        Objects.requireNonNull(tradeTimeout, "trade timeout");
        Objects.requireNonNull(connectTimeout, "connect timeout");
        Objects.requireNonNull(readTimeout, "read timeout");
        notifyUrl = notifyUrl == null || notifyUrl.isBlank() ? null : notifyUrl.strip();
        if (tradeTimeout.isNegative() || tradeTimeout.isZero()) {
            throw new IllegalArgumentException("tristate.channels.alipay.trade-timeout must be positive");
        }
    }
}
