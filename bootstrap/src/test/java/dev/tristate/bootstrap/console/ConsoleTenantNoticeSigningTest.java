package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.standardwebhooks.Webhook;
import com.standardwebhooks.exceptions.WebhookVerificationException;
import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * What a tenant's service receives, as a tenant verifies it: a notice signed as the Standard Webhooks specification
 * says, checked by a real HTTP receiver with the specification's own library and the secret the console showed once.
 * After a rotation the notice carries both signatures for the grace period (short here), then only the new one. The
 * receiver is this test's, on this machine over http: this context allows that, and runs the tasks itself.
 */
@TestPropertySource(properties = {"tristate.webhooks.require-https=false",
        "tristate.webhooks.allow-private-networks=true", "tristate.tasks.enabled=false",
        "tristate.admin.credential-grace-period=" + ConsoleTenantNoticeSigningTest.GRACE_SECONDS + "s"})
class ConsoleTenantNoticeSigningTest extends ConsoleTestBase {

    static final int GRACE_SECONDS = 6;
    private static final Pattern SHOWN = Pattern.compile("id=\"new-webhook-secret\">([^<]+)<");

    @Autowired
    TaskStore taskStore;
    @Autowired
    RunTasksUseCase taskRunner;

    private record Received(Map<String, List<String>> headers, String body) {
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private HttpServer receiver;

    @BeforeEach
    void aTenantsService() throws Exception {
        receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/hooks", exchange -> {
            received.add(new Received(Map.copyOf(exchange.getRequestHeaders()),
                    new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    private String endpoint() {
        return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hooks";
    }

    private static String shown(HttpResponse<String> page) {
        Matcher m = SHOWN.matcher(page.body());
        assertThat(m.find()).as("a signing secret shown once").isTrue();
        return m.group(1);
    }

    private Received notice(TenantId tenant) {
        Payment p = payment(tenant);
        new JdbcTemplate(dataSource).update("UPDATE payments SET status = 'SUCCEEDED', channel_txn_id = ?,"
                + " paid_at = updated_at WHERE id = ?", "T-" + UUID.randomUUID(), p.id().value());
        Task task = Task.entitlementGranted(new EntitlementKey(tenant, "u-42", "course:java-101", p.id()),
                Instant.now());
        taskStore.insert(task);
        int before = received.size();
        for (int round = 0; round < 50 && taskStore.find(task.key()).orElseThrow().status() != TaskStatus.DONE;
                round++) {
            taskRunner.runDue();
        }
        assertThat(taskStore.find(task.key()).orElseThrow().status()).isEqualTo(TaskStatus.DONE);
        assertThat(received).hasSize(before + 1);
        Received notice = received.get(before);
        assertThat(header(notice, "webhook-id")).isEqualTo(task.key().value());
        return notice;
    }

    private static String header(Received notice, String name) {
        return notice.headers().entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(e -> e.getValue().get(0)).findFirst().orElse(null);
    }

    private static void verifies(String secret, Received notice) throws WebhookVerificationException {
        new Webhook(secret).verify(notice.body(), notice.headers());
    }

    @Test
    void aNoticeIsSignedWithTheSecretShownOnceAndBothSignDuringARotationThenOnlyTheNew() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String page = "/admin/tenants/" + tenant.value();
        String first = shown(operator.post(page + "/webhook", Map.of("endpoint", endpoint(),
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(page))));

        Received signedOnce = notice(tenant);
        verifies(first, signedOnce);
        assertThat(header(signedOnce, "webhook-signature").split(" ")).hasSize(1);
        assertThat(Long.parseLong(header(signedOnce, "webhook-timestamp")))
                .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(60L));
        assertThat(signedOnce.body()).contains("\"type\":\"entitlement.granted\"");
        Instant rotatedAt = Instant.now();
        String second = shown(operator.post(page + "/rotate-webhook-secret", Map.of(
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(page))));

        Received duringGrace = notice(tenant);
        assertThat(Duration.between(rotatedAt, Instant.now())).as("this notice went within the grace period")
                .isLessThan(Duration.ofSeconds(GRACE_SECONDS));
        assertThat(header(duringGrace, "webhook-signature").split(" ")).hasSize(2);
        verifies(second, duringGrace);
        verifies(first, duringGrace);

        Thread.sleep(Duration.between(Instant.now(), rotatedAt.plusSeconds(GRACE_SECONDS + 1)).toMillis());
        Received afterGrace = notice(tenant);
        assertThat(header(afterGrace, "webhook-signature").split(" ")).hasSize(1);
        verifies(second, afterGrace);
        assertThatThrownBy(() -> verifies(first, afterGrace)).isInstanceOf(WebhookVerificationException.class);
    }

    @Test
    void aNoticeWhoseBodyWasAlteredOrWhoseSignatureIsForgedDoesNotVerify() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String page = "/admin/tenants/" + tenant.value();
        String secret = shown(operator.post(page + "/webhook", Map.of("endpoint", endpoint(),
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(page))));
        Received notice = notice(tenant);

        Received altered = new Received(notice.headers(), notice.body().replace("u-42", "u-43"));
        Map<String, List<String>> forgedHeaders = new java.util.HashMap<>(notice.headers());
        forgedHeaders.keySet().removeIf(k -> k.equalsIgnoreCase("webhook-signature"));
        forgedHeaders.put("webhook-signature", List.of("v1,bm90IGEgc2lnbmF0dXJl"));

        verifies(secret, notice);
        assertThatThrownBy(() -> verifies(secret, altered)).isInstanceOf(WebhookVerificationException.class);
        assertThatThrownBy(() -> verifies(secret, new Received(forgedHeaders, notice.body())))
                .isInstanceOf(WebhookVerificationException.class);
    }
}
