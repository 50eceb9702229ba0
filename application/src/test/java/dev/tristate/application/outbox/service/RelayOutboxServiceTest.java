package dev.tristate.application.outbox.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryOutboxRelayStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.ScriptedEventPublisher;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.application.outbox.port.out.EventPublisher.NotSent;
import dev.tristate.application.outbox.port.out.EventPublisher.OutgoingEvent;
import dev.tristate.application.outbox.port.out.EventPublisher.PublishOutcome;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimStart;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.OutboxEntry;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.outbox.RetryPolicy;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RelayOutboxServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration WINDOW = Duration.ofHours(1);
    private static final TenantId TENANT = new TenantId("t-relay");

    private final SettableClock clock = new SettableClock(T0);
    private final RefusingWriteBacks store = new RefusingWriteBacks();
    private final TrackingTransactions transactions = new TrackingTransactions(new InMemoryTransactions(store));
    private final ScriptedEventPublisher broker = new ScriptedEventPublisher();
    private final List<String> crashPointsReached = new ArrayList<>();
    private final RelaySettings settings = new RelaySettings(10, LEASE,
            new RetryPolicy(new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(5), 2.0), WINDOW));

    private RelayOutboxService relay(CrashPoints crashPoints) {
        return new RelayOutboxService(store, broker, transactions, crashPoints, clock, new Random(7), settings);
    }

    private final RelayOutboxService relay = relay(crashPointsReached::add);

    private EventId event(String type) {
        EventId id = EventId.derive("pay_" + UUID.randomUUID().toString().replace("-", ""), EventType.PaymentSucceeded,
                null);
        store.insert(id, TENANT, type, clock.instant());
        return id;
    }

    private EventId event() {
        return event("PaymentSucceeded");
    }

    private OutboxEntry row(EventId id) {
        return store.find(id).orElseThrow();
    }

    private List<EventId> delivered() {
        return broker.delivered().stream().map(OutgoingEvent::eventId).toList();
    }

    @Test
    void whileABacklogDrainsEachClaimContinuesAfterThePreviousOneAndOneThatIsNotFullStartsOverFromTheBeginning() {
        for (int i = 0; i < 25; i++) {
            event();
        }
        relay.relayOnce();
        relay.relayOnce();
        // Committed late with an earlier due time: before the place the next claim continues from.
        EventId late = EventId.derive("pay_late", EventType.PaymentSucceeded, null);
        store.insert(late, TENANT, "PaymentSucceeded", T0.minusSeconds(5));

        RelayReport third = relay.relayOnce();
        RelayReport fourth = relay.relayOnce();

        assertThat(third.claimed()).as("the rest of the backlog after the place").isEqualTo(5);
        assertThat(fourth.claimed()).as("from the beginning again: the late event").isEqualTo(1);
        assertThat(store.claimStarts()).extracting(Optional::isPresent).containsExactly(false, true, true, false);
        assertThat(delivered()).hasSize(26).doesNotHaveDuplicates().last().isEqualTo(late);
        assertThat(row(late).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void evenWhileEveryClaimComesBackFullAClaimStartsFromTheBeginningAtLeastEverySecond() {
        for (int i = 0; i < 40; i++) {
            event();
        }
        relay.relayOnce();
        clock.advance(RelayOutboxService.RESCAN_EVERY.minusMillis(1));
        relay.relayOnce();
        clock.advance(Duration.ofMillis(1));
        relay.relayOnce();
        relay.relayOnce();

        assertThat(store.claimStarts()).extracting(Optional::isPresent).containsExactly(false, true, false, true);
        assertThat(delivered()).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void relaysShareTheClaimPlaceSoAClaimStartsPastTheBatchAnotherRelayJustClaimed() {
        for (int i = 0; i < 40; i++) {
            event();
        }
        RelayOutboxService second = relay(CrashPoints.NONE);
        relay.relayOnce();
        second.relayOnce();
        relay.relayOnce();
        second.relayOnce();

        // Each relay's first claim starts from the beginning; after that each continues past the other's batch.
        assertThat(store.claimStarts()).containsExactly(Optional.empty(), Optional.empty(),
                Optional.of(new ClaimStart(T0, 20)), Optional.of(new ClaimStart(T0, 30)));
        assertThat(store.sharedPlace()).isEqualTo(new ClaimStart(T0, 40));
        assertThat(delivered()).hasSize(40).doesNotHaveDuplicates();

        relay.relayOnce();
        assertThat(store.sharedPlace()).as("a claim that was not full clears it").isNull();
    }

    @Test
    void aClaimThatCannotMoveTheSharedPlaceWhileAnotherClaimMovesItLeavesItAndNothingIsClaimedTwice() {
        for (int i = 0; i < 35; i++) {
            event();
        }
        RelayOutboxService second = relay(CrashPoints.NONE);
        relay.relayOnce();
        second.relayOnce();
        store.moveSharedPlaceElsewhere(true);

        RelayReport third = relay.relayOnce();

        assertThat(third.claimed()).isEqualTo(10);
        assertThat(store.claimStarts().get(2)).contains(new ClaimStart(T0, 20));
        assertThat(store.sharedPlaceMoves()).containsExactly(true, true, false);
        assertThat(store.sharedPlace()).as("as it was").isEqualTo(new ClaimStart(T0, 20));
        store.moveSharedPlaceElsewhere(false);
        RelayReport fourth = second.relayOnce();
        assertThat(store.claimStarts().get(3)).contains(new ClaimStart(T0, 20));
        assertThat(fourth.claimed()).as("past the leased batch the shared place missed").isEqualTo(5);
        assertThat(delivered()).hasSize(35).doesNotHaveDuplicates();
        assertThat(store.statuses()).containsExactly(OutboxStatus.SENT);
    }

    @Test
    void aClaimMovesTheSharedPlaceOnlyForwardFromWhereAnotherRelayHasMovedItMeanwhile() {
        for (int i = 0; i < 50; i++) {
            event();
        }
        relay.relayOnce();
        // While this relay claims 11-20, another relay claims 21-30 and moves the place past them.
        store.moveSharedPlaceDuringNextClaim(new ClaimStart(T0, 30));

        relay.relayOnce();

        assertThat(store.claimStarts().get(1)).contains(new ClaimStart(T0, 10));
        assertThat(store.sharedPlace()).as("not back to this claim's end").isEqualTo(new ClaimStart(T0, 30));
    }

    @Test
    void aStoreWithoutASharedPlaceLeavesEachRelayItsOwnPlace() {
        store.keepSharedPlace(false);
        for (int i = 0; i < 30; i++) {
            event();
        }
        relay.relayOnce();
        relay.relayOnce();

        assertThat(store.claimStarts()).containsExactly(Optional.empty(), Optional.of(new ClaimStart(T0, 10)));
        assertThat(store.sharedPlaceMoves()).isEmpty();
        assertThat(store.sharedPlace()).isNull();
    }

    @Test
    void aFullClaimFromTheBeginningOfEventsLeftBehindThePlaceDoesNotMoveTheSharedPlaceBack() {
        for (int i = 0; i < 30; i++) {
            event();
        }
        relay.relayOnce();
        relay.relayOnce();
        for (int i = 0; i < 10; i++) {
            store.insert(EventId.derive("pay_late" + i, EventType.PaymentSucceeded, null), TENANT,
                    "PaymentSucceeded", T0.minusSeconds(5));
        }
        clock.advance(RelayOutboxService.RESCAN_EVERY);

        RelayReport late = relay.relayOnce();
        RelayReport rest = relay.relayOnce();

        assertThat(late.claimed()).isEqualTo(10);
        assertThat(store.claimStarts().get(2)).as("from the beginning").isEmpty();
        assertThat(store.claimStarts().get(3)).contains(new ClaimStart(T0, 20));
        assertThat(rest.claimed()).isEqualTo(10);
        assertThat(delivered()).hasSize(40).doesNotHaveDuplicates();
    }

    @Test
    void dueEventsArePublishedInOneBatchAndMarkedSent() {
        EventId a = event();
        EventId b = event();

        RelayReport report = relay.relayOnce();

        assertThat(report).isEqualTo(new RelayReport(2, 2, 2, 0, 0, false, false));
        assertThat(broker.batches()).hasSize(1);
        assertThat(broker.batches().get(0)).extracting(OutgoingEvent::eventId).containsExactly(a, b);
        OutgoingEvent wire = broker.batches().get(0).get(0);
        assertThat(wire.eventType()).isEqualTo("PaymentSucceeded");
        assertThat(wire.tenantId()).isEqualTo(TENANT);
        assertThat(wire.payload()).contains(a.toString());
        assertThat(row(a).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row(b).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row(a).sentAt()).isEqualTo(T0);
        assertThat(crashPointsReached).containsExactly(CrashPoints.C3_AFTER_CLAIM, CrashPoints.C4_BEFORE_MARK_SENT);
    }

    @Test
    void nothingDueMeansNoBatchAndAnIdleReport() {
        assertThat(relay.relayOnce()).isEqualTo(RelayReport.IDLE);
        assertThat(broker.batches()).isEmpty();
        assertThat(crashPointsReached).isEmpty();
    }

    @Test
    void theClaimIsCommittedBeforePublishingAndNoTransactionIsOpenWhilePublishing() {
        EventId id = event();
        List<Boolean> openWhilePublishing = new ArrayList<>();
        broker.answeringWith(events -> {
            openWhilePublishing.add(transactions.open);
            Map<EventId, PublishOutcome> sent = new HashMap<>();
            events.forEach(e -> sent.put(e.eventId(), ScriptedEventPublisher.SENT));
            return sent;
        });

        relay.relayOnce();

        assertThat(openWhilePublishing).containsExactly(false);
        assertThat(transactions.count).as("the claim is the only transaction; marking SENT is one statement")
                .isEqualTo(1);
        assertThat(row(id).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void aFullBatchSaysMoreAreDueAndTheNextRoundTakesThem() {
        for (int i = 0; i < 13; i++) {
            event();
        }

        RelayReport first = relay.relayOnce();
        RelayReport second = relay.relayOnce();

        assertThat(first.claimed()).isEqualTo(10);
        assertThat(first.moreDue()).isTrue();
        assertThat(second.claimed()).isEqualTo(3);
        assertThat(second.moreDue()).isFalse();
        assertThat(store.statuses()).containsExactly(OutboxStatus.SENT);
    }

    @Test
    void anUnroutableEventIsNeverMarkedSentButRetriedWithBackoffWhileTheRestOfTheBatchIsSent() {
        broker.unroutable("NobodyListens");
        EventId fine = event();
        EventId unroutable = event("NobodyListens");

        RelayReport report = relay.relayOnce();

        assertThat(report).isEqualTo(new RelayReport(2, 1, 1, 1, 0, false, false));
        assertThat(row(fine).status()).isEqualTo(OutboxStatus.SENT);
        OutboxEntry failed = row(unroutable);
        assertThat(failed.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(failed.attempts()).isEqualTo(1);
        assertThat(failed.firstFailedAt()).isEqualTo(T0);
        assertThat(failed.lastError()).contains("DEFINITE").contains("312 NO_ROUTE");
        assertThat(failed.nextAttemptAt()).isBetween(T0.plusMillis(500), T0.plusSeconds(1));
        assertThat(failed.leaseToken()).isNull();
    }

    @Test
    void anEventRefusedBeyondTheRetryWindowIsQuarantinedWithItsLastError() {
        broker.unroutable("NobodyListens");
        EventId unroutable = event("NobodyListens");
        int rounds = 0;
        while (row(unroutable).status() == OutboxStatus.PENDING && rounds++ < 1_000) {
            relay.relayOnce();
            clock.advance(Duration.ofMinutes(1));
        }

        OutboxEntry quarantined = row(unroutable);
        assertThat(quarantined.status()).isEqualTo(OutboxStatus.QUARANTINED);
        assertThat(quarantined.lastError()).contains("312 NO_ROUTE");
        assertThat(Duration.between(quarantined.firstFailedAt(), quarantined.quarantinedAt()))
                .isGreaterThanOrEqualTo(WINDOW).isLessThan(WINDOW.plusMinutes(6));
        assertThat(quarantined.attempts()).isGreaterThan(5);
        assertThat(delivered()).doesNotContain(unroutable);
        clock.advance(Duration.ofDays(2));
        assertThat(relay.relayOnce()).as("quarantined events are not retried").isEqualTo(RelayReport.IDLE);
    }

    @Test
    void whileTheBrokerIsDownEventsWaitAndAreNeverQuarantinedThenTheyAreSent() {
        broker.down(true);
        EventId waiting = event();

        RelayReport down = relay.relayOnce();
        for (int i = 0; i < 300; i++) {
            clock.advance(Duration.ofMinutes(1));
            relay.relayOnce();
        }

        assertThat(down.brokerUnavailable()).isTrue();
        assertThat(down.retried()).isEqualTo(1);
        OutboxEntry afterFiveHours = row(waiting);
        assertThat(afterFiveHours.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(afterFiveHours.firstFailedAt()).as("an unreachable broker does not start the window").isNull();
        assertThat(afterFiveHours.lastError()).contains("RETRYABLE").contains("connection refused");

        broker.down(false);
        clock.advance(Duration.ofMinutes(6));
        relay.relayOnce();
        assertThat(row(waiting).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(delivered()).containsExactly(waiting);
    }

    @Test
    void aLostConfirmIsRetriedAndCountsTowardsTheWindow() {
        EventId unconfirmed = event();
        broker.answer(unconfirmed, new NotSent(OutcomeClass.UNKNOWN, "no confirm within 10 s"));

        RelayReport report = relay.relayOnce();

        assertThat(report.brokerUnavailable()).isFalse();
        assertThat(row(unconfirmed).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row(unconfirmed).firstFailedAt()).isEqualTo(T0);
        assertThat(row(unconfirmed).lastError()).contains("UNKNOWN").contains("no confirm");
    }

    @Test
    void aPublisherThatFailsAsAWholeOrForgetsAnEventLosesNothing() {
        EventId a = event();
        EventId b = event();
        broker.answeringWith(events -> {
            throw new IllegalStateException("boom");
        });

        RelayReport failed = relay.relayOnce();

        assertThat(failed.retried()).isEqualTo(2);
        assertThat(row(a).lastError()).contains("UNKNOWN").contains("boom");
        broker.answeringWith(events -> Map.of(events.get(0).eventId(), ScriptedEventPublisher.SENT));
        clock.advance(Duration.ofMinutes(1));

        RelayReport partial = relay.relayOnce();

        assertThat(partial.markedSent()).isEqualTo(1);
        assertThat(row(a).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row(b).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row(b).lastError()).contains("no outcome");
    }

    @Test
    void aCrashAfterTheClaimPublishesNothingAndTheEventIsPublishedOnceItsLeaseExpires() {
        EventId event = event();
        RelayOutboxService crashing = relay(point -> {
            if (point.equals(CrashPoints.C3_AFTER_CLAIM)) {
                throw new Crash(point);
            }
        });

        assertThatThrownBy(crashing::relayOnce).isInstanceOf(Crash.class);
        assertThat(broker.batches()).isEmpty();
        assertThat(row(event).leaseToken()).isNotNull();
        assertThat(relay.relayOnce()).as("still leased").isEqualTo(RelayReport.IDLE);

        clock.advance(LEASE);
        assertThat(relay.relayOnce().markedSent()).isEqualTo(1);
        assertThat(delivered()).containsExactly(event);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void aWriteBackTheDatabaseRefusedForCertainIsTriedAgainAndNoEventIsPublishedTwice() {
        EventId a = event();
        EventId b = event();
        store.refuseWriteBacks(RelayOutboxService.MARK_SENT_ATTEMPTS - 1, OutcomeClass.RETRYABLE);

        RelayReport report = relay.relayOnce();

        assertThat(store.writeBacksTried).isEqualTo(RelayOutboxService.MARK_SENT_ATTEMPTS);
        assertThat(report.markedSent()).isEqualTo(2);
        assertThat(row(a).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row(b).status()).isEqualTo(OutboxStatus.SENT);
        clock.advance(LEASE);
        assertThat(relay.relayOnce()).isEqualTo(RelayReport.IDLE);
        assertThat(delivered()).containsExactly(a, b);
    }

    @Test
    void aWriteBackRefusedOnEveryTryLeavesTheEventsToTheirLease() {
        EventId event = event();
        store.refuseWriteBacks(RelayOutboxService.MARK_SENT_ATTEMPTS, OutcomeClass.RETRYABLE);

        assertThatThrownBy(relay::relayOnce).isInstanceOf(PersistenceFailure.class);
        assertThat(store.writeBacksTried).isEqualTo(RelayOutboxService.MARK_SENT_ATTEMPTS);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.PENDING);

        clock.advance(LEASE);
        assertThat(relay.relayOnce().markedSent()).isEqualTo(1);
        assertThat(delivered()).as("published again after the lease, with the same id").containsExactly(event, event);
    }

    @Test
    void aWriteBackThatFailedForAnotherReasonIsNotTriedAgain() {
        EventId event = event();
        store.refuseWriteBacks(1, OutcomeClass.DEFINITE);

        assertThatThrownBy(relay::relayOnce).isInstanceOf(PersistenceFailure.class);
        assertThat(store.writeBacksTried).isEqualTo(1);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.PENDING);
    }

    @Test
    void aCrashAfterTheConfirmRepublishesTheSameEventIdOnceTheLeaseExpires() {
        EventId event = event();
        RelayOutboxService crashing = relay(point -> {
            if (point.equals(CrashPoints.C4_BEFORE_MARK_SENT)) {
                throw new Crash(point);
            }
        });

        assertThatThrownBy(crashing::relayOnce).isInstanceOf(Crash.class);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.PENDING);
        clock.advance(LEASE);
        relay.relayOnce();

        assertThat(delivered()).as("delivered twice, with the same id for the consumer to absorb")
                .containsExactly(event, event);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void aRelayWhoseLeaseWasTakenOverDoesNotMarkTheEventAndTheNewHolderDoes() {
        EventId event = event();
        RelayOutboxService other = relay(CrashPoints.NONE);
        List<RelayReport> othersReports = new ArrayList<>();
        // The first relay is so slow that its lease expires while it waits for the confirm; the other relay claims
        // the event meanwhile and publishes it too.
        broker.answeringWith(events -> {
            broker.answeringWith(null);
            clock.advance(LEASE.plusSeconds(1));
            othersReports.add(other.relayOnce());
            return Map.of(events.get(0).eventId(), ScriptedEventPublisher.SENT);
        });

        RelayReport slow = relay.relayOnce();

        assertThat(othersReports).containsExactly(new RelayReport(1, 1, 1, 0, 0, false, false));
        assertThat(slow.confirmed()).isEqualTo(1);
        assertThat(slow.markedSent()).isZero();
        assertThat(slow.leaseLost()).isEqualTo(1);
        assertThat(row(event).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(broker.batches()).hasSize(2);
    }

    @Test
    void twoRelaysTakingTurnsPublishEveryEventAndMarkEachSentOnce() {
        List<EventId> events = new ArrayList<>();
        for (int i = 0; i < 95; i++) {
            events.add(event());
        }
        RelayOutboxService second = relay(CrashPoints.NONE);
        int marked = 0;
        RelayReport a;
        RelayReport b;
        do {
            a = relay.relayOnce();
            b = second.relayOnce();
            marked += a.markedSent() + b.markedSent();
        } while (a.claimed() + b.claimed() > 0);

        assertThat(marked).isEqualTo(events.size());
        assertThat(delivered()).containsExactlyInAnyOrderElementsOf(events);
        assertThat(store.statuses()).containsExactly(OutboxStatus.SENT);
    }

    @Test
    void aBrokenSettingIsRefused() {
        RetryPolicy policy = settings.retryPolicy();
        assertThatThrownBy(() -> new RelaySettings(0, LEASE, policy)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RelaySettings(10, Duration.ofMillis(10), policy))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** A crash at a crash point: the work stops there, as it would if the JVM died. */
    private static final class Crash extends Error {
        Crash(String point) {
            super("crashed at " + point);
        }
    }

    /** The in-memory store, whose write-back to SENT the database can refuse a given number of times. */
    private static final class RefusingWriteBacks extends InMemoryOutboxRelayStore {
        private int refusals;
        private OutcomeClass refusedAs;
        int writeBacksTried;

        void refuseWriteBacks(int times, OutcomeClass outcomeClass) {
            refusals = times;
            refusedAs = outcomeClass;
        }

        @Override
        public synchronized int markSent(Collection<Long> ids, LeaseToken lease, Instant now) {
            writeBacksTried++;
            if (refusals > 0) {
                refusals--;
                throw new PersistenceFailure(refusedAs, "Deadlock found when trying to get lock", null);
            }
            return super.markSent(ids, lease, now);
        }
    }

    /** Counts transactions and says whether one is open right now. */
    private static final class TrackingTransactions implements Transactions {
        private final Transactions delegate;
        boolean open;
        int count;

        TrackingTransactions(Transactions delegate) {
            this.delegate = delegate;
        }

        @Override
        public <T> T inTransaction(Workload workload, Supplier<T> work) {
            count++;
            return delegate.inTransaction(workload, () -> {
                open = true;
                try {
                    return work.get();
                } finally {
                    open = false;
                }
            });
        }
    }
}
