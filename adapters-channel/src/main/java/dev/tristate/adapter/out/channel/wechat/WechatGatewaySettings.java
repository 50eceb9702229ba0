package dev.tristate.adapter.out.channel.wechat;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How the gateway reaches WeChat Pay and what it asks for. The API base and the notify URL are read at each call: on a
 * host whose port is chosen at start-up (the embedded simulator on port 0) they are known only once it is up.
 *
 * @param apiBase        where {@code https://api.mch.weixin.qq.com} is sent: WeChat Pay itself, or a simulator's
 *                       base ({@code http://127.0.0.1:8080/simulators/wechat})
 * @param notifyUrlBase  the base of the notify URL each order names; the merchant's {@code mchid} is appended
 *                       ({@code https://pay.example/callbacks/wechat} gives {@code .../callbacks/wechat/1900000109})
 * @param connectTimeout how long a connection may take (its failure is RETRYABLE: nothing was sent)
 * @param readTimeout    how long an answer may take (its failure is UNKNOWN: WeChat Pay may have acted)
 * @param orderExpiry    how long after the payment's creation its order expires ({@code time_expire})
 * @param h5PayerIp      the payer IP an H5 order reports ({@code scene_info.payer_client_ip}), which the merchant API
 *                       does not carry
 */
public record WechatGatewaySettings(Supplier<String> apiBase, Supplier<String> notifyUrlBase, Duration connectTimeout,
                                    Duration readTimeout, Duration orderExpiry, String h5PayerIp) {

    /** WeChat Pay's own API host, as the SDK names it in every request. */
    public static final String WECHAT_API = "https://api.mch.weixin.qq.com";

    public WechatGatewaySettings {
        Objects.requireNonNull(apiBase, "tristate.channels.wechat.api-base");
        Objects.requireNonNull(notifyUrlBase, "tristate.channels.wechat.notify-url");
        Objects.requireNonNull(connectTimeout, "connect timeout");
        Objects.requireNonNull(readTimeout, "read timeout");
        Objects.requireNonNull(orderExpiry, "order expiry");
        Objects.requireNonNull(h5PayerIp, "H5 payer IP");
        if (orderExpiry.compareTo(Duration.ofMinutes(1)) < 0 || orderExpiry.compareTo(Duration.ofDays(7)) > 0) {
            throw new IllegalArgumentException("tristate.channels.wechat.order-expiry is 1m to 7d");
        }
    }

    /** Settings with a fixed API base and notify URL base. */
    public static WechatGatewaySettings fixed(String apiBase, String notifyUrlBase, Duration connectTimeout,
                                              Duration readTimeout) {
        return new WechatGatewaySettings(() -> apiBase, () -> notifyUrlBase, connectTimeout, readTimeout,
                Duration.ofHours(2), "127.0.0.1");
    }

    String apiBaseNow() {
        return trimmed(apiBase.get(), "tristate.channels.wechat.api-base");
    }

    String notifyUrl(String mchid) {
        return trimmed(notifyUrlBase.get(), "tristate.channels.wechat.notify-url") + "/" + mchid;
    }

    private static String trimmed(String value, String name) {
        String v = Objects.requireNonNull(value, name);
        return v.endsWith("/") ? v.substring(0, v.length() - 1) : v;
    }
}
