package dev.tristate.adapter.out.channel.sandbox;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tristate.channels.sandbox.*}: where the sandbox channel runs and how long to wait for it. Defaults are in
 * {@code tristate-channels.properties}.
 */
@ConfigurationProperties("tristate.channels.sandbox")
public record SandboxGatewayProperties(URI baseUrl, Duration connectTimeout, Duration readTimeout) {
    public SandboxGatewayProperties {
        Objects.requireNonNull(baseUrl, "tristate.channels.sandbox.base-url");
        Objects.requireNonNull(connectTimeout, "tristate.channels.sandbox.connect-timeout");
        Objects.requireNonNull(readTimeout, "tristate.channels.sandbox.read-timeout");
    }
}
