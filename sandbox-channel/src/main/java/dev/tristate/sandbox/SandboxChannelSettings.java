package dev.tristate.sandbox;

import java.net.URI;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The resolved settings and the time source. The default URLs are resolved on use, not at start-up, so that they
 * name the port the server really listens on ({@code local.server.port}, which is only known once it started;
 * {@code server.port} before that).
 */
@Component
class SandboxChannelSettings {

    private static final String OWN_BASE_URL = "http://localhost:${local.server.port:${server.port:8080}}";

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
                ? environment.resolvePlaceholders(OWN_BASE_URL + "/callbacks/sandbox")
                : configured.strip());
    }

    String publicBaseUrl() {
        String configured = properties.publicBaseUrl();
        String base = isBlank(configured) ? environment.resolvePlaceholders(OWN_BASE_URL) : configured.strip();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
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
