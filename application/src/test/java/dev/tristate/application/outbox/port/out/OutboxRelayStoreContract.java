package dev.tristate.application.outbox.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimedEvent;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.OutboxEntry;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.Quarantine;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.Retry;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OutboxRelayStore} must do, run against the MyBatis adapter (MariaDB or H2) and the in-memory fake
 * alike. The times are in 2001, long before anything else a shared test database holds, so that only this contract's
 * events are ever due; an adapter's test removes them before each test.
 */
public abstract class OutboxRelayStoreContract {

    /** Everything this contract writes is created at or after T0 and before {@link #END_OF_CONTRACT_TIME}. */
    protected static final Instant T0 = Instant.parse("2001-01-01T00:00:00.123456Z");
    protected static final Instant END_OF_CONTRACT_TIME = Instant.parse("2002-01-01T00:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    protected abstract OutboxRelayStore store();

    protected abstract OutboxStore outbox();

    protected abstract Transactions transactions();

    private final TenantId tenant = new TenantId("t-relay-" + UUID.randomUUID().toString().substring(0, 8));

    protected PaymentEvent.PaymentFailed anEvent() {
        PaymentId payment = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
        return new PaymentEvent.PaymentFailed(EventId.derive(payment.value(), EventType.PaymentFailed, null), tenant,
                payment, T0);
    }

    private PaymentEvent append(Instant at) {
        PaymentEvent event = anEvent();
        outbox().append(List.of(event), at);
        return event;
    }

    private List<ClaimedEvent> claim(int limit, LeaseToken lease, Instant now) {
        return transactions().inTransaction(() -> store().claim(limit, lease, now, now.plus(LEASE)));
    }

    private static LeaseToken aLease() {
        return new LeaseToken(UUID.randomUUID());
    }

    private OutboxEntry read(PaymentEvent event) {
        return store().find(event.eventId()).orElseThrow();
    }

    @Test
    void dueEventsAreClaimedOldestDueFirstUpToTheLimitWithEverythingNeededToPublishThem() {
        PaymentEvent second = append(T0.plusSeconds(2));
        PaymentEvent first = append(T0.plusSeconds(1));
        PaymentEvent third = append(T0.plusSeconds(3));
        LeaseToken lease = aLease();

        List<ClaimedEvent> claimed = claim(2, lease, T0.plusSeconds(10));

        assertThat(claimed).extracting(ClaimedEvent::eventId).containsExactly(first.eventId(), second.eventId());
        ClaimedEvent one = claimed.get(0);
        assertThat(one.tenantId()).isEqualTo(tenant);
        assertThat(one.eventType()).isEqualTo("PaymentFailed");
        assertThat(one.payload()).contains(first.eventId().toString());
        assertThat(one.attempts()).isZero();
        assertThat(one.firstFailedAt()).isNull();
        assertThat(one.createdAt()).isEqualTo(T0.plusSeconds(1));
        OutboxEntry row = read(first);
        assertThat(row.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row.leaseToken()).isEqualTo(lease);
        assertThat(row.leaseUntil()).isEqualTo(T0.plusSeconds(10).plus(LEASE));
        assertThat(row.nextAttemptAt()).as("the lease leaves the due time alone").isEqualTo(T0.plusSeconds(1));
        assertThat(read(third).leaseToken()).isNull();
    }

    @Test
    void aClaimAfterAPlaceTakesOnlyTheDueEventsAfterItInClaimOrderWithTheTimesTheyWereDueAt() {
        PaymentEvent early = append(T0.plusSeconds(1));
        PaymentEvent sameTimeA = append(T0.plusSeconds(2));
        PaymentEvent sameTimeB = append(T0.plusSeconds(2));
        PaymentEvent late = append(T0.plusSeconds(3));
        PaymentEvent notDue = append(T0.plusSeconds(20));
        Instant now = T0.plusSeconds(10);
        ClaimedEvent a = transactions().inTransaction(() -> store().claim(2, aLease(), now, now.plus(LEASE))).get(1);
        assertThat(a.eventId()).isEqualTo(sameTimeA.eventId());
        assertThat(a.dueAt()).as("the time it was due at, not the lease's").isEqualTo(T0.plusSeconds(2));
        OutboxRelayStore.ClaimStart place = a.position();
        // The early event becomes due again (its lease is given up by a reschedule): it is before the place.
        assertThat(store().reschedule(idOf(early), leaseOf(early),
                new Retry(1, T0, T0.plusSeconds(1), "retry"))).isTrue();

        List<ClaimedEvent> after = transactions().inTransaction(
                () -> store().claim(10, aLease(), now, now.plus(LEASE), place));

        assertThat(after).extracting(ClaimedEvent::eventId).containsExactly(sameTimeB.eventId(), late.eventId());
        assertThat(after).extracting(ClaimedEvent::dueAt).containsExactly(T0.plusSeconds(2), T0.plusSeconds(3));
        List<ClaimedEvent> fromTheBeginning = claim(10, aLease(), now);
        assertThat(fromTheBeginning).as("a claim from the beginning finds what lies before the place")
                .extracting(ClaimedEvent::eventId).containsExactly(early.eventId());
        assertThat(read(notDue).leaseToken()).isNull();
    }

    private long idOf(PaymentEvent event) {
        return read(event).id();
    }

    private LeaseToken leaseOf(PaymentEvent event) {
        return read(event).leaseToken();
    }

    @Test
    void anEventNotYetDueIsNotClaimed() {
        append(T0.plusSeconds(5));

        assertThat(claim(10, aLease(), T0.plusSeconds(4))).isEmpty();
        assertThat(claim(10, aLease(), T0.plusSeconds(5))).hasSize(1);
    }

    @Test
    void aClaimedEventIsNotClaimedAgainWhileItsLeaseHolds() {
        append(T0);
        Instant now = T0.plusSeconds(1);
        assertThat(claim(10, aLease(), now)).hasSize(1);

        assertThat(claim(10, aLease(), now)).isEmpty();
        assertThat(claim(10, aLease(), now.plus(LEASE).minusMillis(1))).isEmpty();
        OutboxRelayStore.ClaimStart before = new OutboxRelayStore.ClaimStart(T0.minusSeconds(1), 0);
        assertThat(transactions().inTransaction(() -> store().claim(10, aLease(), now, now.plus(LEASE), before)))
                .as("nor by a claim that starts after a place before it").isEmpty();
    }

    @Test
    void eventsLeasedByOthersDoNotTakeUpAPlaceInTheBatch() {
        PaymentEvent held = append(T0);
        PaymentEvent second = append(T0.plusSeconds(1));
        PaymentEvent third = append(T0.plusSeconds(2));
        Instant now = T0.plusSeconds(3);
        assertThat(claim(1, aLease(), now)).extracting(ClaimedEvent::eventId).containsExactly(held.eventId());

        assertThat(claim(1, aLease(), now)).extracting(ClaimedEvent::eventId).containsExactly(second.eventId());
        OutboxRelayStore.ClaimStart before = new OutboxRelayStore.ClaimStart(T0.minusSeconds(1), 0);
        assertThat(transactions().inTransaction(() -> store().claim(1, aLease(), now, now.plus(LEASE), before)))
                .as("after a place too").extracting(ClaimedEvent::eventId).containsExactly(third.eventId());
    }

    @Test
    void theSharedClaimPlaceMovesFromWhereItIsNowAndKeepsWhereItWasMoved() {
        OutboxRelayStore.ClaimStart place = new OutboxRelayStore.ClaimStart(T0.plusSeconds(7).plusNanos(123_000), 42);
        OutboxRelayStore.ClaimStart further = new OutboxRelayStore.ClaimStart(T0.plusSeconds(8), 43);
        List<OutboxRelayStore.ClaimStart> seen = new ArrayList<>();
        assertThat(transactions().inTransaction(() -> store().moveSharedClaimPlace(now -> place))).isTrue();
        assertThat(store().sharedClaimPlace()).isEqualTo(OutboxRelayStore.SharedClaimPlace.at(place));

        assertThat(transactions().inTransaction(() -> store().moveSharedClaimPlace(now -> {
            seen.add(now);
            return further;
        }))).isTrue();

        assertThat(seen).as("the move is given the place as it is").containsExactly(place);
        assertThat(store().sharedClaimPlace()).isEqualTo(OutboxRelayStore.SharedClaimPlace.at(further));
        transactions().inTransaction(() -> store().moveSharedClaimPlace(now -> null));
        assertThat(store().sharedClaimPlace()).as("none: the next claim starts from the beginning")
                .isEqualTo(OutboxRelayStore.SharedClaimPlace.at(null));
    }

    @Test
    void anExpiredLeaseMakesTheEventDueAgainAndOnlyTheNewHolderMayMarkItSent() {
        PaymentEvent event = append(T0);
        LeaseToken slow = aLease();
        LeaseToken fast = aLease();
        List<ClaimedEvent> first = claim(10, slow, T0);

        List<ClaimedEvent> again = claim(10, fast, T0.plus(LEASE));

        assertThat(again).extracting(ClaimedEvent::eventId).containsExactly(event.eventId());
        long id = first.get(0).id();
        assertThat(store().markSent(List.of(id), slow, T0.plus(LEASE).plusSeconds(1)))
                .as("the stale token is refused").isZero();
        assertThat(read(event).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(store().markSent(List.of(id), fast, T0.plus(LEASE).plusSeconds(2))).isEqualTo(1);
        assertThat(read(event).sentAt()).isEqualTo(T0.plus(LEASE).plusSeconds(2));
    }

    @Test
    void aSentEventIsNeverClaimedOrMarkedAgain() {
        PaymentEvent event = append(T0);
        LeaseToken lease = aLease();
        long id = claim(10, lease, T0).get(0).id();
        Instant sentAt = T0.plusMillis(1500);

        assertThat(store().markSent(List.of(id), lease, sentAt)).isEqualTo(1);

        OutboxEntry row = read(event);
        assertThat(row.status()).isEqualTo(OutboxStatus.SENT);
        assertThat(row.sentAt()).isEqualTo(sentAt);
        assertThat(row.leaseToken()).isNull();
        assertThat(claim(10, aLease(), T0.plus(Duration.ofDays(300)))).isEmpty();
        assertThat(store().markSent(List.of(id), lease, sentAt.plusSeconds(1))).as("already sent").isZero();
        assertThat(read(event).sentAt()).isEqualTo(sentAt);
    }

    @Test
    void markSentCountsOnlyTheRowsStillHeldAndAnExpiredButUntakenLeaseStillCounts() {
        PaymentEvent a = append(T0);
        PaymentEvent b = append(T0.plusMillis(1));
        LeaseToken lease = aLease();
        List<Long> ids = claim(10, lease, T0.plusSeconds(1)).stream().map(ClaimedEvent::id).toList();
        LeaseToken other = aLease();
        // Both leases expire; another relay takes a (oldest due first), b stays untaken.
        assertThat(claim(1, other, T0.plusSeconds(1).plus(LEASE))).extracting(ClaimedEvent::eventId)
                .containsExactly(a.eventId());

        assertThat(store().markSent(ids, lease, T0.plus(LEASE).plusSeconds(2))).isEqualTo(1);

        assertThat(read(a).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(read(a).leaseToken()).isEqualTo(other);
        assertThat(read(b).status()).isEqualTo(OutboxStatus.SENT);
        assertThat(store().markSent(List.of(ids.get(0)), other, T0.plus(LEASE).plusSeconds(3))).isEqualTo(1);
        assertThat(read(a).status()).isEqualTo(OutboxStatus.SENT);
    }

    @Test
    void aRescheduledEventKeepsItsFailureAndIsDueAgainAtItsNextAttempt() {
        PaymentEvent event = append(T0);
        LeaseToken lease = aLease();
        long id = claim(10, lease, T0).get(0).id();
        Instant failedAt = T0.plusSeconds(1);
        Instant next = T0.plusSeconds(6);

        assertThat(store().reschedule(id, lease, new Retry(1, failedAt, next, "DEFINITE: returned"))).isTrue();

        OutboxEntry row = read(event);
        assertThat(row.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row.attempts()).isEqualTo(1);
        assertThat(row.firstFailedAt()).isEqualTo(failedAt);
        assertThat(row.lastError()).isEqualTo("DEFINITE: returned");
        assertThat(row.leaseToken()).isNull();
        assertThat(claim(10, aLease(), next.minusMillis(1))).isEmpty();
        List<ClaimedEvent> again = claim(10, aLease(), next);
        assertThat(again).hasSize(1);
        assertThat(again.get(0).attempts()).isEqualTo(1);
        assertThat(again.get(0).firstFailedAt()).isEqualTo(failedAt);
    }

    @Test
    void aRetryWithoutAWindowStartKeepsItUnset() {
        PaymentEvent event = append(T0);
        LeaseToken lease = aLease();
        long id = claim(10, lease, T0).get(0).id();

        assertThat(store().reschedule(id, lease, new Retry(1, null, T0.plusSeconds(1), "RETRYABLE: refused")))
                .isTrue();

        assertThat(read(event).firstFailedAt()).isNull();
    }

    @Test
    void aStaleLeaseCanNeitherRescheduleNorQuarantine() {
        PaymentEvent event = append(T0);
        LeaseToken lease = aLease();
        long id = claim(10, lease, T0).get(0).id();
        LeaseToken stale = aLease();

        assertThat(store().reschedule(id, stale, new Retry(1, T0, T0.plusSeconds(5), "x"))).isFalse();
        assertThat(store().quarantine(id, stale, new Quarantine(1, T0, T0, "x"))).isFalse();

        OutboxEntry row = read(event);
        assertThat(row.status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(row.leaseToken()).isEqualTo(lease);
        assertThat(row.attempts()).isZero();
    }

    @Test
    void aQuarantinedEventKeepsItsLastErrorAndIsNeverClaimedAgain() {
        PaymentEvent event = append(T0);
        LeaseToken lease = aLease();
        long id = claim(10, lease, T0).get(0).id();
        OutboxBacklog before = store().backlog();
        Instant at = T0.plusSeconds(2);

        assertThat(store().quarantine(id, lease, new Quarantine(7, T0.plusSeconds(1), at, "DEFINITE: nacked")))
                .isTrue();

        OutboxEntry row = read(event);
        assertThat(row.status()).isEqualTo(OutboxStatus.QUARANTINED);
        assertThat(row.attempts()).isEqualTo(7);
        assertThat(row.lastError()).isEqualTo("DEFINITE: nacked");
        assertThat(row.firstFailedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(row.quarantinedAt()).isEqualTo(at);
        assertThat(row.leaseToken()).isNull();
        assertThat(claim(10, aLease(), T0.plus(Duration.ofDays(300)))).isEmpty();
        assertThat(store().markSent(List.of(id), lease, at)).isZero();
        OutboxBacklog after = store().backlog();
        assertThat(after.quarantined() - before.quarantined()).isEqualTo(1);
        assertThat(after.pending() - before.pending()).isEqualTo(-1);
    }

    @Test
    void theBacklogCountsPendingEventsAndKnowsTheOldest() {
        OutboxBacklog before = store().backlog();
        append(T0.plusSeconds(3));
        append(T0.plusSeconds(1));
        PaymentEvent claimedOne = append(T0.plusSeconds(2));

        claim(1, aLease(), T0.plusSeconds(1));
        OutboxBacklog after = store().backlog();

        assertThat(after.pending() - before.pending()).as("claimed events are still pending").isEqualTo(3);
        assertThat(after.oldestPendingCreatedAt()).isEqualTo(T0.plusSeconds(1));
        assertThat(after.quarantined()).isEqualTo(before.quarantined());
        assertThat(read(claimedOne).status()).isEqualTo(OutboxStatus.PENDING);
    }

    @Test
    void purgingDeletesOnlySentEventsSentBeforeTheCutAndAtMostTheLimit() {
        List<PaymentEvent> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            sent.add(append(T0));
        }
        PaymentEvent pending = append(T0);
        PaymentEvent quarantined = append(T0);
        LeaseToken lease = aLease();
        List<ClaimedEvent> claimed = claim(10, lease, T0);
        List<Long> sentIds = claimed.stream().filter(c -> !c.eventId().equals(pending.eventId())
                && !c.eventId().equals(quarantined.eventId())).map(ClaimedEvent::id).toList();
        store().markSent(sentIds.subList(0, 4), lease, T0.plusSeconds(10));
        store().markSent(sentIds.subList(4, 5), lease, T0.plusSeconds(20));
        long quarantinedId = claimed.stream().filter(c -> c.eventId().equals(quarantined.eventId())).findFirst()
                .orElseThrow().id();
        store().quarantine(quarantinedId, lease, new Quarantine(1, T0, T0.plusSeconds(5), "x"));

        assertThat(transactions().inTransaction(() -> store().purgeSent(T0.plusSeconds(15), 3))).isEqualTo(3);
        assertThat(transactions().inTransaction(() -> store().purgeSent(T0.plusSeconds(15), 3))).isEqualTo(1);
        assertThat(transactions().inTransaction(() -> store().purgeSent(T0.plusSeconds(15), 3))).isZero();

        assertThat(sent.stream().filter(e -> store().find(e.eventId()).isPresent()).toList())
                .as("only the one sent after the cut is left").containsExactly(sent.get(4));
        assertThat(read(pending).status()).isEqualTo(OutboxStatus.PENDING);
        assertThat(read(quarantined).status()).isEqualTo(OutboxStatus.QUARANTINED);
    }

    @Test
    void concurrentClaimersNeverGetTheSameEventAndTogetherGetThemAll() throws Exception {
        int events = 120;
        Set<EventId> appended = new HashSet<>();
        for (int i = 0; i < events; i++) {
            appended.add(append(T0.plusMillis(i)).eventId());
        }
        Instant now = T0.plusSeconds(60);
        int claimers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        CountDownLatch go = new CountDownLatch(1);
        List<EventId> claimedByAll = Collections.synchronizedList(new ArrayList<>());
        try {
            List<Future<Integer>> rounds = new ArrayList<>();
            for (int c = 0; c < claimers; c++) {
                rounds.add(pool.submit((Callable<Integer>) () -> {
                    go.await();
                    int emptyInARow = 0;
                    int claims = 0;
                    // A claimer may find nothing while another holds the rows; it stops after a few empty claims.
                    while (emptyInARow < 3) {
                        List<ClaimedEvent> got = claim(7, aLease(), now);
                        got.forEach(e -> claimedByAll.add(e.eventId()));
                        emptyInARow = got.isEmpty() ? emptyInARow + 1 : 0;
                        claims++;
                    }
                    return claims;
                }));
            }
            go.countDown();
            for (Future<Integer> round : rounds) {
                round.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(claimedByAll).as("no event claimed twice").doesNotHaveDuplicates();
        assertThat(new HashSet<>(claimedByAll)).isEqualTo(appended);
    }
}
