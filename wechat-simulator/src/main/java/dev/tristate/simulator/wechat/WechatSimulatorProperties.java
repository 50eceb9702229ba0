package dev.tristate.simulator.wechat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings under {@code tristate.wechat-simulator}.
 *
 * @param enabled            whether the simulator runs at all (default false)
 * @param pathPrefix         where it is mounted in the host; the SDK's {@code https://api.mch.weixin.qq.com} is
 *                           rewritten to the host's base URL plus this prefix
 * @param publicBaseUrl      the base of the URLs it hands out (H5 pages); blank means {@code http://localhost:<port>}
 * @param platformPrivateKey the platform's signing key, base64 of PKCS#8; blank means a 2048-bit key generated at
 *                           start (its public half and id are {@link WechatSimulator#platformPublicKey()} and
 *                           {@link WechatSimulator#platformPublicKeyId()})
 * @param platformPublicKeyId the id WeChat Pay gives that key ({@code PUB_KEY_ID_} and digits), sent as
 *                           {@code Wechatpay-Serial}
 * @param timeCompression    WeChat Pay's notification schedule (and nothing else) runs this many times faster: 1 is
 *                           real time, 86400 makes its 24 hours of re-sends last a second
 * @param hangMs             how long a hanging call (a {@code HANG} fault, {@code hang_query}) waits before answering
 * @param refundSettleMs     after how long a refund made {@code PROCESSING} settles by itself
 * @param sameDayBills       whether today's bill (so far) can be downloaded, which WeChat Pay never allows: for demos
 *                           and tests that reconcile what they have just paid (default false:
 *                           {@code STATEMENT_CREATING})
 * @param notifications      the re-send schedule in WeChat Pay's (uncompressed) time and the HTTP client's timeouts
 * @param merchants          merchants known without a host's {@link WechatMerchantDirectory}, for a simulator run in
 *                           a process of its own
 */
@ConfigurationProperties("tristate.wechat-simulator")
public record WechatSimulatorProperties(
        boolean enabled,
        @DefaultValue("/simulators/wechat") String pathPrefix,
        String publicBaseUrl,
        String platformPrivateKey,
        @DefaultValue("PUB_KEY_ID_0100000000000000000000000000000001") String platformPublicKeyId,
        @DefaultValue("1") double timeCompression,
        @DefaultValue("30000") long hangMs,
        @DefaultValue("5000") long refundSettleMs,
        boolean sameDayBills,
        @DefaultValue Notifications notifications,
        Map<String, Merchant> merchants) {

    /** WeChat Pay's re-sends after a notification that was not acknowledged: about 24 h 4 min in all. */
    public static final List<Duration> WECHAT_SCHEDULE = List.of(Duration.ofSeconds(15), Duration.ofSeconds(15),
            Duration.ofSeconds(30), Duration.ofMinutes(3), Duration.ofMinutes(10), Duration.ofMinutes(20),
            Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(30), Duration.ofMinutes(60),
            Duration.ofHours(3), Duration.ofHours(3), Duration.ofHours(3), Duration.ofHours(6), Duration.ofHours(6));

    public WechatSimulatorProperties {
        merchants = merchants == null ? Map.of() : Map.copyOf(merchants);
        if (pathPrefix == null || !pathPrefix.startsWith("/") || pathPrefix.endsWith("/")) {
            throw new IllegalArgumentException("tristate.wechat-simulator.path-prefix starts with / and does not end "
                    + "with one");
        }
        if (!(timeCompression >= 1)) {
            throw new IllegalArgumentException("tristate.wechat-simulator.time-compression must be at least 1");
        }
        if (hangMs < 0 || refundSettleMs < 0) {
            throw new IllegalArgumentException("tristate.wechat-simulator hang-ms and refund-settle-ms must not be "
                    + "negative");
        }
    }

    /**
     * The re-sends (delays after each unacknowledged attempt, WeChat Pay's by default) and the outgoing requests'
     * timeouts. WeChat Pay waits 5 seconds for an answer.
     */
    public record Notifications(List<Duration> resendAfter, @DefaultValue("2s") Duration connectTimeout,
                                @DefaultValue("5s") Duration requestTimeout) {
        public Notifications {
            resendAfter = resendAfter == null ? WECHAT_SCHEDULE : List.copyOf(resendAfter);
            if (resendAfter.stream().anyMatch(Duration::isNegative) || connectTimeout.isNegative()
                    || connectTimeout.isZero() || requestTimeout.isNegative() || requestTimeout.isZero()) {
                throw new IllegalArgumentException("tristate.wechat-simulator.notifications needs non-negative delays "
                        + "and positive timeouts");
            }
        }
    }

    /** A merchant configured at start-up; its keys are base64 (X.509 public keys by their serial). */
    public record Merchant(List<String> appIds, Map<String, String> publicKeysBySerial, String apiV3Key) {
    }
}
