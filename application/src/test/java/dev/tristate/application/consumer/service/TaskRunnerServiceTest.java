package dev.tristate.application.consumer.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotDelivered;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTenantWebhooks;
import dev.tristate.application.fakes.ScriptedTenantNotifier;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.application.tenant.service.TenantServices;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class TaskRunnerServiceTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final URI ENDPOINT = URI.create("https://shop.example/hooks");
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    private final SettableClock clock = new SettableClock(T0);
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryTenantWebhooks webhooks = new InMemoryTenantWebhooks();
    private final ScriptedTenantNotifier notifier = new ScriptedTenantNotifier();
    private final List<String> crashPoints = new ArrayList<>();
    private final List<Integer> callsAtC6 = new ArrayList<>();
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final TaskRunnerService runner = aRunner(tasks, payments, webhooks, credentials, notifier,
            point -> {
                crashPoints.add(point);
                callsAtC6.add(notifier.calls().size());
            }, clock, new Random(3), new TaskSettings(new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0), 3, Duration.ofHours(1)), 10,
            Duration.ofSeconds(30)), null, TraceContext.NONE);

    /** The runner with its notices; {@code revocations} null: the tests' tasks are grants. */
    private static TaskRunnerService aRunner(TaskStore tasks, PaymentRepository payments, TenantWebhooks webhooks,
                                             ChannelCredentialStore credentials, TenantNotifier notifier,
                                             CrashPoints crashPoints, Clock clock, RandomGenerator random,
                                             TaskSettings settings, EntitlementRevocations revocations,
                                             TraceContext trace) {
        return new TaskRunnerService(tasks, payments, revocations,
                new TenantNotices(webhooks, credentials, notifier, trace, crashPoints, clock), clock, random, settings);
    }

    private Task aGrantNoticeFor(PaymentStatus status) {
        var payment = PaymentTestData.aPendingPayment().withStatus(status).withPaidAt(T0)
                .withChannelTxnId("txn-1").build();
        payments.insert(payment);
        Task task = Task.entitlementGranted(new EntitlementKey(payment.tenantId(), "u-1", "course:x", payment.id()),
                T0);
        tasks.insert(task);
        webhooks.setEndpoint(payment.tenantId(), ENDPOINT, T0);
        credentials.addSecret(payment.tenantId(), TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                SECRET, T0, T0);
        return task;
    }

    private Task reread(Task task) {
        return tasks.find(task.key()).orElseThrow();
    }

    @Test
    void theNoticeIsSentInAChildSpanOfTheTraceTheTaskWasWrittenIn() {
        String writer = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        List<String> parents = new ArrayList<>();
        List<Integer> callsInSpan = new ArrayList<>();
        TraceContext trace = new TraceContext() {
            @Override
            public Optional<String> traceId() {
                return Optional.empty();
            }

            @Override
            public Optional<String> traceparent() {
                return Optional.empty();
            }

            @Override
            public <T> T inChildSpan(String parentTraceparent, String name, Supplier<T> work) {
                parents.add(parentTraceparent + " " + name);
                T result = work.get();
                callsInSpan.add(notifier.calls().size());
                return result;
            }
        };
        TaskRunnerService traced = aRunner(tasks, payments, webhooks, credentials, notifier,
                point -> { }, clock, new Random(3), new TaskSettings(new ConsumerRetryPolicy(
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0), 3, Duration.ofHours(1)), 10,
                Duration.ofSeconds(30)), null, trace);
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        tasks.update(new Task(task.key(), task.type(), task.tenantId(), task.paymentId(), task.userId(), task.sku(),
                task.status(), task.attempts(), task.firstFailedAt(), task.nextRunAt(), task.lastError(),
                task.createdAt(), task.updatedAt(), task.version() + 1, writer));

        assertThat(traced.runDue()).isEqualTo(1);

        assertThat(parents).containsExactly(writer + " " + TenantNotices.NOTICE_SPAN);
        assertThat(callsInSpan).as("the notice was sent within the span").containsExactly(1);
        assertThat(reread(task).status()).isEqualTo(TaskStatus.DONE);
    }

    @Test
    void aGrantIsAnnouncedWithTheTaskKeyAsIdempotencyKeyThenTheTaskIsDone() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);

        assertThat(runner.runDue()).isEqualTo(1);

        assertThat(notifier.calls()).singleElement().satisfies(call -> {
            assertThat(call.endpoint()).isEqualTo(ENDPOINT);
            assertThat(call.idempotencyKey()).isEqualTo(task.key());
            assertThat(call.notice().paymentStatus()).isEqualTo("SUCCEEDED");
            assertThat(call.notice().sku()).isEqualTo("course:x");
        });
        assertThat(reread(task).status()).isEqualTo(TaskStatus.DONE);
        assertThat(crashPoints).containsExactly(CrashPoints.C6_BEFORE_TASK_DONE);
        assertThat(callsAtC6).as("C6 lies after the call").containsExactly(1);
        assertThat(runner.runDue()).as("done is done").isZero();
    }

    @Test
    void thePaymentIsCheckedAgainBeforeActing() {
        Task refunded = aGrantNoticeFor(PaymentStatus.REFUNDED);

        runner.runDue();

        assertThat(notifier.calls()).isEmpty();
        assertThat(reread(refunded).status()).isEqualTo(TaskStatus.SKIPPED);
        assertThat(reread(refunded).lastError()).isEqualTo("payment is REFUNDED");
    }

    @Test
    void aTenantWithoutAnEndpointIsSkipped() {
        var payment = PaymentTestData.aPendingPayment().withTenant("no-hooks").withId("pay_no_hooks")
                .withStatus(PaymentStatus.SUCCEEDED).build();
        payments.insert(payment);
        webhooks.setEndpoint(new TenantId("someone-else"), ENDPOINT, T0);
        Task orphan = Task.entitlementGranted(new EntitlementKey(payment.tenantId(), "u", "course:y", payment.id()),
                T0);
        tasks.insert(orphan);

        runner.runDue();

        assertThat(notifier.calls()).isEmpty();
        assertThat(reread(orphan).status()).isEqualTo(TaskStatus.SKIPPED);
        assertThat(reread(orphan).lastError()).isEqualTo("the tenant has no webhook endpoint");
    }

    @Test
    void failuresAndTimeoutsAreRetriedWithBackoffUnderTheSameKeyThenQuarantined() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        notifier.thenAnswer(new NotDelivered(OutcomeClass.RETRYABLE, "HTTP 503"),
                new NotDelivered(OutcomeClass.UNKNOWN, "read timed out"),
                new NotDelivered(OutcomeClass.RETRYABLE, "connection refused"));

        runner.runDue();
        Task afterOne = reread(task);
        assertThat(afterOne.status()).isEqualTo(TaskStatus.PENDING);
        assertThat(afterOne.nextRunAt()).isBetween(T0.plusMillis(500), T0.plusSeconds(1));
        assertThat(runner.runDue()).as("backing off").isZero();
        clock.advance(Duration.ofSeconds(5));
        runner.runDue();
        clock.advance(Duration.ofSeconds(5));
        runner.runDue();

        Task quarantined = reread(task);
        assertThat(quarantined.status()).isEqualTo(TaskStatus.QUARANTINED);
        assertThat(quarantined.attempts()).isEqualTo(3);
        assertThat(quarantined.lastError()).isEqualTo("RETRYABLE: connection refused");
        assertThat(notifier.calls()).extracting(c -> c.idempotencyKey()).containsOnly(task.key()).hasSize(3);
    }

    @Test
    void aDefiniteRefusalIsQuarantinedAtOnce() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        notifier.thenAnswer(new NotDelivered(OutcomeClass.DEFINITE, "HTTP 400"));

        runner.runDue();

        assertThat(reread(task).status()).isEqualTo(TaskStatus.QUARANTINED);
        assertThat(reread(task).lastError()).isEqualTo("PERMANENT: HTTP 400");
    }

    @Test
    void aTaskHeldByAnotherRunnerIsLeftAloneUntilItsLeaseEnds() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        tasks.update(task.claimedUntil(T0.plusSeconds(30), T0));

        assertThat(runner.runDue()).isZero();
        clock.advance(Duration.ofSeconds(31));
        assertThat(runner.runDue()).as("the holder vanished (C6): due again").isEqualTo(1);
        assertThat(reread(task).status()).isEqualTo(TaskStatus.DONE);
    }

    @Test
    void aRoundStartsTasksOnlyInTheFirstHalfOfTheLeaseAndReleasesTheRest() {
        Task first = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        Task second = Task.entitlementGranted(new EntitlementKey(first.tenantId(), "u-1", "course:y",
                first.paymentId()), T0);
        Task third = Task.entitlementGranted(new EntitlementKey(first.tenantId(), "u-1", "course:z",
                first.paymentId()), T0);
        tasks.insert(second);
        tasks.insert(third);
        // Each call takes 16 s of the 30 s lease: the second task would start after its lease's first half.
        List<String> called = new ArrayList<>();
        TaskRunnerService slow = aRunner(tasks, payments, webhooks, credentials,
                (endpoint, key, notice, secrets) -> {
                    called.add(key.value());
                    clock.advance(Duration.ofSeconds(16));
                    return new TenantNotifier.Delivered(200);
                }, point -> { }, clock, new Random(3), new TaskSettings(new ConsumerRetryPolicy(
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0), 3, Duration.ofHours(1)), 10,
                Duration.ofSeconds(30)), null, TraceContext.NONE);

        assertThat(slow.runDue()).isEqualTo(3);

        assertThat(called).containsExactly(first.key().value());
        assertThat(reread(first).status()).isEqualTo(TaskStatus.DONE);
        for (Task left : List.of(second, third)) {
            Task released = reread(left);
            assertThat(released.status()).isEqualTo(TaskStatus.PENDING);
            assertThat(released.attempts()).isZero();
            assertThat(released.nextRunAt()).as("due again at once").isEqualTo(T0.plusSeconds(16));
        }

        assertThat(slow.runDue()).isEqualTo(2);
        assertThat(slow.runDue()).isEqualTo(1);
        assertThat(called).containsExactly(first.key().value(), second.key().value(), third.key().value());
        assertThat(List.of(reread(second).status(), reread(third).status()))
                .containsOnly(TaskStatus.DONE);
    }

    /** Three tasks of one tenant in one round, with a store for each read that counts them. */
    private List<Task> threeTasksOfOneTenantCountingReads(List<String> reads) {
        Task first = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        List<Task> round = new ArrayList<>(List.of(first));
        for (String sku : List.of("course:y", "course:z")) {
            Task task = Task.entitlementGranted(new EntitlementKey(first.tenantId(), "u-1", sku, first.paymentId()),
                    T0);
            tasks.insert(task);
            round.add(task);
        }
        countingWebhooks = new InMemoryTenantWebhooks() {
            @Override
            public Optional<URI> endpointOf(TenantId tenantId) {
                reads.add("endpoint");
                return webhooks.endpointOf(tenantId);
            }
        };
        countingCredentials = new InMemoryChannelCredentialStore() {
            @Override
            public synchronized List<String> validSecrets(TenantId tenantId, String channel, String name,
                                                          Instant now) {
                reads.add("secrets");
                return credentials.validSecrets(tenantId, channel, name, now);
            }
        };
        return round;
    }

    private TenantWebhooks countingWebhooks;
    private InMemoryChannelCredentialStore countingCredentials;

    private TaskRunnerService runnerWith(TenantNotifier notifier) {
        return aRunner(tasks, payments, countingWebhooks, countingCredentials, notifier, point -> { },
                clock, new Random(3), new TaskSettings(new ConsumerRetryPolicy(
                new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0), 3, Duration.ofHours(1)), 10,
                Duration.ofSeconds(30)), null, TraceContext.NONE);
    }

    @Test
    void aRoundReadsATenantsEndpointAndSecretsOnceForItsTasks() {
        List<String> reads = new ArrayList<>();
        List<Task> round = threeTasksOfOneTenantCountingReads(reads);

        assertThat(runnerWith(notifier).runDue()).isEqualTo(3);

        assertThat(reads).containsExactly("endpoint", "secrets");
        assertThat(notifier.calls()).hasSize(3).allSatisfy(call -> {
            assertThat(call.endpoint()).isEqualTo(ENDPOINT);
            assertThat(call.signingSecrets()).containsExactly(SECRET);
        });
        assertThat(round).allSatisfy(task -> assertThat(reread(task).status()).isEqualTo(TaskStatus.DONE));
    }

    @Test
    void aNewEndpointTakesEffectWithinASecondEvenInTheMiddleOfARound() {
        List<String> reads = new ArrayList<>();
        List<Task> round = threeTasksOfOneTenantCountingReads(reads);
        URI moved = URI.create("https://shop.example/new-hooks");
        List<URI> sentTo = new ArrayList<>();
        TaskRunnerService slow = runnerWith((endpoint, key, notice, secrets) -> {
            sentTo.add(endpoint);
            if (sentTo.size() == 1) {
                webhooks.setEndpoint(round.get(0).tenantId(), moved, clock.instant());
                clock.advance(RoundReads.REUSE.plusMillis(1));
            }
            return new TenantNotifier.Delivered(200);
        });

        assertThat(slow.runDue()).isEqualTo(3);

        assertThat(sentTo).containsExactly(ENDPOINT, moved, moved);
        assertThat(reads).containsExactly("endpoint", "secrets", "endpoint", "secrets");
    }

    @Test
    void theNoticeGoesWithTheTenantsValidSigningSecretsNewestFirst() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        credentials.addSecret(task.tenantId(), TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                "whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=", T0, T0.plusSeconds(60));

        runner.runDue();

        assertThat(notifier.calls()).singleElement().satisfies(call -> assertThat(call.signingSecrets())
                .containsExactly("whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=", SECRET));
    }

    @Test
    void aTenantWithoutAValidSigningSecretGetsNoUnsignedNoticeAndItsTaskIsQuarantined() {
        Task task = aGrantNoticeFor(PaymentStatus.SUCCEEDED);
        long id = credentials.secretInfos(task.tenantId()).get(0).id();
        credentials.revokeSecret(task.tenantId(), id, T0);

        runner.runDue();

        assertThat(notifier.calls()).isEmpty();
        assertThat(reread(task).status()).isEqualTo(TaskStatus.QUARANTINED);
        assertThat(reread(task).lastError()).contains("signing secret");
    }

    @Test
    void aWebhookEndpointIsAnAbsoluteHttpUrl() {
        ConfigureTenantWebhookUseCase service = TenantServices.configureTenantWebhook(webhooks,
                WebhookEndpointPolicy.ANY, clock);
        TenantId tenant = new TenantId("t-hooks");

        service.configure(tenant, URI.create("http://127.0.0.1:8081/grants"));

        assertThat(webhooks.endpointOf(tenant)).contains(URI.create("http://127.0.0.1:8081/grants"));
        for (String bad : List.of("/relative", "ftp://host/x", "mailto:someone@example.com", "http:///nohost")) {
            assertThatThrownBy(() -> service.configure(tenant, URI.create(bad))).as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
