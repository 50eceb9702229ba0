package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The in-process sandbox behaves like a channel that answers only its merchants, and reads their settings as they are
 * now: a tenant provisioned while the application runs takes a sandbox payment at once, a rotated secret is used at
 * once, an unsigned request to the sandbox changes nothing, one merchant never sees another's trades, and a definite
 * refusal of the trade is a 422 naming the channel's reason. All over HTTP against the running application.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class SandboxMerchantRequestsEndToEndTest extends ApplicationOverHttpTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired ChannelCredentialStore credentials;

    private record Shop(TenantId tenant, String merchant, String secret, String apiKey) {
    }

    @Test
    void aTenantProvisionedWhileRunningPaysAtOnceAndTheSandboxAnswersOnlyItsOwnSignedRequests() throws Exception {
        Shop shop = provisioned("fresh");
        Shop other = provisioned("other");

        String paymentId = paidThroughThePayPage(shop);

        String trade = "/sandbox-channel/trades/" + paymentId;
        HttpResponse<String> unsignedRefund = unsigned("POST", trade + "/refunds",
                "{\"out_refund_no\":\"rf_thief\",\"amount_minor\":1000,\"currency\":\"CNY\"}");
        assertThat(unsignedRefund.statusCode()).isEqualTo(401);
        assertThat(unsignedRefund.body()).isEqualTo("{\"code\":\"BAD_SIGNATURE\"}");
        JsonNode atTheSandbox = JSON.readTree(sandbox(shop, "GET", trade, null).body());
        assertThat(atTheSandbox.get("trade_status").stringValue()).isEqualTo("SUCCESS");
        assertThat(atTheSandbox.has("refunds")).as("nothing was refunded").isFalse();
        assertThat(payment(shop, paymentId).get("refunded_minor").longValue()).isZero();

        String statement = "/sandbox-channel/statements/" + LocalDate.now(ZoneOffset.UTC);
        HttpResponse<String> unsignedStatement = unsigned("GET", statement, null);
        assertThat(unsignedStatement.statusCode()).isEqualTo(401);
        assertThat(unsignedStatement.body()).doesNotContain(paymentId);

        assertThat(sandbox(other, "GET", trade, null).statusCode()).isEqualTo(404);
        assertThat(sandbox(other, "POST", trade + "/refunds",
                "{\"out_refund_no\":\"rf_other\",\"amount_minor\":1000,\"currency\":\"CNY\"}").statusCode())
                .isEqualTo(404);
        assertThat(sandbox(other, "GET", statement, null).body()).doesNotContain(paymentId);
        assertThat(sandbox(shop, "GET", statement, null).body()).contains(paymentId);
    }

    @Test
    void aRotatedSandboxSecretIsUsedAtOnceByBothEnds() throws Exception {
        Shop before = provisioned("rotating");
        String newSecret = "rotated-secret-" + UUID.randomUUID();
        Instant now = Instant.now();
        // The old secret ends at once: only a channel that reads the new one can still sign anything that verifies.
        credentials.addSecret(before.tenant(), ProvisionTenantUseCase.SANDBOX_CHANNEL,
                ProvisionTenantUseCase.SIGNING_SECRET, newSecret, now, now);
        Shop after = new Shop(before.tenant(), before.merchant(), newSecret, before.apiKey());

        String paymentId = paidThroughThePayPage(after);

        assertThat(sandbox(before, "GET", "/sandbox-channel/trades/" + paymentId, null).statusCode())
                .as("the retired secret").isEqualTo(401);
        assertThat(sandbox(after, "GET", "/sandbox-channel/trades/" + paymentId, null).statusCode()).isEqualTo(200);
    }

    @Test
    void aTradeTheChannelDefinitelyRefusesIs422WithTheChannelsReasonAndNothingIsCreated() throws Exception {
        Shop shop = provisioned("refused");
        // As the console stored it before it checked its input: an account id the sandbox does not accept.
        credentials.bindAccount(shop.tenant(), ProvisionTenantUseCase.SANDBOX_CHANNEL, "\"><img src=x>",
                Instant.now().plusSeconds(1));

        HttpResponse<String> refused = createPayment(shop, "k-" + UUID.randomUUID());

        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
        assertThat(refused.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = JSON.readTree(refused.body());
        assertThat(problem.get("code").stringValue()).isEqualTo("CHANNEL_REFUSED");
        assertThat(problem.get("detail").stringValue()).contains("BAD_SIGNATURE");
        assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM payments WHERE tenant_id = ?",
                Long.class, shop.tenant().value())).isZero();
    }

    @Test
    void aPaymentsReturnUrlIsStoredAndBecomesThePayPagesLinkBackToTheShop() throws Exception {
        Shop shop = provisioned("returning");
        String back = "https://shop.example/orders/42?from=sandbox";

        HttpResponse<String> created = createPayment(shop, "k-" + UUID.randomUUID(),
                ",\"return_url\":\"" + back + "\"");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT return_url FROM payments WHERE id = ?",
                String.class, body.get("payment_id").stringValue())).isEqualTo(back);
        String page = CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + URI.create(body.get("pay_url").stringValue()).getPath())).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(page).contains("<a id=\"return\" href=\"https://shop.example/orders/42?from=sandbox\" "
                + "rel=\"noopener\">Back to the shop</a>");
    }

    private Shop provisioned(String prefix) {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-" + prefix + "-" + suffix);
        String merchant = "m-" + prefix + "-" + suffix;
        String secret = prefix + "-secret-" + suffix;
        String apiKey = tenants.provision(new ProvisionTenantCommand(tenant, prefix + " shop", new MerchantId(merchant),
                Optional.empty(), Optional.of(secret))).apiKey().orElseThrow().value();
        return new Shop(tenant, merchant, secret, apiKey);
    }

    /** A payment created through the merchant API and paid by the payer on the sandbox's pay page. */
    private String paidThroughThePayPage(Shop shop) throws Exception {
        HttpResponse<String> created = createPayment(shop, "k-" + UUID.randomUUID());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        String paymentId = body.get("payment_id").stringValue();
        String payPath = URI.create(body.get("pay_url").stringValue()).getPath();
        HttpResponse<String> paid = CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + payPath))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(paid.statusCode()).as("the pay page is the payer's, unsigned").isEqualTo(303);
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "SUCCEEDED".equals(payment(shop, paymentId).get("status").stringValue()));
        return paymentId;
    }

    private HttpResponse<String> createPayment(Shop shop, String key) throws Exception {
        return createPayment(shop, key, "");
    }

    /** A sandbox payment; {@code moreFields} (",\"name\":value" ...) are added to the body. */
    private HttpResponse<String> createPayment(Shop shop, String key, String moreFields) throws Exception {
        return CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/api/v1/payments"))
                .header("Authorization", "Bearer " + shop.apiKey()).header("Idempotency-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"merchant_order_id\":\"o-" + UUID.randomUUID()
                        + "\",\"amount_minor\":1000,\"currency\":\"CNY\",\"channel\":\"sandbox\","
                        + "\"user_id\":\"u-42\",\"sku\":\"course:java-101\"" + moreFields + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode payment(Shop shop, String paymentId) throws Exception {
        return JSON.readTree(CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + port + "/api/v1/payments/" + paymentId)).header("Authorization", "Bearer " + shop.apiKey())
                .GET().build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    private HttpResponse<String> sandbox(Shop shop, String method, String path, String body) throws Exception {
        return CallbackTestSupport.sandbox(port, shop.merchant(), shop.secret(), method, path, body);
    }

    private HttpResponse<String> unsigned(String method, String path, String body) throws Exception {
        return CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
