package dev.tristate.adapter.out.channel.alipay;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Where Alipay's gateway is and how the gateway calls it. The URLs are read at each call: on a host whose port is
 * chosen at start-up (the embedded simulator on port 0), they are known only once its web server is up.
 *
 * @param gatewayUrl     Alipay's {@code gateway.do} (or the simulator's)
 * @param notifyUrl      where Alipay posts trade notifications ({@code .../callbacks/alipay}); null or blank: no
 *                       trades are created from here (status queries, closes, refunds and bills only)
 * @param tradeTimeout   how long after the payment's creation Alipay closes an unpaid trade ({@code time_expire})
 * @param connectTimeout connect timeout of every call
 * @param readTimeout    read timeout of every call and of the bill download
 */
public record AlipayGatewaySettings(Supplier<String> gatewayUrl, Supplier<String> notifyUrl, Duration tradeTimeout,
                                    Duration connectTimeout, Duration readTimeout) {

    public AlipayGatewaySettings {
        Objects.requireNonNull(gatewayUrl, "gateway URL");
        Objects.requireNonNull(notifyUrl, "notify URL");
        Objects.requireNonNull(tradeTimeout, "trade timeout");
        Objects.requireNonNull(connectTimeout, "connect timeout");
        Objects.requireNonNull(readTimeout, "read timeout");
        if (tradeTimeout.isNegative() || tradeTimeout.isZero()) {
            throw new IllegalArgumentException("tristate.channels.alipay.trade-timeout must be positive");
        }
    }

    /** Settings with fixed URLs. */
    public AlipayGatewaySettings(String gatewayUrl, String notifyUrl, Duration tradeTimeout, Duration connectTimeout,
                                 Duration readTimeout) {
        this(constant(Objects.requireNonNull(gatewayUrl, "gateway URL")), constant(notifyUrl), tradeTimeout,
                connectTimeout, readTimeout);
    }

    /** Alipay's gateway URL now. */
    String gatewayUrlNow() {
        return Objects.requireNonNull(gatewayUrl.get(), "gateway URL");
    }

    /** Where Alipay posts notifications now, or null when no trades are created from here. */
    String notifyUrlNow() {
        String url = notifyUrl.get();
        return url == null || url.isBlank() ? null : url.strip();
    }

    private static Supplier<String> constant(String value) {
        return () -> value;
    }
}
