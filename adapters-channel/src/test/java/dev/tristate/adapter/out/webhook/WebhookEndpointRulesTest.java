package dev.tristate.adapter.out.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The network rule for tenants' endpoints, on a resolver the test controls (names) and on literals (the JDK's). */
class WebhookEndpointRulesTest {

    private static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    private static final Map<String, InetAddress[]> DNS = Map.of(
            "shop.example", new InetAddress[] {ip("203.0.113.10")},
            "rebound.example", new InetAddress[] {ip("203.0.113.11"), ip("10.1.2.3")},
            "metadata.example", new InetAddress[] {ip("169.254.169.254")});

    private final WebhookEndpointRules production = new WebhookEndpointRules(true, false, host -> {
        InetAddress[] answer = DNS.get(host);
        if (answer != null) {
            return answer;
        }
        return InetAddress.getAllByName(host.endsWith(".invalid") ? fail(host) : host);
    });

    private static String fail(String host) throws UnknownHostException {
        throw new UnknownHostException(host);
    }

    @Test
    void anHttpsEndpointOnAPublicAddressPasses() {
        assertThat(production.refusal(URI.create("https://shop.example/hooks"))).isEmpty();
        assertThat(production.refusal(URI.create("https://203.0.113.10:8443/hooks"))).isEmpty();
    }

    @Test
    void httpIsRefusedWhereHttpsIsRequired() {
        assertThat(production.refusal(URI.create("http://shop.example/hooks"))).hasValueSatisfying(r ->
                assertThat(r).contains("https"));
        assertThat(new WebhookEndpointRules(false, false).refusal(URI.create("http://203.0.113.10/hooks")))
                .isEmpty();
    }

    @Test
    void everyNonPublicKindOfAddressIsRefusedWithWhatItIs() {
        Map<String, String> refused = Map.ofEntries(
                Map.entry("https://127.0.0.1/x", "loopback"), Map.entry("https://127.1/x", "needs a host"),
                Map.entry("https://localhost/x", "loopback"), Map.entry("https://[::1]/x", "loopback"),
                Map.entry("https://[::ffff:127.0.0.1]/x", "loopback"), Map.entry("https://0.0.0.0/x", "unspecified"),
                Map.entry("https://10.0.0.5/x", "private"), Map.entry("https://172.16.9.9/x", "private"),
                Map.entry("https://192.168.1.1/x", "private"), Map.entry("https://169.254.169.254/x", "link-local"),
                Map.entry("https://metadata.example/x", "link-local"), Map.entry("https://[fe80::1]/x", "link-local"),
                Map.entry("https://[fd12:3456::1]/x", "unique-local"), Map.entry("https://100.64.0.1/x", "NAT"),
                Map.entry("https://224.0.0.1/x", "multicast"),
                Map.entry("https://rebound.example/x", "10.1.2.3"));
        refused.forEach((endpoint, kind) -> assertThat(production.refusal(URI.create(endpoint))).as(endpoint)
                .hasValueSatisfying(r -> assertThat(r).contains(kind)));
    }

    @Test
    void privateAddressesPassWhereAnInternalNetworkIsAllowed() {
        WebhookEndpointRules internal = new WebhookEndpointRules(false, true);

        assertThat(internal.refusal(URI.create("http://127.0.0.1:8080/hooks"))).isEmpty();
        assertThat(internal.refusal(URI.create("http://10.0.0.5/hooks"))).isEmpty();
        assertThat(new WebhookEndpointRules(true, true).refusal(URI.create("http://10.0.0.5/hooks"))).isPresent();
    }

    @Test
    void aHostThatDoesNotResolveNowIsLeftToTheSendWhichRetries() {
        assertThat(production.refusal(URI.create("https://not-yet.invalid/hooks"))).isEmpty();
    }
}
