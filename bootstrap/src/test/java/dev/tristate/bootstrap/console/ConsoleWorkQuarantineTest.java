package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Quarantined consumer messages and tasks on the console, over real HTTP. */
class ConsoleWorkQuarantineTest extends ConsoleTestBase {

    @Autowired
    TaskStore tasks;
    @Autowired
    AuditTrail audit;

    private Task quarantinedTask() {
        Payment p = payment(tenant());
        Task t = Task.entitlementGranted(new EntitlementKey(p.tenantId(), "u-1", "course:x", p.id()), Instant.now());
        tasks.insert(t);
        Task failed = t.afterFailure(ConsumerFailure.permanent("receiver refused: 400"), POLICY, Instant.now(), 0.5);
        tasks.update(failed);
        return failed;
    }

    private static String page(ConsumerDelivery d) {
        return "/admin/quarantine/delivery?consumer=" + d.consumer() + "&key="
                + URLEncoder.encode(d.deliveryKey(), StandardCharsets.UTF_8);
    }

    private ConsumerDelivery stored(ConsumerDelivery d) {
        return deliveries.find(d.consumer(), d.deliveryKey()).orElseThrow();
    }

    @Test
    void anOperatorReplaysAConsumerMessageOnceWithAReasonAndSeesItsPayloadAsText() throws Exception {
        ConsumerDelivery d = quarantinedDelivery("{\"sku\":\"<script>alert(1)</script>\"}");
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        assertThat(browser.get("/admin/quarantine").body()).contains(d.message().messageId());
        String detail = browser.get(page(d)).body();
        assertThat(detail).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>alert")
                .contains("payment.succeeded").contains("unknown SKU kind");

        String key = UUID.randomUUID().toString();
        Map<String, String> form = Map.of("consumer", d.consumer(), "key", d.deliveryKey(), "reason",
                "the SKU is configured now", "actionKey", key);
        assertThat(browser.post("/admin/quarantine/delivery/replay", form).statusCode()).as("CSRF enforced")
                .isEqualTo(403);
        assertThat(stored(d).status()).isEqualTo(DeliveryStatus.QUARANTINED);

        String token = browser.csrf(page(d));
        Map<String, String> withToken = new java.util.HashMap<>(form);
        withToken.put("_csrf", token);
        assertThat(browser.post("/admin/quarantine/delivery/replay", withToken).statusCode()).isEqualTo(302);
        ConsumerDelivery afterFirst = stored(d);
        assertThat(browser.post("/admin/quarantine/delivery/replay", withToken).statusCode()).isEqualTo(302);

        assertThat(afterFirst.status()).isEqualTo(DeliveryStatus.RETRYING);
        assertThat(afterFirst.message()).isEqualTo(d.message());
        assertThat(stored(d)).isEqualTo(afterFirst);
        assertThat(audit.findByActionKey(new ActionKey(key)).orElseThrow().result()).isEqualTo("REPLAYED");
        assertThat(audit.forSubject("consumer_delivery", ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey())))
                .hasSize(1);
    }

    @Test
    void supportStaffAreRefusedReplayAndDiscardOfConsumerMessagesAndTasks() throws Exception {
        ConsumerDelivery d = stored(quarantinedDelivery("{}"));
        Task t = tasks.find(quarantinedTask().key()).orElseThrow();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String token = support.csrf("/admin/quarantine/task?key=" + URLEncoder.encode(t.key().value(),
                StandardCharsets.UTF_8));

        HttpResponse<String> replay = support.post("/admin/quarantine/delivery/replay", Map.of("consumer",
                d.consumer(), "key", d.deliveryKey(), "reason", "support tries", "actionKey",
                UUID.randomUUID().toString(), "_csrf", token));
        HttpResponse<String> discard = support.post("/admin/quarantine/task/discard", Map.of("key", t.key().value(),
                "reason", "support tries", "actionKey", UUID.randomUUID().toString(), "_csrf", token));

        assertThat(replay.statusCode()).isEqualTo(403);
        assertThat(discard.statusCode()).isEqualTo(403);
        assertThat(stored(d)).isEqualTo(d);
        assertThat(tasks.find(t.key())).contains(t);
    }

    @Test
    void anOperatorDiscardsAQuarantinedTaskWithAReason() throws Exception {
        Task t = quarantinedTask();
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String taskPage = "/admin/quarantine/task?key=" + URLEncoder.encode(t.key().value(), StandardCharsets.UTF_8);
        assertThat(browser.get("/admin/quarantine").body()).contains(t.key().value());
        assertThat(browser.get(taskPage).body()).contains("receiver refused: 400").contains("id=\"discard\"");

        HttpResponse<String> noReason = browser.post("/admin/quarantine/task/discard", Map.of("key", t.key().value(),
                "reason", " ", "actionKey", UUID.randomUUID().toString(), "_csrf", browser.csrf(taskPage)));
        HttpResponse<String> discarded = browser.post("/admin/quarantine/task/discard", Map.of("key",
                t.key().value(), "reason", "the tenant closed its account", "actionKey",
                UUID.randomUUID().toString(), "_csrf", browser.csrf(taskPage)));

        assertThat(noReason.statusCode()).isEqualTo(400);
        assertThat(discarded.statusCode()).isEqualTo(302);
        assertThat(tasks.find(t.key()).orElseThrow().status()).isEqualTo(TaskStatus.DISCARDED);
        assertThat(browser.get(taskPage).body()).contains("id=\"task-status\"").doesNotContain("id=\"discard\"");
        assertThat(audit.forSubject("task", ReleaseQuarantinedWorkUseCase.auditSubject(t.key().value())))
                .singleElement()
                .satisfies(e -> assertThat(e.reason()).isEqualTo("the tenant closed its account"));
    }

    private static int confirmedCountOn(String page) {
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("name=\"confirmedCount\" value=\"(\\d+)\"").matcher(page);
        assertThat(m.find()).as("the confirmation carries the count it shows").isTrue();
        return Integer.parseInt(m.group(1));
    }

    @Test
    void anOperatorReplaysAllQuarantinedConsumerMessagesAfterAConfirmationWithTheCountOnce() throws Exception {
        ConsumerDelivery d = quarantinedDelivery("{}");
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        assertThat(browser.get("/admin/quarantine").body()).contains("id=\"replay-all-deliveries\"");
        String confirmation = browser.get("/admin/quarantine/delivery/replay-all").body();
        int count = confirmedCountOn(confirmation);
        assertThat(count).isPositive();
        assertThat(confirmation).contains("Replay " + count + " consumer messages");
        String token = browser.csrf("/admin/quarantine/delivery/replay-all");
        String key = UUID.randomUUID().toString();

        HttpResponse<String> noReason = browser.post("/admin/quarantine/delivery/replay-all", Map.of(
                "confirmedCount", Integer.toString(count), "reason", " ", "actionKey", key, "_csrf", token));
        assertThat(noReason.statusCode()).isEqualTo(400);
        assertThat(stored(d).status()).isEqualTo(DeliveryStatus.QUARANTINED);
        Map<String, String> form = Map.of("confirmedCount", Integer.toString(count), "reason",
                "the SKU is configured now", "actionKey", key, "_csrf", token);
        assertThat(browser.post("/admin/quarantine/delivery/replay-all", form).statusCode()).isEqualTo(302);
        ConsumerDelivery afterFirst = stored(d);
        assertThat(browser.post("/admin/quarantine/delivery/replay-all", form).statusCode()).isEqualTo(302);

        assertThat(afterFirst.status()).isEqualTo(DeliveryStatus.RETRYING);
        assertThat(stored(d)).as("the second submission replays nothing again").isEqualTo(afterFirst);
        assertThat(audit.findByActionKey(new ActionKey(key)).orElseThrow().action())
                .isEqualTo("REPLAY_ALL_DELIVERIES");
        assertThat(audit.forSubject("consumer_delivery", ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey())))
                .singleElement().satisfies(e -> {
                    assertThat(e.action()).isEqualTo("REPLAY_DELIVERY");
                    assertThat(e.result()).isEqualTo("REPLAYED");
                    assertThat(e.reason()).isEqualTo("the SKU is configured now");
                });
    }

    @Test
    void anOperatorReplaysAllQuarantinedTasksAndSupportStaffAreRefusedBothBulkReplays() throws Exception {
        Task t = quarantinedTask();
        ConsumerDelivery d = stored(quarantinedDelivery("{}"));
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String supportToken = support.csrf("/admin/quarantine/task/replay-all");
        for (String path : java.util.List.of("/admin/quarantine/task/replay-all",
                "/admin/quarantine/delivery/replay-all")) {
            assertThat(support.post(path, Map.of("confirmedCount", "500", "reason", "support tries", "actionKey",
                    UUID.randomUUID().toString(), "_csrf", supportToken)).statusCode()).isEqualTo(403);
        }
        assertThat(tasks.find(t.key()).orElseThrow().status()).isEqualTo(TaskStatus.QUARANTINED);
        assertThat(stored(d)).isEqualTo(d);

        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String confirmation = operator.get("/admin/quarantine/task/replay-all").body();
        int count = confirmedCountOn(confirmation);
        assertThat(confirmation).contains("Replay " + count + " tasks");
        HttpResponse<String> replayed = operator.post("/admin/quarantine/task/replay-all", Map.of("confirmedCount",
                Integer.toString(count), "reason", "the receiver is fixed", "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf("/admin/quarantine/task/replay-all")));

        // The task runner may take the replayed task at once: its audit entry says what the replay did.
        assertThat(replayed.statusCode()).isEqualTo(302);
        assertThat(audit.forSubject("task", ReleaseQuarantinedWorkUseCase.auditSubject(t.key().value())))
                .singleElement().satisfies(e -> {
                    assertThat(e.action()).isEqualTo("REPLAY_TASK");
                    assertThat(e.result()).isEqualTo("REPLAYED");
                });
    }
}
