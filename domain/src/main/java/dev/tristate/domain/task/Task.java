package dev.tristate.domain.task;

import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.outbox.RetryDecision;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Objects;

/**
 * A side effect outside the database (telling the tenant's own service that an entitlement was granted), written in
 * the transaction that decided it and run afterwards, at least once, under its own key. {@code version} guards every
 * write (compare-and-set): a runner that lost its lease cannot change the task. {@code traceparent} is the W3C trace
 * context of the work that wrote it (null: none), so that the task's run continues that trace.
 */
public record Task(TaskKey key, String type, TenantId tenantId, PaymentId paymentId, String userId, String sku,
                   TaskStatus status, int attempts, Instant firstFailedAt, Instant nextRunAt, String lastError,
                   Instant createdAt, Instant updatedAt, long version, String traceparent) {

    public static final String ENTITLEMENT_GRANTED = "ENTITLEMENT_GRANTED";
    /** Revoke a fully refunded payment's grants, then tell the tenant's service. */
    public static final String ENTITLEMENTS_REVOKED = "ENTITLEMENTS_REVOKED";

    public Task {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(tenantId, "tenant");
        Objects.requireNonNull(paymentId, "payment");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(nextRunAt, "next run");
        Objects.requireNonNull(createdAt, "created at");
        Objects.requireNonNull(updatedAt, "updated at");
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts cannot be negative");
        }
    }

    /** The notice of a grant, due at once. */
    public static Task entitlementGranted(EntitlementKey grant, Instant now) {
        return new Task(TaskKey.entitlementGranted(grant), ENTITLEMENT_GRANTED, grant.tenantId(), grant.paymentId(),
                grant.userId(), grant.sku(), TaskStatus.PENDING, 0, null, now, null, now, now, 0, null);
    }

    /** The revocation of the grants of a payment that was just fully refunded, due at once. */
    public static Task entitlementsRevoked(Payment refunded, Instant now) {
        if (refunded.status() != PaymentStatus.REFUNDED) {
            throw new IllegalArgumentException("only a fully refunded payment's grants are revoked");
        }
        return new Task(TaskKey.entitlementsRevoked(refunded.id()), ENTITLEMENTS_REVOKED, refunded.tenantId(),
                refunded.id(), refunded.userId(), refunded.sku(), TaskStatus.PENDING, 0, null, now, null, now, now, 0,
                null);
    }

    /** The same task, as written by work traced by {@code traceparent} (null: untraced); not a new version. */
    public Task tracedBy(String traceparent) {
        return new Task(key, type, tenantId, paymentId, userId, sku, status, attempts, firstFailedAt, nextRunAt,
                lastError, createdAt, updatedAt, version, traceparent);
    }

    /** Held by a runner until {@code until}; due again then if the runner vanished (a crash at C6 included). */
    public Task claimedUntil(Instant until, Instant now) {
        if (status != TaskStatus.PENDING) {
            throw new IllegalStateException("only a pending task is claimed");
        }
        return with(status, attempts, firstFailedAt, until, lastError, now);
    }

    public Task done(Instant now) {
        return with(TaskStatus.DONE, attempts + 1, firstFailedAt, now, lastError, now);
    }

    public Task skipped(Instant now, String reason) {
        return with(TaskStatus.SKIPPED, attempts, firstFailedAt, now, reason, now);
    }

    /**
     * A person releases a quarantined task: due at once for one more run (the receiver dedupes by the task key); a
     * task that fails again is quarantined again. The last error is kept until the next run.
     */
    public Task released(Instant now) {
        requireQuarantined();
        return with(TaskStatus.PENDING, attempts, firstFailedAt, now, lastError, now);
    }

    /** A person gives up on a quarantined task for good. */
    public Task discarded(Instant now) {
        requireQuarantined();
        return with(TaskStatus.DISCARDED, attempts, firstFailedAt, now, lastError, now);
    }

    private void requireQuarantined() {
        if (status != TaskStatus.QUARANTINED) {
            throw new IllegalStateException("only a quarantined task is released or discarded");
        }
    }

    /** Another failed run: backoff with jitter, bounded in count and time; a permanent failure quarantines at once. */
    public Task afterFailure(ConsumerFailure failure, ConsumerRetryPolicy policy, Instant now, double jitter) {
        int failed = attempts + 1;
        Instant windowStart = firstFailedAt == null ? now : firstFailedAt;
        RetryDecision decision = policy.afterFailure(failed, windowStart, failure, now, jitter);
        if (decision instanceof RetryDecision.RetryAt retry) {
            return with(TaskStatus.PENDING, failed, windowStart, retry.nextAttemptAt(), failure.describe(), now);
        }
        return with(TaskStatus.QUARANTINED, failed, windowStart, now, failure.describe(), now);
    }

    private Task with(TaskStatus newStatus, int newAttempts, Instant newFirstFailedAt, Instant newNextRunAt,
                      String newLastError, Instant now) {
        return new Task(key, type, tenantId, paymentId, userId, sku, newStatus, newAttempts, newFirstFailedAt,
                newNextRunAt, newLastError, createdAt, now, version + 1, traceparent);
    }
}
