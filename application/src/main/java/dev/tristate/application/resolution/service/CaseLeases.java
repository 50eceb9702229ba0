package dev.tristate.application.resolution.service;

import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.Candidate;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;

/**
 * Opens and leases the resolver's cases, each in a short transaction of its own: cases for stale payments and refunds,
 * the due cases leased to one resolver at a time, and one payment's case leased at once when an operator asks.
 */
final class CaseLeases {

    /** Tries of a short transaction that the database aborted to break a conflict (deadlock, lock wait). */
    static final int CONFLICT_ATTEMPTS = 3;

    /** The cases opened for stale subjects, and those leased for this round under {@code lease}. */
    record DueCases(int opened, LeaseToken lease, List<ClaimedCase> claimed) {
        DueCases {
            claimed = List.copyOf(claimed);
        }
    }

    private final ResolutionCases cases;
    private final RefundStore refunds;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<UUID> uuids;
    private final ResolverSettings settings;

    CaseLeases(ResolutionCases cases, RefundStore refunds, Transactions transactions, Clock clock,
               Supplier<UUID> uuids, ResolverSettings settings) {
        this.cases = cases;
        this.refunds = refunds;
        this.transactions = transactions;
        this.clock = clock;
        this.uuids = uuids;
        this.settings = settings;
    }

    /** Opens cases for the stale payments and refunds, then leases up to a batch of due cases on these channels. */
    DueCases leaseDue(Collection<String> channels) {
        Instant now = now();
        int opened = retryingConflicts(() -> transactions.inTransaction(() -> openStale(now)));
        LeaseToken lease = new LeaseToken(uuids.get());
        List<ClaimedCase> claimed = retryingConflicts(() -> transactions.inTransaction(() -> cases.claim(channels,
                settings.batchSize(), lease, now, now.plus(settings.lease()))));
        return new DueCases(opened, lease, claimed);
    }

    /**
     * Opens the payment's case, due or not, and leases it for the operator who asks; empty when another resolver holds
     * it. The attempt is audited with the claim, before the channel is asked: a repeated form rolls the claim back.
     */
    Optional<WorkedCase> leaseForOperator(Payment payment, String operator, ActionAudit audit) {
        Instant now = now();
        LeaseToken lease = new LeaseToken(uuids.get());
        Optional<ClaimedCase> claimed = transactions.inTransaction(() -> {
            cases.open(payment.tenantId(), payment.id(), payment.channel(), "ASKED_BY_OPERATOR", now);
            Optional<ClaimedCase> c = cases.claimNow(payment.tenantId(), payment.id(), lease, now,
                    now.plus(settings.lease()));
            audit.record(c.isPresent() ? AskChannelUseCase.ASKING : AskChannelUseCase.IN_PROGRESS, c.isPresent()
                    ? "asking the channel about a " + payment.status() + " payment"
                    : "a resolver is asking the channel about this payment right now", now);
            return c;
        });
        return claimed.map(c -> WorkedCase.byOperator(c, lease, operator, audit));
    }

    private int openStale(Instant now) {
        Instant staleBefore = now.minus(settings.staleAfter());
        int opened = open(cases.findStalePayments(staleBefore, settings.batchSize()), "STALE_PAYMENT", now);
        // Open refunds nobody asked about for a while (a crash after the refund's commit, say).
        return opened + open(refunds.findStale(staleBefore, settings.batchSize()), "STALE_REFUND", now);
    }

    private int open(List<Candidate> candidates, String reason, Instant now) {
        int opened = 0;
        for (Candidate c : candidates) {
            if (cases.open(c.tenantId(), c.paymentId(), c.channel(), reason, now)) {
                opened++;
            }
        }
        return opened;
    }

    /**
     * Runs a short transaction again when the database says "retry": several resolvers opening cases for the same
     * stale payments meet on the cases' unique key, and InnoDB may break such a meeting with a deadlock. Nothing was
     * written by the aborted try, so trying again is safe; any other failure, and the last try's, reach the caller as
     * the port reported them.
     */
    private static <T> T retryingConflicts(Supplier<T> transaction) {
        for (int attempt = 1; attempt < CONFLICT_ATTEMPTS; attempt++) {
            try {
                return transaction.get();
            } catch (PersistenceFailure failure) {
                if (failure.outcomeClass() != OutcomeClass.RETRYABLE || !pausedBeforeRetry(attempt)) {
                    throw failure;
                }
            }
        }
        return transaction.get();
    }

    /** False when interrupted: then nothing more is tried. */
    private static boolean pausedBeforeRetry(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5, 50L * attempt));
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
