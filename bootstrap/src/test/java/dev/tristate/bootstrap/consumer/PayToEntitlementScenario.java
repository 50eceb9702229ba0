package dev.tristate.bootstrap.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.testing.SandboxRequests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 5, item 6, over real HTTP only: a tenant creates payments through the merchant API, the sandbox channel pays
 * them while sending every notification several times and a PROCESSING after the SUCCESS, and the merchant API shows
 * exactly one entitlement per payment, in the contract's shape, once everything has been delivered.
 */
final class PayToEntitlementScenario {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private final String base;
    private final String apiKey;
    private final String merchant;
    private final String secret;

    /** The tenant's API key, and its sandbox merchant id and secret for driving the sandbox as that merchant. */
    PayToEntitlementScenario(int port, String apiKey, String merchant, String secret) {
        this.base = "http://localhost:" + port;
        this.apiKey = apiKey;
        this.merchant = merchant;
        this.secret = secret;
    }

    void run() throws Exception {
        List<String> skus = List.of("course:java-101", "membership:30d", "tokens:500");
        List<String> payments = new ArrayList<>();
        for (String sku : skus) {
            payments.add(payWithDuplicatesAndReordering(sku));
        }
        for (int i = 0; i < payments.size(); i++) {
            String payment = payments.get(i);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> allDelivered(payment)
                    && view(payment).get("entitlements").size() > 0);
            JsonNode view = view(payment);
            assertThat(view.get("status").stringValue()).isEqualTo("SUCCEEDED");
            JsonNode entitlements = view.get("entitlements");
            assertThat(entitlements).as("exactly one entitlement for %s", payment).hasSize(1);
            JsonNode entitlement = entitlements.get(0);
            assertThat(fieldNames(entitlement)).containsExactly("sku", "status", "granted_at");
            assertThat(entitlement.get("sku").stringValue()).isEqualTo(skus.get(i));
            assertThat(entitlement.get("status").stringValue()).isEqualTo("GRANTED");
            assertThat(entitlement.get("granted_at").stringValue()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        }
    }

    private String payWithDuplicatesAndReordering(String sku) throws Exception {
        String order = "{\"merchant_order_id\":\"o-" + UUID.randomUUID() + "\",\"amount_minor\":1999,"
                + "\"currency\":\"CNY\",\"channel\":\"sandbox\",\"user_id\":\"u-42\",\"sku\":\"" + sku + "\","
                + "\"description\":\"e2e\"}";
        HttpResponse<String> created = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/payments"))
                .header("Authorization", "Bearer " + apiKey).header("Idempotency-Key", "k-" + UUID.randomUUID())
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(order)));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String payment = JSON.readTree(created.body()).get("payment_id").stringValue();
        String trade = "/sandbox-channel/trades/" + payment;
        assertThat(send(sandbox("PUT", trade + "/behaviour", "{\"duplicates\":3,\"out_of_order\":true}"))
                .statusCode()).isEqualTo(200);
        // PROCESSING is held back and arrives after the SUCCESS; every notification goes out four times.
        assertThat(send(sandbox("POST", trade + "/events", "{\"status\":\"PROCESSING\"}")).statusCode())
                .isEqualTo(200);
        assertThat(send(sandbox("POST", trade + "/events", "{\"status\":\"SUCCESS\"}")).statusCode()).isEqualTo(200);
        return payment;
    }

    private boolean allDelivered(String payment) throws Exception {
        JsonNode notifications = JSON.readTree(send(sandbox("GET",
                "/sandbox-channel/trades/" + payment + "/notifications", null)).body());
        if (notifications.size() < 2) {
            return false;
        }
        for (JsonNode notification : notifications) {
            if (!"DELIVERED".equals(notification.get("state").stringValue())
                    || notification.get("acknowledged_copies").intValue() < 4) {
                return false;
            }
        }
        return true;
    }

    private JsonNode view(String payment) throws Exception {
        HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(base + "/api/v1/payments/" + payment))
                .header("Authorization", "Bearer " + apiKey).GET());
        assertThat(response.statusCode()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private HttpRequest.Builder sandbox(String method, String path, String body) {
        return SandboxRequests.signed(URI.create(base), merchant, secret, method, path, body);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.propertyNames().forEach(names::add);
        return names;
    }
}
