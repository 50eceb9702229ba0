package dev.tristate.application.resolution.port.out;

import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The resolver's work list: one case per payment (or refund: {@code paymentId} names either) whose outcome
 * the channel must tell us. Several resolver instances
 * share it safely: a case is worked on only under a lease, and every write-back is conditional on the lease token.
 */
public interface ResolutionCases {

    /**
     * Opens a case due at {@code dueAt}, or re-opens a resolved one. An OPEN case is brought forward to
     * {@code dueAt} if that is sooner (unless leased); a FLAGGED case stays flagged (a person has it). Returns whether
     * the case is open afterwards.
     */
    boolean open(TenantId tenantId, PaymentOrRefundId paymentId, String channel, String reason, Instant dueAt);

    /**
     * Unresolved payments (PENDING, PROCESSING, UNKNOWN) not changed since {@code staleBefore} that have no open or
     * flagged case, oldest first: the resolver opens a case for each.
     */
    List<Candidate> findStalePayments(Instant staleBefore, int limit);

    /**
     * Leases up to {@code limit} open cases due at {@code now} on the given channels, each to this token until
     * {@code leaseUntil}. A case leased by someone else is not returned until its lease has expired.
     */
    List<ClaimedCase> claim(Collection<String> channels, int limit, LeaseToken lease, Instant now, Instant leaseUntil);

    /** Leases one case now, due or not (an operator asked); empty when another resolver holds it. */
    Optional<ClaimedCase> claimNow(TenantId tenantId, PaymentOrRefundId paymentId, LeaseToken lease, Instant now,
                                   Instant leaseUntil);

    /** Writes back a worked case, only while the lease is still ours; false when it was taken over. */
    boolean complete(PaymentOrRefundId paymentId, LeaseToken lease, Completion completion);

    /** Appends one query of the channel to the case's history. */
    void recordAttempt(Attempt attempt);

    Optional<CaseView> find(TenantId tenantId, PaymentOrRefundId paymentId);

    /** Cases of one tenant or all (null), in the given statuses, most recently changed first. */
    List<CaseView> list(TenantId tenantIdOrNull, Collection<ResolutionStatus> statuses, int limit);

    /** The queries made for the payment, oldest first. */
    List<Attempt> history(TenantId tenantId, PaymentOrRefundId paymentId);

    /** How many cases are in each status (every status, zero where none) and the oldest OPEN case: for the gauges. */
    CaseCounts countByStatus();

    /** {@code oldestOpenSince}: when the longest-open OPEN case was opened; null when none is OPEN. */
    record CaseCounts(Map<ResolutionStatus, Long> byStatus, Instant oldestOpenSince) {
        public CaseCounts {
            EnumMap<ResolutionStatus, Long> all = new EnumMap<>(ResolutionStatus.class);
            for (ResolutionStatus status : ResolutionStatus.values()) {
                all.put(status, byStatus.getOrDefault(status, 0L));
            }
            byStatus = Collections.unmodifiableMap(all);
        }
    }

    record Candidate(TenantId tenantId, PaymentOrRefundId paymentId, String channel) {
    }

    record ClaimedCase(TenantId tenantId, PaymentOrRefundId paymentId, String channel, int attempts, Instant openedAt) {
    }

    /** What a worked case becomes: status, attempts so far, when next (OPEN only), what was found. */
    record Completion(ResolutionStatus status, int attempts, Instant nextAttemptAt, String lastResult, Instant at) {
        public Completion {
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(at, "at");
            if (status == ResolutionStatus.OPEN) {
                Objects.requireNonNull(nextAttemptAt, "an open case has a next attempt");
            }
        }
    }

    record CaseView(TenantId tenantId, PaymentOrRefundId paymentId, String channel, ResolutionStatus status,
                    String reason, int attempts, Instant nextAttemptAt, String lastResult, Instant openedAt,
                    Instant updatedAt, boolean leased) {
    }

    /** One query: what the channel answered ({@code answer}) and what it did to the payment ({@code effect}). */
    record Attempt(TenantId tenantId, PaymentOrRefundId paymentId, int attempt, Instant askedAt, String answer,
                   String effect, String detail) {
        public Attempt {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(paymentId, "payment id");
            Objects.requireNonNull(askedAt, "asked at");
            Objects.requireNonNull(answer, "answer");
            Objects.requireNonNull(effect, "effect");
        }
    }
}
