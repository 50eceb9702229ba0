package dev.tristate.simulator.kit;

import org.springframework.core.env.Environment;

/**
 * The base URL under which the host serves a simulator, for the URLs it hands out (pay pages, notify URLs). Resolved
 * on use, not at start-up, so that it names the port the server really listens on: {@code local.server.port} is known
 * only once the server started ({@code server.port} before that).
 */
public final class HostBaseUrl {

    private static final String OWN = "http://localhost:${local.server.port:${server.port:8080}}";

    private HostBaseUrl() {
    }

    /** This server's own base, e.g. {@code http://localhost:8080}. */
    public static String own(Environment environment) {
        return environment.resolvePlaceholders(OWN);
    }

    /** The configured base when there is one, else this server's own; never with a trailing slash. */
    public static String configuredOrOwn(String configured, Environment environment) {
        String base = configured == null || configured.isBlank() ? own(environment) : configured.strip();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
