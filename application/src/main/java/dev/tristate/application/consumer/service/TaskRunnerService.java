package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.task.Task;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * Runs due tasks. Each is claimed by a compare-and-set that also pushes its next run out by the lease, so a runner
 * that dies (crash point C6 included) leaves it due again, never lost. Before acting it re-checks the payment: a grant
 * is announced only while the payment is paid. The task key goes downstream as {@code Idempotency-Key}: a task run
 * twice (the lease ran out, or the process died after the call) is one notice to a receiver that honours it. The
 * signed notice itself is {@link TenantNotices}; a tenant without a signing secret has its task fail for good
 * (quarantined, to be replayed once the operator has issued a secret).
 */
class TaskRunnerService implements RunTasksUseCase {

    private final TaskStore tasks;
    private final PaymentRepository payments;
    private final EntitlementRevocations revocations;
    private final TenantNotices notices;
    private final Clock clock;
    private final RandomGenerator random;
    private final TaskSettings settings;

    /** With {@code revocations} null, a revocation task fails for good: this runner runs grants' notices alone. */
    TaskRunnerService(TaskStore tasks, PaymentRepository payments, EntitlementRevocations revocations,
                      TenantNotices notices, Clock clock, RandomGenerator random, TaskSettings settings) {
        this.tasks = tasks;
        this.payments = payments;
        this.revocations = revocations;
        this.notices = notices;
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
        RoundReads reads = notices.newRound();
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
                return failed(task, ConsumerFailure.permanent("no revocation in this runner"));
            }
            try {
                // Idempotent by the grants' status: a re-run (a crash at C6) revokes and reverses nothing twice.
                revocations.revoke(task.tenantId(), task.paymentId(), clock.instant());
            } catch (PersistenceFailure e) {
                return failed(task, ConsumerFailure.transientFailure(e.outcomeClass(), e.getMessage()));
            }
        }
        TenantNotices.Result sent = notices.send(task, payment.get().status(), revocation, reads);
        if (sent instanceof TenantNotices.Failed notSent) {
            return failed(task, notSent.failure());
        }
        if (sent == TenantNotices.Settled.NO_ENDPOINT && !revocation) {
            return task.skipped(clock.instant(), "the tenant has no webhook endpoint");
        }
        return task.done(clock.instant());
    }

    private Task failed(Task task, ConsumerFailure failure) {
        return task.afterFailure(failure, settings.retryPolicy(), clock.instant(), random.nextDouble());
    }
}
