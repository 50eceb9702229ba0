package dev.tristate.simulator.stripe;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Settings under {@code tristate.stripe-simulator}.
 *
 * @param enabled         whether the simulator runs at all (default false)
 * @param pathPrefix      where its API, pay page and controls are mounted (the SDK's API base is the host's base URL
 *                        plus this prefix)
 * @param publicBaseUrl   the base of a Checkout Session's {@code url}; blank means {@code http://localhost:<port>}
 * @param timeCompression Stripe's webhook schedule (and nothing else) runs this many times faster: 1 is real time,
 *                        86400 makes three days of retries last three seconds
 * @param hangMs          how long a hanging call (a {@code HANG} fault, {@code hang_retrieve}) waits before it answers
 * @param refundSettleMs  after how long a refund made {@code pending} by {@code refund_pending} succeeds by itself
 * @param webhooks        the webhook schedule in Stripe's (uncompressed) time, and the HTTP client's timeouts
 * @param accounts        accounts known without a host's {@link StripeAccountDirectory}, for a simulator run in a
 *                        process of its own ({@code accounts.acct_1.secret-keys=sk_test_...})
 */
@ConfigurationProperties("tristate.stripe-simulator")
public record StripeSimulatorProperties(
        boolean enabled,
        @DefaultValue("/simulators/stripe") String pathPrefix,
        String publicBaseUrl,
        @DefaultValue("1") double timeCompression,
        @DefaultValue("30000") long hangMs,
        @DefaultValue("5000") long refundSettleMs,
        @DefaultValue Webhooks webhooks,
        Map<String, Account> accounts) {

    public StripeSimulatorProperties {
        accounts = accounts == null ? Map.of() : Map.copyOf(accounts);
        if (!pathPrefix.startsWith("/") || pathPrefix.endsWith("/")) {
            throw new IllegalArgumentException("tristate.stripe-simulator.path-prefix starts with / and does not end "
                    + "with one");
        }
        if (timeCompression < 1) {
            throw new IllegalArgumentException("tristate.stripe-simulator.time-compression must be at least 1");
        }
        if (hangMs < 0 || refundSettleMs < 0) {
            throw new IllegalArgumentException("tristate.stripe-simulator hang-ms and refund-settle-ms must not be "
                    + "negative");
        }
    }

    /**
     * Stripe re-sends an unacknowledged event with exponential backoff for up to three days: attempt {@code n} (from
     * 1) is followed by attempt {@code n + 1} after {@code initialDelay * multiplier^(n - 1)}, until the next attempt
     * would fall later than {@code giveUpAfter} from the first.
     */
    public record Webhooks(@DefaultValue("1m") Duration initialDelay,
                           @DefaultValue("2") double multiplier,
                           @DefaultValue("3d") Duration giveUpAfter,
                           @DefaultValue("2s") Duration connectTimeout,
                           @DefaultValue("10s") Duration requestTimeout) {
        public Webhooks {
            if (initialDelay.isNegative() || multiplier < 1 || giveUpAfter.isNegative()
                    || connectTimeout.isNegative() || connectTimeout.isZero() || requestTimeout.isNegative()
                    || requestTimeout.isZero()) {
                throw new IllegalArgumentException("tristate.stripe-simulator.webhooks needs non-negative delays, a "
                        + "multiplier of at least 1 and positive timeouts");
            }
        }
    }

    /** An account configured at start-up. */
    public record Account(List<String> secretKeys, URI webhookUrl, List<String> endpointSecrets) {
    }
}
