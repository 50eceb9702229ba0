package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A tenant's webhook endpoint and signing secret set by an operator on the tenant page, over real HTTP: validated
 * (on this production profile: https on a public address only, at setting and again at sending), audited, once; the
 * secret shown once, stored encrypted, rotated with at most two valid.
 */
class ConsoleTenantWebhookTest extends ConsoleTestBase {

    @Autowired
    TenantWebhooks webhooks;
    @Autowired
    AuditTrail audit;
    @Autowired
    ChannelCredentialStore credentials;
    @Autowired
    TaskStore taskStore;
    @Autowired
    RunTasksUseCase taskRunner;

    private HttpResponse<String> set(Browser browser, TenantId tenant, String endpoint, String key) throws Exception {
        String page = "/admin/tenants/" + tenant.value();
        return browser.post(page + "/webhook", Map.of("endpoint", endpoint, "actionKey", key,
                "_csrf", browser.csrf(page)));
    }

    @Test
    void anOperatorSetsAndReplacesTheEndpointOnTheTenantPageAuditedOncePerForm() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        assertThat(operator.get("/admin/tenants/" + tenant.value()).body()).contains("id=\"set-webhook\"");
        String key = UUID.randomUUID().toString();

        HttpResponse<String> first = set(operator, tenant, "https://shop.example/hooks/grants", key);
        assertThat(first.statusCode()).as("the first endpoint: its signing secret, shown once").isEqualTo(200);
        assertThat(first.body()).contains("id=\"new-webhook-secret\"");
        HttpResponse<String> again = set(operator, tenant, "https://shop.example/hooks/grants", key);
        assertThat(again.statusCode()).as("the same form again: answered, nothing shown").isEqualTo(302);
        assertThat(set(operator, tenant, "https://shop.example:8443/v2", UUID.randomUUID().toString()).statusCode())
                .isEqualTo(302);

        assertThat(webhooks.endpointOf(tenant)).contains(URI.create("https://shop.example:8443/v2"));
        assertThat(operator.get("/admin/tenants/" + tenant.value()).body()).contains("https://shop.example:8443/v2");
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .filteredOn(e -> e.action().equals("SET_WEBHOOK")).hasSize(2)
                .last().satisfies(e -> assertThat(e.detail()).contains("was https://shop.example/hooks/grants"));
    }

    @Test
    void theSigningSecretIsShownOnceStoredEncryptedAndKeptWhenTheEndpointChanges() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        String secret = shownSecret(set(operator, tenant, "https://shop.example/hooks", UUID.randomUUID().toString()));
        set(operator, tenant, "https://shop.example/other", UUID.randomUUID().toString());

        assertThat(secret).matches("whsec_[A-Za-z0-9+/]{43}=");
        assertThat(Base64.getDecoder().decode(secret.substring(6))).hasSize(32);
        assertThat(credentials.validSecrets(tenant, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                Instant.now())).containsExactly(secret);
        assertThat(operator.get("/admin/tenants/" + tenant.value()).body()).doesNotContain(secret);
        List<String> stored = new JdbcTemplate(dataSource).queryForList("SELECT ciphertext FROM channel_secrets"
                + " WHERE tenant_id = ? AND channel = 'webhook'", String.class, tenant.value());
        assertThat(stored).singleElement().satisfies(row -> assertThat(row).startsWith("v1:")
                .doesNotContain(secret).doesNotContain(secret.substring(6)));
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .noneMatch(e -> e.detail().contains(secret.substring(6)));
    }

    @Test
    void rotatingTheSigningSecretShowsTheNewOneOnceAndKeepsAtMostTwoValid() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String first = shownSecret(set(operator, tenant, "https://shop.example/hooks", UUID.randomUUID().toString()));
        String rotateKey = UUID.randomUUID().toString();

        String second = shownSecret(rotate(operator, tenant, rotateKey));
        HttpResponse<String> repeated = rotate(operator, tenant, rotateKey);
        assertThat(repeated.body()).doesNotContain("id=\"new-webhook-secret\"").doesNotContain(second);
        assertThat(valid(tenant)).as("during the grace period both sign").containsExactly(second, first);

        String third = shownSecret(rotate(operator, tenant, UUID.randomUUID().toString()));
        assertThat(valid(tenant)).as("a second rotation ends the first's grace").containsExactly(third, second);
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .filteredOn(e -> e.action().equals("ROTATE_WEBHOOK_SECRET")).hasSize(2);
    }

    @Test
    void onProductionAnEndpointThatIsNotHttpsOrIsOnAPrivateNetworkIsAFormErrorAndNothingChanges() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        for (String refused : new String[] {"http://shop.example/hooks", "https://127.0.0.1:8443/hooks",
                "https://localhost/hooks", "https://[::1]/hooks", "https://10.1.2.3/hooks",
                "https://192.168.0.10/hooks", "https://169.254.169.254/latest/meta-data"}) {
            HttpResponse<String> answer = set(operator, tenant, refused, UUID.randomUUID().toString());
            assertThat(answer.statusCode()).as(refused).isEqualTo(400);
            assertThat(answer.body()).as(refused).containsAnyOf("https", "address");
        }
        assertThat(webhooks.endpointOf(tenant)).isEmpty();
        assertThat(credentials.validSecrets(tenant, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                Instant.now())).isEmpty();
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .noneMatch(e -> e.action().equals("SET_WEBHOOK"));
    }

    @Test
    void anEndpointThatNowResolvesToOurOwnNetworkIsNotSentToAndItsTaskFailsForGood() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            received.add(exchange.getRequestURI().toString());
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try {
            TenantId tenant = tenant();
            Payment paid = paidPayment(tenant);
            // Set when its name resolved to a public address; it resolves to this machine now.
            webhooks.setEndpoint(tenant, URI.create("https://127.0.0.1:" + receiver.getAddress().getPort()
                    + "/hooks"), Instant.now());
            credentials.addSecret(tenant, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                    "whsec_" + Base64.getEncoder().encodeToString(new byte[32]), Instant.now(), Instant.now());
            Task task = Task.entitlementGranted(new EntitlementKey(tenant, "u-1", "course:x", paid.id()),
                    Instant.now());
            taskStore.insert(task);

            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> {
                taskRunner.runDue();
                return taskStore.find(task.key()).orElseThrow().status() == TaskStatus.QUARANTINED;
            });

            assertThat(taskStore.find(task.key()).orElseThrow().lastError()).contains("loopback")
                    .contains("127.0.0.1");
            assertThat(received).as("nothing was sent").isEmpty();
        } finally {
            receiver.stop(0);
        }
    }

    private Payment paidPayment(TenantId tenant) {
        Payment p = payment(tenant);
        new JdbcTemplate(dataSource).update("UPDATE payments SET status = 'SUCCEEDED', channel_txn_id = ?,"
                + " paid_at = updated_at WHERE id = ?", "T-" + UUID.randomUUID(), p.id().value());
        return p;
    }

    private List<String> valid(TenantId tenant) {
        return credentials.validSecrets(tenant, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                Instant.now());
    }

    private HttpResponse<String> rotate(Browser browser, TenantId tenant, String key) throws Exception {
        String page = "/admin/tenants/" + tenant.value();
        return browser.post(page + "/rotate-webhook-secret", Map.of("actionKey", key, "_csrf", browser.csrf(page)));
    }

    private static String shownSecret(HttpResponse<String> page) {
        assertThat(page.statusCode()).isEqualTo(200);
        Matcher m = Pattern.compile("id=\"new-webhook-secret\">([^<]+)<").matcher(page.body());
        assertThat(m.find()).as("the signing secret, shown once").isTrue();
        return m.group(1);
    }

    @Test
    void anEndpointThatIsNotAnHttpUrlIsRefusedAndNothingChanges() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        for (String bad : new String[] {"ftp://shop.example/x", "shop.example/hooks", "https://", "not a url",
                "javascript:alert(1)"}) {
            assertThat(set(operator, tenant, bad, UUID.randomUUID().toString()).statusCode()).as(bad)
                    .isEqualTo(400);
        }
        assertThat(webhooks.endpointOf(tenant)).isEmpty();
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .noneMatch(e -> e.action().equals("SET_WEBHOOK"));
    }

    @Test
    void supportStaffAreRefusedAndAFormWithoutItsTokenIsRefused() throws Exception {
        TenantId tenant = tenant();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        HttpResponse<String> bySupport = support.post("/admin/tenants/" + tenant.value() + "/webhook", Map.of(
                "endpoint", "https://evil.example/", "actionKey", UUID.randomUUID().toString(),
                "_csrf", support.csrf("/admin/payments")));
        HttpResponse<String> noToken = operator.post("/admin/tenants/" + tenant.value() + "/webhook", Map.of(
                "endpoint", "https://evil.example/", "actionKey", UUID.randomUUID().toString()));

        assertThat(bySupport.statusCode()).isEqualTo(403);
        assertThat(noToken.statusCode()).isEqualTo(403);
        assertThat(webhooks.endpointOf(tenant)).isEmpty();
    }
}
