package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.HostBaseUrl;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** The resolved settings and the time source. The default public base URL is the host's own ({@link HostBaseUrl}). */
@Component
class StripeSimulatorSettings {

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
        return HostBaseUrl.configuredOrOwn(properties.publicBaseUrl(), environment) + prefix() + "/pay/" + sessionId;
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
