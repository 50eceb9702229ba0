package dev.tristate.simulator.alipay;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings under {@code tristate.alipay-simulator}.
 *
 * @param enabled         whether the simulator runs at all (default false)
 * @param pathPrefix      where its endpoints are mounted in the host ({@code /simulators/alipay})
 * @param publicBaseUrl   the base of the URLs it hands out (QR codes, cashier, bill downloads); blank means
 *                        {@code http://localhost:<port>}
 * @param privateKey      the simulator's own signing key ("Alipay's private key"), base64 of PKCS#8; blank means a
 *                        2048-bit key generated at start (its public key is {@link AlipaySimulator#alipayPublicKey()})
 * @param timeCompression how much faster than Alipay the notification schedule runs: 3600 makes an hour a second
 * @param queryHangMs     how long a hanging call (the {@code query_timeout} switch, a fault with {@code hang})
 *                        waits before it answers
 * @param controlToken    the token a person or test sends as {@code Alipay-Simulator-Token} to set switches over HTTP;
 *                        blank means one generated at start ({@link AlipaySimulator#controlToken()})
 * @param http            the outgoing notification requests
 */
@ConfigurationProperties("tristate.alipay-simulator")
public record AlipaySimulatorProperties(
        boolean enabled,
        @DefaultValue("/simulators/alipay") String pathPrefix,
        String publicBaseUrl,
        String privateKey,
        @DefaultValue("1") double timeCompression,
        @DefaultValue("30000") long queryHangMs,
        String controlToken,
        @DefaultValue Http http) {

    public AlipaySimulatorProperties {
        if (!(timeCompression >= 1)) {
            throw new IllegalArgumentException("tristate.alipay-simulator.time-compression must be at least 1");
        }
        if (queryHangMs < 0) {
            throw new IllegalArgumentException("tristate.alipay-simulator.query-hang-ms must not be negative");
        }
        if (pathPrefix == null || !pathPrefix.startsWith("/") || pathPrefix.endsWith("/")) {
            throw new IllegalArgumentException("tristate.alipay-simulator.path-prefix starts with / and does not end "
                    + "with one");
        }
    }

    /** Timeouts of the outgoing notification requests. */
    public record Http(@DefaultValue("2000") long connectTimeoutMs, @DefaultValue("5000") long requestTimeoutMs) {
        public Http {
            if (connectTimeoutMs <= 0 || requestTimeoutMs <= 0) {
                throw new IllegalArgumentException("tristate.alipay-simulator.http timeouts must be positive");
            }
        }
    }
}
