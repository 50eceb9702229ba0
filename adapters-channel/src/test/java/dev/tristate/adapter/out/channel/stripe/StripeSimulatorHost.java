package dev.tristate.adapter.out.channel.stripe;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.simulator.stripe.StripeAccount;
import dev.tristate.simulator.stripe.StripeSimulator;
import dev.tristate.simulator.stripe.StripeSimulatorConfiguration;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * The Stripe simulator running in this process on a random port, and gateways whose stripe-java talks to it over
 * HTTP on 127.0.0.1. Each test has a Stripe account of its own.
 */
@SpringBootTest(classes = StripeSimulatorHost.Host.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.stripe-simulator.enabled=true",
                "tristate.stripe-simulator.hang-ms=" + StripeSimulatorHost.HANG_MS,
                "tristate.stripe-simulator.refund-settle-ms=60000",
                "tristate.stripe-simulator.time-compression=60000"
        })
abstract class StripeSimulatorHost {

    static final long HANG_MS = 2000;

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(StripeSimulatorConfiguration.class)
    static class Host {
    }

    @LocalServerPort
    int port;

    @Autowired
    StripeSimulator simulator;

    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    String account;
    StripeChannelGateway gateway;
    /** Gives up long before a hanging simulator answers. */
    StripeChannelGateway impatient;

    @BeforeEach
    void anAccountAndItsGateways() {
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        account = "acct_" + suffix;
        String key = "sk_test_" + suffix;
        simulator.register(new StripeAccount(account, List.of(key), null, null));
        StripeSecretKeys keys = stripeAccount -> stripeAccount.equals(account) ? Optional.of(key) : Optional.empty();
        gateway = new StripeChannelGateway(settings(apiBase(), Duration.ofSeconds(10)), keys, Clock.systemUTC());
        impatient = new StripeChannelGateway(settings(apiBase(), Duration.ofMillis(HANG_MS / 4)), keys,
                Clock.systemUTC());
    }

    String apiBase() {
        return "http://127.0.0.1:" + port + "/simulators/stripe";
    }

    static StripeGatewaySettings settings(String apiBase, Duration readTimeout) {
        return new StripeGatewaySettings(apiBase, Duration.ofSeconds(2), readTimeout,
                "https://shop.example/paid/{PAYMENT_ID}", "https://shop.example/cancelled", Duration.ofHours(1),
                1000);
    }

    static Payment payment(long amount, String currency) {
        return PaymentTestData.aPendingPayment()
                .withId("pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26))
                .withAmount(amount, currency).withChannel("stripe").withStatus(PaymentStatus.PENDING)
                .withCreatedAt(Instant.now()).withDescription("Java 101").build();
    }

    /** The payer presses a button on the pay page. */
    int press(String payUrl, String action) {
        return submit(payUrl, action).statusCode();
    }

    /** Where the pay page sends the payer after a button (its redirect's Location), or null. */
    String sentTo(String payUrl, String action) {
        return submit(payUrl, action).headers().firstValue("Location").orElse(null);
    }

    private HttpResponse<Void> submit(String payUrl, String action) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(payUrl))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("action=" + action)).build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A payment registered at Stripe and paid on its pay page. */
    Payment paid(long amount) {
        Payment payment = payment(amount, "USD");
        press(gateway.registerTrade(payment, "checkout", account).payUrl(), "pay");
        return payment;
    }

    static ChannelGateway.RefundRequest refund(Payment payment, String outRefundNo, long amount) {
        return new ChannelGateway.RefundRequest(payment.id().value(), outRefundNo,
                dev.tristate.domain.money.Money.of(amount, payment.amount().currencyCode()), "customer asked");
    }
}
