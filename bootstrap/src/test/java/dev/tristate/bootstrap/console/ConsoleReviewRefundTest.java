package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * "Refund at the channel" decided in the console against the real sandbox channel in this process: a payment paid at
 * the sandbox is refunded through the refund flow (the sandbox holds the refund, the payment is REFUNDED, the refund's
 * id is on the case page and the payment's timeline); the same form again refunds nothing more.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class ConsoleReviewRefundTest extends ConsoleTestBase {

    private static final Pattern PAYMENT_ID = Pattern.compile("\"payment_id\"\\s*:\\s*\"([^\"]+)\"");

    @Autowired
    RefundStore refunds;

    private HttpResponse<String> merchant(String apiKey, String path, String key, String body) throws Exception {
        return CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create(base() + path))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + apiKey)
                .header("Idempotency-Key", key).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aPaidPaymentIsRefundedAtTheChannelOnceAndTheRefundIsShown() throws Exception {
        TenantId tenant = new TenantId(unique("t-rr"));
        String merchantId = unique("m-rr");
        String secret = unique("rr-secret-");
        String apiKey = tenants.provision(new ProvisionTenantCommand(tenant, "Refund shop", new MerchantId(merchantId),
                Optional.empty(), Optional.of(secret))).apiKey().orElseThrow().value();
        HttpResponse<String> created = merchant(apiKey, "/api/v1/payments", unique("pay"),
                "{\"merchant_order_id\":\"" + unique("o") + "\",\"amount_minor\":1999,\"currency\":\"CNY\","
                        + "\"channel\":\"sandbox\",\"user_id\":\"u-1\",\"sku\":\"course:java-101\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        Matcher m = PAYMENT_ID.matcher(created.body());
        assertThat(m.find()).isTrue();
        PaymentId paymentId = new PaymentId(m.group(1));
        assertThat(CallbackTestSupport.sandbox(port, merchantId, secret, "POST",
                "/sandbox-channel/trades/" + paymentId.value() + "/events", "{\"status\":\"SUCCESS\"}").statusCode())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> payments.findById(tenant, paymentId).orElseThrow()
                .status() == PaymentStatus.SUCCEEDED);
        reviewCases.open(new ReviewCases.NewCase(tenant, paymentId,
                ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), AnomalyReason.AMOUNT_MISMATCH,
                "channel reported 19.99 CNY twice, payment is for 19.99 CNY", Instant.now()));
        ReviewCase c = reviewCases.forPayment(tenant, paymentId).get(0);
        String page = "/admin/review-cases/" + c.id();
        String operatorName = user(ConsoleRole.OPERATOR);
        Browser operator = new Browser();
        operator.logIn(operatorName, PASSWORD);

        Map<String, String> form = Map.of("decision", "REFUND_AT_CHANNEL", "reason", "paid twice, refund one",
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(page));
        assertThat(operator.post(page + "/decide", form).statusCode()).isEqualTo(302);
        assertThat(operator.post(page + "/decide", form).statusCode()).isEqualTo(302);

        assertThat(refunds.findByPayment(tenant, paymentId)).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RefundStatus.SUCCEEDED);
            assertThat(r.amount().minor()).isEqualTo(1999);
            assertThat(r.reason()).isEqualTo("review case #" + c.id() + ": paid twice, refund one");
        });
        Refund refund = refunds.findByPayment(tenant, paymentId).get(0);
        assertThat(payments.findById(tenant, paymentId).orElseThrow().status()).isEqualTo(PaymentStatus.REFUNDED);
        String casePage = operator.get(page).body();
        assertThat(casePage).contains("id=\"refund-made\"").contains(refund.id().value()).contains(">refunded<")
                .doesNotContain("id=\"refund-owed\"");
        assertThat(operator.get("/admin/payments/" + tenant.value() + "/" + paymentId.value()).body())
                .contains(refund.id().value()).contains("review case #" + c.id());
        assertThat(operator.get(page + "?lang=zh-CN").body()).contains("已通过退款流程退款")
                .contains("为复核案例 #" + c.id() + " 在渠道退款 " + refund.id().value());
    }
}
