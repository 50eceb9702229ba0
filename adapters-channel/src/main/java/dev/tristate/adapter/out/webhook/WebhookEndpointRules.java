package dev.tristate.adapter.out.webhook;

import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * The network rule for tenants' endpoints: with {@code requireHttps}, only https; without
 * {@code allowPrivateNetworks}, no host that resolves (every address it resolves to is checked) to a loopback,
 * unspecified, link-local (cloud metadata services live there), private, carrier-grade NAT, unique-local or
 * multicast address, so that a tenant's endpoint cannot point the task runner at our own network. The JDK's
 * {@link InetAddress} resolves and classifies; only the ranges it has no method for are checked by hand.
 */
public final class WebhookEndpointRules implements WebhookEndpointPolicy {

    /** Resolves a host name (or literal) to its addresses, as the HTTP client will. */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final boolean requireHttps;
    private final boolean allowPrivateNetworks;
    private final Resolver resolver;

    public WebhookEndpointRules(boolean requireHttps, boolean allowPrivateNetworks) {
        this(requireHttps, allowPrivateNetworks, InetAddress::getAllByName);
    }

    public WebhookEndpointRules(boolean requireHttps, boolean allowPrivateNetworks, Resolver resolver) {
        this.requireHttps = requireHttps;
        this.allowPrivateNetworks = allowPrivateNetworks;
        this.resolver = resolver;
    }

    @Override
    public Optional<String> refusal(URI endpoint) {
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (requireHttps && !scheme.equals("https")) {
            return Optional.of("a webhook endpoint must use https here, not " + scheme + " (" + endpoint + ")");
        }
        if (allowPrivateNetworks) {
            return Optional.empty();
        }
        String host = endpoint.getHost();
        if (host == null || host.isEmpty()) {
            return Optional.of("a webhook endpoint needs a host (" + endpoint + ")");
        }
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
        for (InetAddress address : addresses) {
            Optional<String> kind = nonPublic(address);
            if (kind.isPresent()) {
                return Optional.of(host + " resolves to " + address.getHostAddress() + ", a " + kind.get()
                        + " address: notices go only to public addresses here");
            }
        }
        return Optional.empty();
    }

    /** What kind of non-public address this is, or empty for a public one. */
    static Optional<String> nonPublic(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return Optional.of("unspecified");
        }
        if (address.isLoopbackAddress()) {
            return Optional.of("loopback");
        }
        if (address.isLinkLocalAddress()) {
            return Optional.of("link-local");
        }
        if (address.isSiteLocalAddress()) {
            return Optional.of("private");
        }
        if (address.isMulticastAddress()) {
            return Optional.of("multicast");
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            if (first == 0) {
                return Optional.of("unspecified");
            }
            if (first == 100 && (second & 0xc0) == 64) {
                return Optional.of("carrier-grade NAT (100.64.0.0/10)");
            }
            if (first == 255 && (b[1] & b[2] & b[3] & 0xff) == 0xff) {
                return Optional.of("broadcast");
            }
            return Optional.empty();
        }
        // IPv4-mapped addresses (::ffff:a.b.c.d) reach here as Inet4Address: the JDK converts them.
        if ((b[0] & 0xfe) == 0xfc) {
            return Optional.of("unique-local (fc00::/7)");
        }
        return Optional.empty();
    }
}
