package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Refunds through the merchant API against the real sandbox channel in this process (its refund endpoint, dedupe and
 * refund query): a payment paid at the sandbox is refunded in part, then a refund whose answer the sandbox holds back
 * (refund_timeout: it refunds at once and answers late) is 202 UNKNOWN, and the resolver's refund query finds it
 * succeeded, so the payment ends REFUNDED with exactly the money the sandbox refunded.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class SandboxRefundsEndToEndTest extends ApplicationOverHttpTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired RefundStore refunds;
    @Autowired List<ChannelGateway> gateways;
    @Autowired ApplicationContext app;

    private HttpResponse<String> call(String method, String path, String apiKey, String key, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return CallbackTestSupport.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode payment(String apiKey, String id) throws Exception {
        return JSON.readTree(call("GET", "/api/v1/payments/" + id, apiKey, null, null).body());
    }

    @Test
    void aPaymentPaidAtTheSandboxIsRefundedAndALostRefundAnswerIsResolvedByTheRefundQuery() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-sbr-" + suffix);
        String merchantId = "m-sbr-" + suffix;
        String secret = "sbr-secret-" + suffix;
        String apiKey = tenants.provision(new ProvisionTenantCommand(tenant, "Refunding shop",
                new MerchantId(merchantId), Optional.empty(), Optional.of(secret))).apiKey().orElseThrow().value();

        HttpResponse<String> created = call("POST", "/api/v1/payments", apiKey, "pay-" + suffix,
                "{\"merchant_order_id\":\"o-" + suffix + "\",\"amount_minor\":1000,\"currency\":\"CNY\","
                        + "\"channel\":\"sandbox\",\"user_id\":\"u-42\",\"sku\":\"course:java-101\"}");
        assertThat(created.statusCode()).isEqualTo(201);
        String paymentId = JSON.readTree(created.body()).get("payment_id").stringValue();
        assertThat(CallbackTestSupport.sandbox(port, merchantId, secret, "POST",
                "/sandbox-channel/trades/" + paymentId + "/events",
                "{\"status\":\"SUCCESS\"}").statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "SUCCEEDED".equals(payment(apiKey, paymentId).get("status").stringValue()));

        HttpResponse<String> part = call("POST", "/api/v1/payments/" + paymentId + "/refunds", apiKey,
                "refund-1-" + suffix, "{\"amount_minor\":300,\"reason\":\"damaged\"}");
        assertThat(part.statusCode()).isEqualTo(201);
        assertThat(JSON.readTree(part.body()).get("status").stringValue()).isEqualTo("SUCCEEDED");
        String first = JSON.readTree(part.body()).get("refund_id").stringValue();
        HttpResponse<String> atSandbox = CallbackTestSupport.sandbox(port, merchantId, secret, "GET",
                "/sandbox-channel/trades/" + paymentId + "/refunds/" + first, null);
        assertThat(JSON.readTree(atSandbox.body()).get("refund_status").stringValue()).isEqualTo("SUCCESS");
        assertThat(refunds.find(tenant, new RefundId(first)).orElseThrow().channelRefundNo())
                .isEqualTo(JSON.readTree(atSandbox.body()).get("refund_no").stringValue());
        assertThat(payment(apiKey, paymentId).get("status").stringValue()).isEqualTo("PARTIALLY_REFUNDED");

        // The sandbox refunds at once but answers only after the gateway's read timeout: the answer is lost.
        assertThat(CallbackTestSupport.sandbox(port, merchantId, secret, "PUT",
                "/sandbox-channel/trades/" + paymentId + "/behaviour",
                "{\"refund_timeout\":true}").statusCode()).isEqualTo(200);
        HttpResponse<String> lost = call("POST", "/api/v1/payments/" + paymentId + "/refunds", apiKey,
                "refund-2-" + suffix, "{\"amount_minor\":700}");
        assertThat(lost.statusCode()).isEqualTo(202);
        assertThat(JSON.readTree(lost.body()).get("status").stringValue()).isEqualTo("UNKNOWN");
        String second = JSON.readTree(lost.body()).get("refund_id").stringValue();
        assertThat(refunds.find(tenant, new RefundId(second)).orElseThrow().status()).isEqualTo(RefundStatus.UNKNOWN);
        JsonNode meanwhile = payment(apiKey, paymentId);
        assertThat(meanwhile.get("refunded_minor").longValue()).isEqualTo(300);
        assertThat(CallbackTestSupport.sandbox(port, merchantId, secret, "PUT",
                "/sandbox-channel/trades/" + paymentId + "/behaviour",
                "{\"refund_timeout\":false}").statusCode()).isEqualTo(200);

        // A resolver whose clock is past the first query: it asks the sandbox's refund query.
        new OwnResolver(app, gateways, Clock.offset(Clock.systemUTC(), Duration.ofMinutes(2)),
                new ResolverSettings(1000, Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(30),
                        new QuerySchedule(List.of(Duration.ofSeconds(1))), Map.of()))
                .resolveDue();

        assertThat(refunds.find(tenant, new RefundId(second)).orElseThrow().status())
                .isEqualTo(RefundStatus.SUCCEEDED);
        JsonNode after = payment(apiKey, paymentId);
        assertThat(after.get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(after.get("refunded_minor").longValue()).isEqualTo(1000);
        assertThat(after.get("refunds")).hasSize(2);
    }
}
