package dev.tristate.simulator.stripe;

import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The resolved settings and the time source. The default public base URL is resolved on use, so that it names the port
 * the server really listens on ({@code local.server.port} is known only once it started).
 */
@Component
class StripeSimulatorSettings {

    private static final String OWN_BASE_URL = "http://localhost:${local.server.port:${server.port:8080}}";

    private final StripeSimulatorProperties properties;
    private final Environment environment;
    private final Clock clock;

    StripeSimulatorSettings(StripeSimulatorProperties properties, Environment environment,
                            ObjectProvider<Clock> clocks) {
        this.properties = properties;
        this.environment = environment;
        // A Clock bean of the host (or of a test) decides every created time and statement day; we never define one.
        this.clock = clocks.getIfUnique(Clock::systemUTC);
    }

    String prefix() {
        return properties.pathPrefix();
    }

    /** Where the pay page of a session is, as the payer's browser reaches it. */
    String payPageUrl(String sessionId) {
        String configured = properties.publicBaseUrl();
        String base = configured == null || configured.isBlank()
                ? environment.resolvePlaceholders(OWN_BASE_URL) : configured.strip();
        base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        return base + prefix() + "/pay/" + sessionId;
    }

    long hangMs() {
        return properties.hangMs();
    }

    long refundSettleMs() {
        return properties.refundSettleMs();
    }

    StripeSimulatorProperties.Webhooks webhooks() {
        return properties.webhooks();
    }

    /** A delay of Stripe's webhook schedule as the simulator waits it: divided by the time compression. */
    long compressedMillis(Duration stripeDelay) {
        return (long) Math.ceil(stripeDelay.toMillis() / properties.timeCompression());
    }

    Clock clock() {
        return clock;
    }

    long nowSeconds() {
        return clock.instant().getEpochSecond();
    }
}
