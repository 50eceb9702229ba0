package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.RelayOutboxUseCase;
import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.application.outbox.port.out.EventPublisher.NotSent;
import dev.tristate.application.outbox.port.out.EventPublisher.OutgoingEvent;
import dev.tristate.application.outbox.port.out.EventPublisher.PublishOutcome;
import dev.tristate.application.outbox.port.out.EventPublisher.Sent;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimStart;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimedEvent;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.SharedClaimPlace;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.RetryDecision;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;

/**
 * The outbox relay: claim, publish, write back.
 *
 * <ol>
 *   <li>Claim a batch of due events in one short transaction, under a fresh lease token.</li>
 *   <li>Publish them with no transaction open, and await the broker's confirms for the whole batch.</li>
 *   <li>Mark SENT the confirmed ones still held under our token, in one statement. An event whose lease expired
 *       and was claimed by another relay is left to that relay (which publishes it again, with the same event
 *       id).</li>
 *   <li>Reschedule the others with exponential backoff and jitter; after the retry window, quarantine them with
 *       their last error.</li>
 * </ol>
 *
 * A crash anywhere leaves the event PENDING with a lease that expires: it is published again, never lost. The price is
 * a possible second delivery of the same event id, which consumers absorb by that id.
 *
 * <p>While a backlog drains (every claim comes back full), the next claim continues after the last event of the
 * previous one instead of starting from the beginning of the due range, where the index entries of the rows just
 * claimed wait for the database's purge and would be walked over by every claim. Events before that place that are
 * due after all (one another transaction held locked while we claimed, or one committed late with an earlier due
 * time) are claimed by the next claim from the beginning: after a claim that was not full, and at least every
 * {@link #RESCAN_EVERY} anyway.
 *
 * <p>The place is shared by every relay, in every process, through the store ({@link
 * OutboxRelayStore#sharedClaimPlace()}): each claim reads it (no lock), continues after it and moves it forward in the
 * same transaction, so a claim starts past the batches the other relays have claimed instead of walking over them. A
 * claim that reads it while another claim is still running starts at the same place and skips that claim's rows,
 * which are locked (cheap). Moving it never waits: when another claim is moving it at that moment, this claim leaves
 * it alone. A store without a shared place leaves each process with its own.
 */
class RelayOutboxService implements RelayOutboxUseCase {

    /** At least this often a claim starts from the beginning of the due range, even while claims come back full. */
    static final Duration RESCAN_EVERY = Duration.ofSeconds(1);

    /** Tries of the write-back to SENT when the database refuses it for certain (a deadlock, a lock wait timeout). */
    static final int MARK_SENT_ATTEMPTS = 3;
    private static final Backoff MARK_SENT_BACKOFF = new Backoff(Duration.ofMillis(5), Duration.ofMillis(50), 3.0);

    private final OutboxRelayStore store;
    private final EventPublisher publisher;
    private final Transactions transactions;
    private final CrashPoints crashPoints;
    private final Clock clock;
    private final RandomGenerator random;
    private final RelaySettings settings;

    /** Where this process's last full claim ended: the place to use when the store keeps no shared one. */
    private final AtomicReference<ClaimStart> resumeAfter = new AtomicReference<>();
    private volatile Instant lastClaimFromTheBeginning = Instant.MIN;

    RelayOutboxService(OutboxRelayStore store, EventPublisher publisher, Transactions transactions,
                       CrashPoints crashPoints, Clock clock, RandomGenerator random, RelaySettings settings) {
        this.store = store;
        this.publisher = publisher;
        this.transactions = transactions;
        this.crashPoints = crashPoints;
        this.clock = clock;
        this.random = random;
        this.settings = settings;
    }

    @Override
    public RelayReport relayOnce() {
        LeaseToken lease = new LeaseToken(UUID.randomUUID());
        Instant claimedAt = clock.instant();
        boolean fromTheBeginning = !claimedAt.isBefore(lastClaimFromTheBeginning.plus(RESCAN_EVERY));
        if (fromTheBeginning) {
            lastClaimFromTheBeginning = claimedAt;
        }
        Claim claim = transactions.inTransaction(Workload.GENERAL, () -> {
            SharedClaimPlace shared = store.sharedClaimPlace();
            ClaimStart place = shared.available() ? shared.place() : resumeAfter.get();
            List<ClaimedEvent> events = store.claim(settings.batchSize(), lease, claimedAt,
                    claimedAt.plus(settings.lease()), fromTheBeginning ? null : place);
            ClaimStart next = nextPlace(place, events);
            if (shared.available() && !Objects.equals(next, shared.place())) {
                // Against the place as it is now: another claim may have moved it on since we read it.
                store.moveSharedClaimPlace(now -> next == null ? null : furthest(now, next));
            }
            return new Claim(events, next);
        });
        resumeAfter.set(claim.next());
        List<ClaimedEvent> claimed = claim.events();
        if (claimed.isEmpty()) {
            return RelayReport.IDLE;
        }
        crashPoints.reached(CrashPoints.C3_AFTER_CLAIM);

        Map<EventId, PublishOutcome> outcomes = publish(claimed);

        List<Long> confirmed = new ArrayList<>();
        List<Failure> failures = new ArrayList<>();
        for (ClaimedEvent event : claimed) {
            PublishOutcome outcome = outcomes.get(event.eventId());
            if (outcome instanceof Sent) {
                confirmed.add(event.id());
            } else if (outcome instanceof NotSent notSent) {
                failures.add(new Failure(event, notSent));
            } else {
                failures.add(new Failure(event, new NotSent(OutcomeClass.UNKNOWN, "the publisher reported no outcome")));
            }
        }
        int markedSent = 0;
        if (!confirmed.isEmpty()) {
            crashPoints.reached(CrashPoints.C4_BEFORE_MARK_SENT);
            markedSent = markSent(confirmed, lease);
        }
        Settled settled = failures.isEmpty() ? new Settled(0, 0) : settle(failures, lease);
        boolean brokerUnavailable = confirmed.isEmpty()
                && failures.stream().allMatch(f -> f.outcome().outcomeClass() == OutcomeClass.RETRYABLE);
        return new RelayReport(claimed.size(), confirmed.size(), markedSent, settled.retried(), settled.quarantined(),
                brokerUnavailable, claimed.size() == settings.batchSize());
    }

    /**
     * One conditional UPDATE, a unit of work of its own: no transaction to open and close around it (on MariaDB that
     * is three statements fewer per batch). It is tried again, after a short pause, when the database refused it for
     * certain: another relay's claim can deadlock with it (the claim's locking read holds a row of this batch while it
     * waits for an index entry this UPDATE has just changed), and InnoDB then rolls back the one with less work done,
     * usually this one. Left to the lease, a refused write-back would hold events that are already published for the
     * whole lease and then publish them again. A second try cannot write anything twice: it only changes rows still
     * PENDING under this lease. If every try fails, or the outcome is lost, the events stay leased and are published
     * again after the lease, with the same event ids.
     */
    private int markSent(List<Long> confirmed, LeaseToken lease) {
        for (int attempt = 1; ; attempt++) {
            try {
                return store.markSent(confirmed, lease, clock.instant());
            } catch (PersistenceFailure e) {
                if (e.outcomeClass() != OutcomeClass.RETRYABLE || attempt == MARK_SENT_ATTEMPTS) {
                    throw e;
                }
                try {
                    Thread.sleep(MARK_SENT_BACKOFF.delayBefore(attempt, random.nextDouble()).toMillis());
                } catch (InterruptedException stopping) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /**
     * Where the next claim may start: after the last event of a full claim, or where {@code place} already was if that
     * is further on (a claim from the beginning that took events left behind the place); none after a claim that was
     * not full (it reached the end of the due range).
     */
    private ClaimStart nextPlace(ClaimStart place, List<ClaimedEvent> claimed) {
        if (claimed.size() < settings.batchSize()) {
            return null;
        }
        return furthest(place, claimed.get(claimed.size() - 1).position());
    }

    /** The later of two places in claim order ({@code a} may be null: none). */
    private static ClaimStart furthest(ClaimStart a, ClaimStart b) {
        return a == null || a.isBefore(b.dueAt(), b.id()) ? b : a;
    }

    private Map<EventId, PublishOutcome> publish(List<ClaimedEvent> claimed) {
        List<OutgoingEvent> batch = claimed.stream()
                .map(e -> new OutgoingEvent(e.eventId(), e.eventType(), e.tenantId(), e.payload(), e.createdAt(),
                        e.traceparent()))
                .toList();
        try {
            return publisher.publish(batch);
        } catch (RuntimeException e) {
            // The adapter answers per event; if it failed as a whole instead, nobody knows what reached the broker.
            NotSent unknown = new NotSent(OutcomeClass.UNKNOWN, "publishing failed: " + e);
            Map<EventId, PublishOutcome> all = new HashMap<>();
            batch.forEach(event -> all.put(event.eventId(), unknown));
            return all;
        }
    }

    /** Reschedules or quarantines each failed event, in one transaction. */
    private Settled settle(List<Failure> failures, LeaseToken lease) {
        Instant now = clock.instant();
        return transactions.inTransaction(Workload.GENERAL, () -> {
            int retried = 0;
            int quarantined = 0;
            for (Failure failure : failures) {
                ClaimedEvent event = failure.event();
                RetryDecision decision = settings.retryPolicy().afterFailure(event.attempts(), event.firstFailedAt(),
                        failure.outcome().outcomeClass(), now, random.nextDouble());
                String error = failure.outcome().outcomeClass() + ": " + failure.outcome().reason();
                if (decision instanceof RetryDecision.RetryAt retry) {
                    if (store.reschedule(event.id(), lease, new OutboxRelayStore.Retry(retry.attempts(),
                            retry.firstFailedAt(), retry.nextAttemptAt(), error))) {
                        retried++;
                    }
                } else if (decision instanceof RetryDecision.Quarantine quarantine) {
                    if (store.quarantine(event.id(), lease, new OutboxRelayStore.Quarantine(quarantine.attempts(),
                            quarantine.firstFailedAt(), now, error))) {
                        quarantined++;
                    }
                }
            }
            return new Settled(retried, quarantined);
        });
    }

    /** A claim's events and where the next claim may start. */
    private record Claim(List<ClaimedEvent> events, ClaimStart next) {
    }

    private record Failure(ClaimedEvent event, NotSent outcome) {
    }

    /** How many failed events were rescheduled and quarantined (those whose lease was lost are neither). */
    private record Settled(int retried, int quarantined) {
    }
}
