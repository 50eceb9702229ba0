package dev.tristate.sandbox;

import dev.tristate.simulator.kit.HostBaseUrl;
import java.net.URI;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** The resolved settings and the time source. The default URLs are the host's own ({@link HostBaseUrl}). */
@Component
class SandboxChannelSettings {

    private final SandboxChannelProperties properties;
    private final Environment environment;
    private final Clock clock;

    SandboxChannelSettings(SandboxChannelProperties properties, Environment environment,
                           ObjectProvider<Clock> clocks) {
        this.properties = properties;
        this.environment = environment;
        // A Clock bean of the host (or of a test) decides event_time and statement days; we never define one.
        this.clock = clocks.getIfUnique(Clock::systemUTC);
    }

    URI notifyUrl() {
        String configured = properties.notifyUrl();
        return URI.create(isBlank(configured)
                ? HostBaseUrl.own(environment) + "/callbacks/sandbox" : configured.strip());
    }

    String publicBaseUrl() {
        return HostBaseUrl.configuredOrOwn(properties.publicBaseUrl(), environment);
    }

    long queryHangMs() {
        return properties.queryHangMs();
    }

    long refundSettleMs() {
        return properties.refundSettleMs();
    }

    SandboxChannelProperties.Retry retry() {
        return properties.retry();
    }

    SandboxChannelProperties.Http http() {
        return properties.http();
    }

    Clock clock() {
        return clock;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
