package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TenantNotifier.Delivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.GrantNotice;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotDelivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotifyOutcome;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.task.Task;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Runs due tasks. Each is claimed by a compare-and-set that also pushes its next run out by the lease, so a runner
 * that dies (crash point C6 included) leaves it due again, never lost. Before acting it re-checks the payment: a grant
 * is announced only while the payment is paid. The task key goes downstream as {@code Idempotency-Key}: a task run
 * twice (the lease ran out, or the process died after the call) is one notice to a receiver that honours it. Every
 * notice is signed with the tenant's valid webhook signing secrets; a tenant without one gets no unsigned notice: the
 * task fails for good (quarantined, to be replayed once the operator has issued a secret). The call to the tenant's
 * service runs in a child span of the trace the task was written in, so that one trace reaches from the callback to it.
 */
class TaskRunnerService implements RunTasksUseCase {

    static final String NOTICE_SPAN = "tenant notice";

    private final TaskStore tasks;
    private final PaymentRepository payments;
    private final TenantWebhooks webhooks;
    private final ChannelCredentialStore credentials;
    private final TenantNotifier notifier;
    private final CrashPoints crashPoints;
    private final Clock clock;
    private final RandomGenerator random;
    private final TaskSettings settings;
    private final EntitlementRevocations revocations;
    private final TraceContext trace;

    TaskRunnerService(TaskStore tasks, PaymentRepository payments, TenantWebhooks webhooks,
                      ChannelCredentialStore credentials, TenantNotifier notifier, CrashPoints crashPoints,
                      Clock clock, RandomGenerator random, TaskSettings settings) {
        this(tasks, payments, webhooks, credentials, notifier, crashPoints, clock, random, settings, null);
    }

    /** With {@code revocations}: also runs the revocation tasks of fully refunded payments. */
    TaskRunnerService(TaskStore tasks, PaymentRepository payments, TenantWebhooks webhooks,
                      ChannelCredentialStore credentials, TenantNotifier notifier, CrashPoints crashPoints,
                      Clock clock, RandomGenerator random, TaskSettings settings,
                      EntitlementRevocations revocations) {
        this(tasks, payments, webhooks, credentials, notifier, crashPoints, clock, random, settings, revocations,
                TraceContext.NONE);
    }

    /** With {@code trace}: each notice continues the trace its task was written in. */
    TaskRunnerService(TaskStore tasks, PaymentRepository payments, TenantWebhooks webhooks,
                      ChannelCredentialStore credentials, TenantNotifier notifier, CrashPoints crashPoints,
                      Clock clock, RandomGenerator random, TaskSettings settings,
                      EntitlementRevocations revocations, TraceContext trace) {
        this.trace = trace;
        this.revocations = revocations;
        this.tasks = tasks;
        this.payments = payments;
        this.webhooks = webhooks;
        this.credentials = credentials;
        this.notifier = notifier;
        this.crashPoints = crashPoints;
        this.clock = clock;
        this.random = random;
        this.settings = settings;
    }

    /**
     * Claims the round's due tasks together (one statement instead of one per task), then runs them one after the
     * other. A task starts only within the first half of its lease: the lease is more than twice the longest call
     * to a tenant's service (the application checks this at start-up), so a task that starts then also ends within
     * its lease, and no other runner can claim it while it runs. The tasks left when slow calls used up that half
     * are released, due again at once, for the next round.
     */
    @Override
    public int runDue() {
        Instant now = clock.instant();
        List<Task> due = tasks.findDue(now, settings.batchSize());
        if (due.isEmpty()) {
            return 0;
        }
        List<Task> claimed = tasks.claimAll(due, now.plus(settings.lease()), now);
        Instant lastStart = now.plus(settings.lease().dividedBy(2));
        RoundReads reads = new RoundReads(webhooks, credentials, clock);
        for (Task task : claimed) {
            Instant start = clock.instant();
            // A lost compare-and-set afterwards means the lease ran out and another runner decides.
            tasks.update(start.isAfter(lastStart) ? task.claimedUntil(start, start) : run(task, reads));
        }
        return claimed.size();
    }

    private Task run(Task task, RoundReads reads) {
        boolean revocation = Task.ENTITLEMENTS_REVOKED.equals(task.type());
        Optional<Payment> payment = payments.findById(task.tenantId(), task.paymentId());
        // Re-check the payment: a grant is announced while it stands, a revocation only once it is fully refunded.
        boolean applies = payment.isPresent() && (revocation ? payment.get().status() == PaymentStatus.REFUNDED
                : payment.get().status().grantStands());
        if (!applies) {
            return task.skipped(clock.instant(), "payment is " + payment.map(p -> p.status().name()).orElse("gone"));
        }
        if (revocation) {
            if (revocations == null) {
                return task.afterFailure(ConsumerFailure.permanent("no revocation in this runner"),
                        settings.retryPolicy(), clock.instant(), random.nextDouble());
            }
            try {
                // Idempotent by the grants' status: a re-run (a crash at C6) revokes and reverses nothing twice.
                revocations.revoke(task.tenantId(), task.paymentId(), clock.instant());
            } catch (PersistenceFailure e) {
                return task.afterFailure(ConsumerFailure.transientFailure(e.outcomeClass(), e.getMessage()),
                        settings.retryPolicy(), clock.instant(), random.nextDouble());
            }
        }
        Optional<URI> endpoint = reads.endpointOf(task.tenantId());
        if (endpoint.isEmpty()) {
            return revocation ? task.done(clock.instant())
                    : task.skipped(clock.instant(), "the tenant has no webhook endpoint");
        }
        List<String> secrets;
        try {
            secrets = reads.signingSecrets(task.tenantId());
        } catch (PersistenceFailure e) {
            return task.afterFailure(ConsumerFailure.transientFailure(e.outcomeClass(), e.getMessage()),
                    settings.retryPolicy(), clock.instant(), random.nextDouble());
        }
        if (secrets.isEmpty()) {
            return task.afterFailure(ConsumerFailure.permanent("the tenant has no valid webhook signing secret:"
                    + " issue one on the tenant page, then replay"), settings.retryPolicy(), clock.instant(),
                    random.nextDouble());
        }
        NotifyOutcome outcome;
        try {
            GrantNotice notice = new GrantNotice(revocation ? GrantNotice.REVOKED : GrantNotice.GRANTED,
                    task.tenantId(), task.paymentId(), payment.get().status().name(), task.userId(), task.sku());
            outcome = trace.inChildSpan(task.traceparent(), NOTICE_SPAN,
                    () -> notifier.notify(endpoint.get(), task.key(), notice, secrets));
        } catch (RuntimeException e) {
            outcome = new NotDelivered(OutcomeClass.UNKNOWN, "the notifier failed: " + e);
        }
        if (outcome instanceof Delivered) {
            crashPoints.reached(CrashPoints.C6_BEFORE_TASK_DONE);
            return task.done(clock.instant());
        }
        NotDelivered failed = (NotDelivered) outcome;
        ConsumerFailure failure = failed.outcomeClass() == OutcomeClass.DEFINITE
                ? ConsumerFailure.permanent(failed.reason())
                : ConsumerFailure.transientFailure(failed.outcomeClass(), failed.reason());
        return task.afterFailure(failure, settings.retryPolicy(), clock.instant(), random.nextDouble());
    }
}
