package dev.tristate.bootstrap.callback;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.sandbox.SandboxMerchants;
import dev.tristate.testing.SandboxRequests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Signed sandbox notifications over real HTTP, and the rows they leave, for the end-to-end callback tests. */
public final class CallbackTestSupport {

    /** A tenant with a sandbox account and signing secret, known to the in-process sandbox channel as well. */
    public record SandboxTenant(TenantId tenant, String merchantId, String secret) {
    }

    /** Provisions a fresh such tenant: ids "t-{prefix}-…" and "m-{prefix}-…", secret "{prefix}-secret-…". */
    public static SandboxTenant sandboxTenant(ProvisionTenantUseCase tenants, SandboxMerchants sandbox, String prefix,
                                              String name) {
        SandboxTenant created = tenant(tenants, prefix, name);
        sandbox.register(created.merchantId(), List.of(created.secret()));
        return created;
    }

    /** As {@link #sandboxTenant}, for tests that only send notifications (the sandbox channel is not told). */
    public static SandboxTenant tenant(ProvisionTenantUseCase tenants, String prefix, String name) {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-" + prefix + "-" + suffix);
        String merchantId = "m-" + prefix + "-" + suffix;
        String secret = prefix + "-secret-" + suffix;
        tenants.provision(new ProvisionTenantCommand(tenant, name, new MerchantId(merchantId), Optional.empty(),
                Optional.of(secret)));
        return new SandboxTenant(tenant, merchantId, secret);
    }

    public static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private CallbackTestSupport() {
    }

    public static String body(String notifyId, String merchantId, String paymentId, String tradeNo, String status,
                       long amountMinor) {
        return "{\"notify_id\":\"" + notifyId + "\",\"merchant_id\":\"" + merchantId + "\",\"out_trade_no\":\""
                + paymentId + "\",\"trade_no\":\"" + tradeNo + "\",\"trade_status\":\"" + status
                + "\",\"amount_minor\":" + amountMinor + ",\"currency\":\"CNY\",\"event_time\":\"" + Instant.now()
                + "\"}";
    }

    /** A request to the in-process sandbox's own endpoints as the merchant, signed with its secret. */
    public static HttpResponse<String> sandbox(int port, String merchantId, String secret, String method, String path,
                                               String jsonBody) throws Exception {
        return HTTP.send(SandboxRequests.signed(URI.create("http://127.0.0.1:" + port), merchantId, secret, method,
                path, jsonBody).build(), HttpResponse.BodyHandlers.ofString());
    }

    public static HttpResponse<String> post(int port, String secret, String body) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/callbacks/sandbox"))
                        .header("Content-Type", "application/json")
                        .header(SandboxSignature.HEADER, SandboxSignature.sign(secret, Instant.now().getEpochSecond(),
                                bytes))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A PENDING sandbox payment of 19.99 CNY, written as the merchant API would. */
    public static String insertPendingPayment(DataSource dataSource, String tenantId) {
        return insertPendingPayment(dataSource, tenantId, "sandbox", "CNY");
    }

    /** A PENDING payment of 1999 minor units through the given channel. */
    public static String insertPendingPayment(DataSource dataSource, String tenantId, String channel, String currency) {
        String id = "pay_" + UUID.randomUUID().toString().replace("-", "");
        new JdbcTemplate(dataSource).update("INSERT INTO payments (id, tenant_id, merchant_order_id, amount_minor,"
                        + " currency, channel, user_id, sku, description, status, channel_txn_id, refunded_minor,"
                        + " created_at, updated_at, paid_at, version) VALUES (?, ?, ?, 1999, ?, ?, 'u-42',"
                        + " 'course:java-101', 'Java 101', 'PENDING', NULL, 0, ?, ?, NULL, 0)", id, tenantId,
                "o-" + id, currency, channel, "2026-11-30 10:00:00.000000", "2026-11-30 10:00:00.000000");
        return id;
    }

    static String status(DataSource dataSource, String paymentId) {
        return new JdbcTemplate(dataSource).queryForObject("SELECT status FROM payments WHERE id = ?", String.class,
                paymentId);
    }

    static long outboxRows(DataSource dataSource, String paymentId) {
        return new JdbcTemplate(dataSource).queryForObject(
                "SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ?", Long.class, paymentId);
    }

    static long notifications(DataSource dataSource, String paymentId, String outcome) {
        return new JdbcTemplate(dataSource).queryForObject(
                "SELECT COUNT(*) FROM channel_notifications WHERE payment_id = ? AND outcome = ?", Long.class,
                paymentId, outcome);
    }
}
