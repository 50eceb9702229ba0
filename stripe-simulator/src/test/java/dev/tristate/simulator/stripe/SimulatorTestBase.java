package dev.tristate.simulator.stripe;

import static org.awaitility.Awaitility.await;

import com.stripe.StripeClient;
import com.stripe.exception.StripeException;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.param.checkout.SessionCreateParams;
import dev.tristate.stripesimtest.StripeSimTestApplication;
import dev.tristate.stripesimtest.WebhookReceiver;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The simulator in a minimal host on a random port, driven by the real stripe-java over HTTP on 127.0.0.1. Each test
 * has an account of its own (its key, its webhook path, its endpoint secret), so tests never see each other's
 * objects. Webhook time is compressed 60,000 times: Stripe's first retry after a minute comes after a millisecond.
 */
@SpringBootTest(classes = StripeSimTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.stripe-simulator.enabled=true",
                "tristate.stripe-simulator.time-compression=60000",
                "tristate.stripe-simulator.hang-ms=" + SimulatorTestBase.HANG_MS,
                "tristate.stripe-simulator.refund-settle-ms=200",
                "tristate.stripe-simulator.webhooks.request-timeout=2s"
        })
abstract class SimulatorTestBase {

    static final long HANG_MS = 1500;
    static final Duration WAIT = Duration.ofSeconds(15);

    final WebhookReceiver receiver = WebhookReceiver.shared();
    final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @LocalServerPort
    int port;

    @Autowired
    StripeSimulator simulator;

    String account;
    String secretKey;
    String endpointSecret;
    StripeClient stripe;

    @BeforeEach
    void anAccountOfItsOwn() {
        String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        account = "acct_" + suffix;
        secretKey = "sk_test_" + suffix;
        endpointSecret = "whsec_" + suffix + suffix;
        simulator.register(new StripeAccount(account, List.of(secretKey), receiver.url(account),
                List.of(endpointSecret)));
        stripe = client(secretKey, 10_000);
    }

    String apiBase() {
        return "http://127.0.0.1:" + port + "/simulators/stripe";
    }

    StripeClient client(String key, int readTimeoutMs) {
        return StripeClient.builder().setApiKey(key).setApiBase(apiBase()).setMaxNetworkRetries(0)
                .setConnectTimeout(2000).setReadTimeout(readTimeoutMs).build();
    }

    static SessionCreateParams sessionParams(String outTradeNo, long amount, String currency) {
        return SessionCreateParams.builder()
                .setMode(SessionCreateParams.Mode.PAYMENT)
                .addLineItem(SessionCreateParams.LineItem.builder()
                        .setQuantity(1L)
                        .setPriceData(SessionCreateParams.LineItem.PriceData.builder()
                                .setCurrency(currency)
                                .setUnitAmount(amount)
                                .setProductData(SessionCreateParams.LineItem.PriceData.ProductData.builder()
                                        .setName("Java 101").build())
                                .build())
                        .build())
                .putMetadata("out_trade_no", outTradeNo)
                .setPaymentIntentData(SessionCreateParams.PaymentIntentData.builder()
                        .putMetadata("out_trade_no", outTradeNo).build())
                .setSuccessUrl("https://shop.example/paid")
                .setCancelUrl("https://shop.example/cancelled")
                .build();
    }

    Session session(String outTradeNo, long amount) throws StripeException {
        return stripe.checkout().sessions().create(sessionParams(outTradeNo, amount, "usd"),
                RequestOptions.builder().setIdempotencyKey(outTradeNo).build());
    }

    /** Presses a button of the pay page as a browser would. */
    HttpResponse<String> press(Session session, String action) {
        return send(HttpRequest.newBuilder(URI.create(session.getUrl()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=" + action)));
    }

    /** A paid session of a fresh trade. */
    Session paid(String outTradeNo, long amount) throws StripeException {
        Session session = session(outTradeNo, amount);
        press(session, "pay");
        return stripe.checkout().sessions().retrieve(session.getId());
    }

    List<WebhookReceiver.Received> awaitWebhooks(int count) {
        return await().atMost(WAIT).until(() -> receiver.at(account), list -> list.size() >= count);
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String newOutTradeNo() {
        return "pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }
}
