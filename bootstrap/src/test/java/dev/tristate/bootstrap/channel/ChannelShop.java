package dev.tristate.bootstrap.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.bootstrap.merchant.MerchantApiClient;
import dev.tristate.domain.tenant.TenantId;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

/**
 * A merchant of the running application as its own code would use the merchant API: create a payment at a channel,
 * read it, refund it. Shared by the real channels' end-to-end tests.
 */
record ChannelShop(int port, TenantId tenant, String apiKey, String channel, String account) {

    /** Creates a payment of {@code amountMinor} CNY for a course; answers the 201's body. */
    JsonNode createPayment(String payMethod, long amountMinor) throws Exception {
        return createPayment(payMethod, amountMinor, "CNY");
    }

    JsonNode createPayment(String payMethod, long amountMinor, String currency) throws Exception {
        String order = "o-" + UUID.randomUUID().toString().substring(0, 12);
        HttpResponse<String> created = MerchantApiClient.send(port, "POST", "/api/v1/payments", apiKey,
                "k-" + order, "{\"merchant_order_id\":\"" + order + "\",\"amount_minor\":" + amountMinor
                        + ",\"currency\":\"" + currency + "\",\"channel\":\"" + channel + "\""
                        + (payMethod == null ? "" : ",\"pay_method\":\"" + payMethod + "\"")
                        + ",\"user_id\":\"u-42\",\"sku\":\"course:java-101\",\"description\":\"Java 101\"}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return MerchantApiClient.JSON.readTree(created.body());
    }

    JsonNode payment(String paymentId) throws Exception {
        HttpResponse<String> read = MerchantApiClient.send(port, "GET", "/api/v1/payments/" + paymentId, apiKey, null,
                null);
        assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
        return MerchantApiClient.JSON.readTree(read.body());
    }

    /** Waits until the payment shows {@code status}; answers it as then read. */
    JsonNode awaitStatus(String paymentId, String status, Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .until(() -> payment(paymentId).get("status").stringValue().equals(status));
        try {
            return payment(paymentId);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Waits until the payment's one entitlement shows {@code status}. */
    void awaitEntitlement(String paymentId, String status) {
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .untilAsserted(() -> {
                    JsonNode entitlements = payment(paymentId).get("entitlements");
                    assertThat(entitlements.size()).as("one entitlement per payment").isEqualTo(1);
                    assertThat(entitlements.get(0).get("status").stringValue()).isEqualTo(status);
                });
    }

    /**
     * Runs rounds of the resolver, as its schedule would (tests run them themselves: see application.properties),
     * until the payment shows {@code status}. Other tests' quiet payments in the same database may come first in a
     * round, hence several rounds.
     */
    void resolveUntil(ResolvePaymentsUseCase resolver, String paymentId, String status) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            resolver.resolveDue();
            return payment(paymentId).get("status").stringValue().equals(status);
        });
    }

    /** How many of the channel's own notifications about the payment were recorded (queries are not). */
    static int callbacksRecorded(DataSource dataSource, String paymentId) {
        return new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM channel_notifications WHERE"
                + " payment_id = ? AND source = 'CALLBACK'", Integer.class, paymentId);
    }

    JsonNode refund(String paymentId, long amountMinor) throws Exception {
        HttpResponse<String> refunded = MerchantApiClient.send(port, "POST", "/api/v1/payments/" + paymentId
                        + "/refunds", apiKey, "rk-" + UUID.randomUUID(),
                "{\"amount_minor\":" + amountMinor + ",\"reason\":\"e2e\"}");
        assertThat(refunded.statusCode()).as(refunded.body()).isIn(201, 202);
        return MerchantApiClient.JSON.readTree(refunded.body());
    }
}
