package dev.tristate.application.consumer.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link TaskStore} and {@link TenantWebhooks} must do: the MyBatis adapters and the fakes alike. */
public abstract class TaskStoreContract {

    protected static final Instant T0 = Instant.parse("2026-12-01T08:00:00.123456Z");
    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));

    protected abstract TaskStore store();

    protected abstract TenantWebhooks webhooks();

    private static Task aTask(Instant at) {
        return Task.entitlementGranted(new EntitlementKey(new TenantId("t-tasks"), "u-1", "course:x",
                new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""))), at);
    }

    @Test
    void aTaskReadsBackEqualInEveryFieldThroughItsLife() {
        Task task = aTask(T0);
        store().insert(task);
        assertThat(store().find(task.key())).contains(task);

        Task failed = task.claimedUntil(T0.plusSeconds(60), T0).afterFailure(
                ConsumerFailure.transientFailure(OutcomeClass.UNKNOWN, "read timed out"), POLICY, T0.plusSeconds(1),
                0.5);
        store().update(task.claimedUntil(T0.plusSeconds(60), T0));
        assertThat(store().update(failed)).isTrue();

        assertThat(store().find(task.key())).contains(failed);
    }

    @Test
    void aPaymentsTasksAreListedOldestFirstAndNoOtherPaymentsOrTenants() {
        Task first = aTask(T0);
        Task second = Task.entitlementGranted(new EntitlementKey(first.tenantId(), "u-1", "course:y",
                first.paymentId()), T0.plusSeconds(5));
        Task otherPayment = aTask(T0);
        Task otherTenant = Task.entitlementGranted(new EntitlementKey(new TenantId("t-tasks-other"), "u-1",
                "course:z", first.paymentId()), T0);
        store().insert(second);
        store().insert(first);
        store().insert(otherPayment);
        store().insert(otherTenant);

        assertThat(store().forPayment(first.tenantId(), first.paymentId())).containsExactly(first, second);
    }

    @Test
    void tasksAreInsertedTogetherAndEachKeyStaysUnique() {
        Task first = aTask(T0);
        Task second = aTask(T0.plusSeconds(1));

        store().insertAll(List.of(first, second));
        store().insertAll(List.of());

        assertThat(store().find(first.key())).contains(first);
        assertThat(store().find(second.key())).contains(second);
        assertThatThrownBy(() -> store().insertAll(List.of(second))).isInstanceOf(
                PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void aTaskKeyIsUnique() {
        Task task = aTask(T0);
        store().insert(task);

        assertThatThrownBy(() -> store().insert(task)).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void anUpdateFromAStaleVersionChangesNothing() {
        Task task = aTask(T0);
        store().insert(task);

        assertThat(store().update(task.claimedUntil(T0.plusSeconds(60), T0))).isTrue();
        assertThat(store().update(task.claimedUntil(T0.plusSeconds(90), T0))).isFalse();
        assertThat(store().find(task.key()).orElseThrow().nextRunAt()).isEqualTo(T0.plusSeconds(60));
    }

    @Test
    void aRoundsTasksAreClaimedTogetherEachAtTheVersionItWasReadAt() {
        Task first = aTask(T0);
        Task second = aTask(T0);
        store().insert(first);
        store().insert(second);

        List<Task> claimed = store().claimAll(List.of(first, second), T0.plusSeconds(60), T0);

        assertThat(claimed).containsExactly(first.claimedUntil(T0.plusSeconds(60), T0),
                second.claimedUntil(T0.plusSeconds(60), T0));
        assertThat(store().find(first.key())).contains(claimed.get(0));
        assertThat(store().find(second.key())).contains(claimed.get(1));
        assertThat(store().claimAll(List.of(first, second), T0.plusSeconds(90), T0))
                .as("claimed again from the versions read before").isEmpty();
    }

    @Test
    void aClaimLeavesAloneTheTasksChangedSinceTheyWereRead() {
        Task first = aTask(T0);
        Task takenByAnother = aTask(T0);
        Task doneMeanwhile = aTask(T0);
        Task last = aTask(T0);
        List.of(first, takenByAnother, doneMeanwhile, last).forEach(store()::insert);
        Task theirs = takenByAnother.claimedUntil(T0.plusSeconds(61), T0.plusMillis(1));
        store().update(theirs);
        Task done = doneMeanwhile.claimedUntil(T0.plusSeconds(60), T0).done(T0.plusMillis(2));
        store().update(doneMeanwhile.claimedUntil(T0.plusSeconds(60), T0));
        store().update(done);

        List<Task> claimed = store().claimAll(List.of(first, takenByAnother, doneMeanwhile, last),
                T0.plusSeconds(60), T0);

        assertThat(claimed).containsExactly(first.claimedUntil(T0.plusSeconds(60), T0),
                last.claimedUntil(T0.plusSeconds(60), T0));
        assertThat(store().find(takenByAnother.key())).contains(theirs);
        assertThat(store().find(doneMeanwhile.key())).contains(done);
        assertThat(store().find(last.key())).contains(claimed.get(1));
    }

    @Test
    void dueTasksComeLongestDueFirstAndOnlyPendingOnes() {
        Instant farPast = Instant.parse("2001-01-01T00:00:00Z");
        Task later = aTask(farPast.plusSeconds(5));
        Task earlier = aTask(farPast);
        Task done = aTask(farPast.minusSeconds(5));
        store().insert(later);
        store().insert(earlier);
        store().insert(done);
        store().update(done.done(farPast));

        assertThat(store().findDue(farPast.plusSeconds(60), 10)).containsExactly(earlier, later);
        assertThat(store().findDue(farPast.plusSeconds(60), 1)).containsExactly(earlier);
        assertThat(store().findDue(farPast.minusSeconds(1), 10)).isEmpty();
    }

    @Test
    void quarantinedTasksAreListedNewestFirstAndReleasedOrDiscardedOnesReadBack() {
        long before = store().count(TaskStatus.QUARANTINED);
        Task older = quarantined(aTask(T0), T0.plusSeconds(1));
        Task newer = quarantined(aTask(T0), T0.plusSeconds(2));
        Task pending = aTask(T0);
        store().insert(pending);

        assertThat(store().count(TaskStatus.QUARANTINED)).isEqualTo(before + 2);
        assertThat(store().findByStatus(TaskStatus.QUARANTINED, 10_000)).containsSubsequence(newer, older)
                .doesNotContain(pending);

        Task released = older.released(T0.plusSeconds(3));
        Task discarded = newer.discarded(T0.plusSeconds(3));
        assertThat(store().update(released)).isTrue();
        assertThat(store().update(discarded)).isTrue();
        assertThat(store().find(older.key())).contains(released);
        assertThat(store().find(newer.key())).contains(discarded);
        assertThat(store().count(TaskStatus.QUARANTINED)).isEqualTo(before);
        assertThat(store().findByStatus(TaskStatus.DISCARDED, 10_000)).contains(discarded);
    }

    private Task quarantined(Task task, Instant at) {
        store().insert(task);
        Task failed = task.afterFailure(ConsumerFailure.permanent("receiver refused: 400"), POLICY, at, 0.5);
        assertThat(store().update(failed)).isTrue();
        return failed;
    }

    @Test
    void aTenantsWebhookEndpointIsSetAndReplaced() {
        TenantId tenant = new TenantId("t-" + UUID.randomUUID().toString().substring(0, 12));
        assertThat(webhooks().endpointOf(tenant)).isEmpty();

        webhooks().setEndpoint(tenant, URI.create("https://shop.example/hooks/a"), T0);
        webhooks().setEndpoint(tenant, URI.create("https://shop.example/hooks/b"), T0.plusSeconds(1));

        assertThat(webhooks().endpointOf(tenant)).contains(URI.create("https://shop.example/hooks/b"));
    }
}
