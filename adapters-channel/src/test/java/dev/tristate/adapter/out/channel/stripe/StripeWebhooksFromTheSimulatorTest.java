package dev.tristate.adapter.out.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.tristate.adapter.out.channel.RawNotifications;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.simulator.stripe.StripeAccount;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** What the simulator posts to an account's endpoint is what {@link StripeNotificationFormat} verifies and reads. */
@Timeout(60)
class StripeWebhooksFromTheSimulatorTest extends StripeSimulatorHost {

    private static final String ENDPOINT_SECRET = "whsec_simulated_0123456789abcdef";

    private final List<RawNotification> received = new CopyOnWriteArrayList<>();
    private HttpServer endpoint;

    @AfterEach
    void stopTheEndpoint() {
        if (endpoint != null) {
            endpoint.stop(0);
        }
    }

    @Test
    void aPaymentsEventsVerifyWithTheEndpointSecretAndReadAsItsSuccess() throws Exception {
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/callbacks/stripe/", exchange -> {
            try (exchange) {
                byte[] body = exchange.getRequestBody().readAllBytes();
                received.add(RawNotifications.raw("stripe", account, Map.of("Stripe-Signature",
                        exchange.getRequestHeaders().getFirst("Stripe-Signature")), body));
                exchange.sendResponseHeaders(200, -1);
            }
        });
        endpoint.start();
        String key = "sk_test_webhooks_" + account.substring(5);
        simulator.register(new StripeAccount(account, List.of(key), URI.create("http://127.0.0.1:"
                + endpoint.getAddress().getPort() + "/callbacks/stripe/" + account), List.of(ENDPOINT_SECRET)));
        StripeChannelGateway ownKey = new StripeChannelGateway(settings(apiBase(), Duration.ofSeconds(10)),
                any -> Optional.of(key), java.time.Clock.systemUTC());
        Payment payment = payment(1999, "USD");

        press(ownKey.registerTrade(payment, "checkout", account).payUrl(), "pay");

        await().atMost(Duration.ofSeconds(15)).until(() -> received.size() >= 3);
        StripeNotificationFormat format = new StripeNotificationFormat();
        List<Parsed> parsed = received.stream().map(raw -> {
            assertThat(format.verify(raw, List.of(ENDPOINT_SECRET), Instant.now())).isEqualTo(Verification.VALID);
            assertThat(format.verify(raw, List.of("whsec_another_tenant_0123456789"), Instant.now()))
                    .isEqualTo(Verification.BAD_SIGNATURE);
            return (Parsed) format.parse(raw);
        }).toList();
        assertThat(parsed).filteredOn(p -> p.status() != null).hasSize(2).allSatisfy(p -> {
            assertThat(p.status()).isEqualTo(ChannelTradeStatus.SUCCESS);
            assertThat(p.outTradeNo()).isEqualTo(payment.id().value());
            assertThat(p.tradeNo()).startsWith("pi_");
            assertThat(p.amount()).isEqualTo(Money.of(1999, "USD"));
        });
        assertThat(parsed).filteredOn(p -> p.status() == null).singleElement()
                .satisfies(p -> assertThat(p.outTradeNo()).isNull());
    }
}
