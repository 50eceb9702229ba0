package dev.tristate.application.consumer.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase.DeliveryCommand;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase.TaskCommand;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryConsumerDeliveryStore;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WorkQuarantineServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final Operator OPERATOR = new Operator("olga", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);
    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));
    private static final Reason REASON = new Reason("the SKU is configured now");

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryConsumerDeliveryStore deliveries = new InMemoryConsumerDeliveryStore();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final WorkQuarantineService service = new WorkQuarantineService(deliveries, tasks, audit,
            new InMemoryTransactions(audit, deliveries, tasks), Clock.fixed(NOW, ZoneOffset.UTC));
    private final WorkQuarantineQueryService queries = new WorkQuarantineQueryService(deliveries, tasks);

    private ConsumerDelivery quarantinedDelivery() {
        InboundMessage message = new InboundMessage(UUID.randomUUID().toString(), "PaymentSucceeded",
                Map.of("amqp.routing-key", "payment.succeeded"), "{\"sku\":\"x\"}".getBytes(StandardCharsets.UTF_8));
        ConsumerDelivery d = ConsumerDelivery.firstFailure("entitlements", message,
                ConsumerFailure.permanent("unknown SKU kind"), POLICY, NOW.minusSeconds(60), 0.5);
        deliveries.insert(d);
        return d;
    }

    private Task quarantinedTask() {
        Task t = Task.entitlementGranted(new EntitlementKey(new TenantId("t-q"), "u-1", "course:x",
                new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""))), NOW.minusSeconds(60));
        tasks.insert(t);
        Task failed = t.afterFailure(ConsumerFailure.permanent("receiver refused: 400"), POLICY, NOW.minusSeconds(30),
                0.5);
        tasks.update(failed);
        return failed;
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private static DeliveryCommand on(ConsumerDelivery d, Operator who, ActionKey key) {
        return new DeliveryCommand(d.consumer(), d.deliveryKey(), REASON, who, key);
    }

    @Test
    void quarantinedDeliveriesAndTasksAreListedAndCounted() {
        ConsumerDelivery d = quarantinedDelivery();
        Task t = quarantinedTask();

        assertThat(queries.quarantinedDeliveries(10)).containsExactly(d);
        assertThat(queries.quarantinedTasks(10)).containsExactly(t);
        assertThat(queries.countQuarantinedDeliveries()).isEqualTo(1);
        assertThat(queries.countQuarantinedTasks()).isEqualTo(1);
        assertThat(queries.delivery(d.consumer(), d.deliveryKey())).contains(d);
        assertThat(queries.task(t.key())).contains(t);
    }

    @Test
    void replayingADeliveryMakesItDueNowWithItsHistoryAndIsAudited() {
        ConsumerDelivery d = quarantinedDelivery();

        ActionResult result = service.replayDelivery(on(d, OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("REPLAYED");
        ConsumerDelivery after = deliveries.find(d.consumer(), d.deliveryKey()).orElseThrow();
        assertThat(after.status()).isEqualTo(DeliveryStatus.RETRYING);
        assertThat(after.nextAttemptAt()).isEqualTo(NOW);
        assertThat(after.message()).isEqualTo(d.message());
        assertThat(after.history()).last().satisfies(a -> assertThat(a.result()).isEqualTo("RELEASED by olga"));
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("REPLAY_DELIVERY");
            assertThat(e.reason()).isEqualTo(REASON.text());
            assertThat(e.subjectId()).isEqualTo(ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey()))
                    .hasSizeLessThanOrEqualTo(64).startsWith(d.message().messageId());
        });
    }

    @Test
    void theSameFormTwiceReplaysOnceAndAReplayOfWhatIsNoLongerQuarantinedChangesNothing() {
        ConsumerDelivery d = quarantinedDelivery();
        ActionKey key = key();
        service.replayDelivery(on(d, OPERATOR, key));
        ConsumerDelivery afterFirst = deliveries.find(d.consumer(), d.deliveryKey()).orElseThrow();

        ActionResult again = service.replayDelivery(on(d, OPERATOR, key));
        ActionResult another = service.replayDelivery(on(d, OPERATOR, key()));

        assertThat(again.repeated()).isTrue();
        assertThat(another.entry().result()).isEqualTo("NOT_QUARANTINED");
        assertThat(deliveries.find(d.consumer(), d.deliveryKey())).contains(afterFirst);
        assertThat(audit.entries()).hasSize(2);
    }

    @Test
    void discardingADeliveryKeepsItAsDiscarded() {
        ConsumerDelivery d = quarantinedDelivery();

        assertThat(service.discardDelivery(on(d, OPERATOR, key())).entry().result()).isEqualTo("DISCARDED");
        assertThat(deliveries.find(d.consumer(), d.deliveryKey()).orElseThrow().status())
                .isEqualTo(DeliveryStatus.DISCARDED);
        assertThat(queries.countQuarantinedDeliveries()).isZero();
    }

    @Test
    void replayingATaskMakesItPendingNowAndDiscardingOneEndsIt() {
        Task replayed = quarantinedTask();
        Task discarded = quarantinedTask();

        service.replayTask(new TaskCommand(replayed.key(), REASON, OPERATOR, key()));
        service.discardTask(new TaskCommand(discarded.key(), REASON, OPERATOR, key()));

        assertThat(tasks.find(replayed.key()).orElseThrow()).satisfies(t -> {
            assertThat(t.status()).isEqualTo(TaskStatus.PENDING);
            assertThat(t.nextRunAt()).isEqualTo(NOW);
        });
        assertThat(tasks.find(discarded.key()).orElseThrow().status()).isEqualTo(TaskStatus.DISCARDED);
        assertThat(audit.entries()).extracting(e -> e.action()).containsExactly("REPLAY_TASK", "DISCARD_TASK");
    }

    @Test
    void supportStaffAreRefusedAndNothingChanges() {
        ConsumerDelivery d = quarantinedDelivery();
        Task t = quarantinedTask();

        assertThatThrownBy(() -> service.replayDelivery(on(d, SUPPORT, key()))).isInstanceOf(NotPermitted.class);
        assertThatThrownBy(() -> service.discardTask(new TaskCommand(t.key(), REASON, SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(deliveries.find(d.consumer(), d.deliveryKey())).contains(d);
        assertThat(tasks.find(t.key())).contains(t);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void anUnknownDeliveryIsNotFound() {
        assertThatThrownBy(() -> service.replayDelivery(new DeliveryCommand("entitlements", "nope:00", REASON,
                OPERATOR, key()))).isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }

    private static BulkReplayCommand bulk(int confirmed, Operator who, ActionKey key) {
        return new BulkReplayCommand(confirmed, REASON, who, key);
    }

    @Test
    void aBulkReplayOfConsumerMessagesReplaysAtMostTheConfirmedCountEachAudited() {
        quarantinedDelivery();
        quarantinedDelivery();
        quarantinedDelivery();
        ActionKey key = key();

        ActionResult result = service.replayAllDeliveries(bulk(2, OPERATOR, key));

        assertThat(result.entry().result()).isEqualTo("REPLAYED");
        assertThat(result.entry().detail()).isEqualTo("2 of 2 confirmed");
        assertThat(queries.countQuarantinedDeliveries()).isEqualTo(1);
        assertThat(audit.entries()).hasSize(3).filteredOn(e -> e.action().equals("REPLAY_DELIVERY"))
                .hasSize(2).allSatisfy(e -> {
                    assertThat(e.result()).isEqualTo("REPLAYED");
                    assertThat(e.reason()).isEqualTo(REASON.text());
                    assertThat(e.actionKey().value()).startsWith(key.value() + ":");
                });
        assertThat(audit.entries()).filteredOn(e -> e.action().equals("REPLAY_ALL_DELIVERIES")).singleElement()
                .satisfies(e -> assertThat(e.actionKey()).isEqualTo(key));
    }

    @Test
    void theSameBulkReplayFormTwiceReplaysOnce() {
        quarantinedDelivery();
        ActionKey key = key();
        service.replayAllDeliveries(bulk(1, OPERATOR, key));
        quarantinedDelivery();

        ActionResult again = service.replayAllDeliveries(bulk(1, OPERATOR, key));

        assertThat(again.repeated()).isTrue();
        assertThat(queries.countQuarantinedDeliveries()).isEqualTo(1);
        assertThat(audit.entries()).hasSize(2);
    }

    @Test
    void aBulkReplayOfTasksMakesThemDueNowEachAudited() {
        Task first = quarantinedTask();
        Task second = quarantinedTask();

        ActionResult result = service.replayAllTasks(bulk(5, OPERATOR, key()));

        assertThat(result.entry().detail()).isEqualTo("2 of 5 confirmed");
        assertThat(tasks.find(first.key()).orElseThrow().status()).isEqualTo(TaskStatus.PENDING);
        assertThat(tasks.find(second.key()).orElseThrow().nextRunAt()).isEqualTo(NOW);
        assertThat(audit.entries()).filteredOn(e -> e.action().equals("REPLAY_TASK")).extracting(e -> e.subjectId())
                .containsExactlyInAnyOrder(ReleaseQuarantinedWorkUseCase.auditSubject(first.key().value()),
                        ReleaseQuarantinedWorkUseCase.auditSubject(second.key().value()));
    }

    @Test
    void supportStaffAreRefusedABulkReplayAndNothingChanges() {
        quarantinedDelivery();
        quarantinedTask();

        assertThatThrownBy(() -> service.replayAllDeliveries(bulk(1, SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThatThrownBy(() -> service.replayAllTasks(bulk(1, SUPPORT, key()))).isInstanceOf(NotPermitted.class);
        assertThat(queries.countQuarantinedDeliveries()).isEqualTo(1);
        assertThat(queries.countQuarantinedTasks()).isEqualTo(1);
        assertThat(audit.entries()).isEmpty();
    }
}
