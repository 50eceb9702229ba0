package dev.tristate.sandbox;

import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings under {@code tristate.sandbox-channel}. The two URLs default to this application's own port (see
 * {@link SandboxChannelSettings}), which is right for the embedded default where the channel runs in-process.
 *
 * @param enabled        whether the sandbox channel runs at all (default false; the embedded profile sets it)
 * @param notifyUrl      where notifications are posted; blank means {@code http://localhost:<port>/callbacks/sandbox}
 * @param publicBaseUrl  the base of {@code pay_url}; blank means {@code http://localhost:<port>}
 * @param queryHangMs    how long a status query hangs for a trade with the {@code query_timeout} switch, and a refund
 *                       call or refund query with {@code refund_timeout} or {@code refund_query_timeout}
 * @param refundSettleMs after how long a refund made PROCESSING by {@code refund_processing} succeeds by itself (0:
 *                       only when it is queried), unless the trade's {@code refund_settle_ms} says otherwise
 * @param retry          re-sending of unacknowledged notifications
 * @param http           the outgoing HTTP client
 * @param merchants      merchants known without a host's {@link SandboxMerchantDirectory}: merchant id to its
 *                       secrets, newest first ({@code tristate.sandbox-channel.merchants.m-1=newest,older}); for a
 *                       channel run in a process of its own
 */
@ConfigurationProperties("tristate.sandbox-channel")
public record SandboxChannelProperties(
        boolean enabled,
        String notifyUrl,
        String publicBaseUrl,
        @DefaultValue("30000") long queryHangMs,
        @DefaultValue("5000") long refundSettleMs,
        @DefaultValue Retry retry,
        @DefaultValue Http http,
        Map<String, List<String>> merchants) {

    public SandboxChannelProperties {
        merchants = merchants == null ? Map.of() : Map.copyOf(merchants);
        if (queryHangMs < 0) {
            throw new IllegalArgumentException("tristate.sandbox-channel.query-hang-ms must not be negative");
        }
        if (refundSettleMs < 0) {
            throw new IllegalArgumentException("tristate.sandbox-channel.refund-settle-ms must not be negative");
        }
    }

    /**
     * Attempt {@code n} (from 1) that is not acknowledged is followed by attempt {@code n + 1} after
     * {@code initialDelayMs * multiplier^(n - 1)}, up to {@code maxAttempts} attempts in all.
     */
    public record Retry(@DefaultValue("1000") long initialDelayMs,
                        @DefaultValue("2") double multiplier,
                        @DefaultValue("8") int maxAttempts) {
        public Retry {
            if (initialDelayMs < 0 || multiplier < 1 || maxAttempts < 1) {
                throw new IllegalArgumentException("tristate.sandbox-channel.retry needs initial-delay-ms >= 0, "
                        + "multiplier >= 1 and max-attempts >= 1");
            }
        }

        long delayAfterAttempt(int attempt) {
            double delay = initialDelayMs * Math.pow(multiplier, attempt - 1);
            return delay >= Long.MAX_VALUE / 2 ? Long.MAX_VALUE / 2 : (long) delay;
        }
    }

    /** Timeouts of the outgoing notification requests. */
    public record Http(@DefaultValue("2000") long connectTimeoutMs,
                       @DefaultValue("5000") long requestTimeoutMs) {
        public Http {
            if (connectTimeoutMs <= 0 || requestTimeoutMs <= 0) {
                throw new IllegalArgumentException("tristate.sandbox-channel.http timeouts must be positive");
            }
        }
    }
}
