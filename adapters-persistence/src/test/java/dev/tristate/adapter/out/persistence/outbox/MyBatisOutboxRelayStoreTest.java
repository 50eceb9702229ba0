package dev.tristate.adapter.out.persistence.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxRelayStore.ClaimDialect;
import dev.tristate.application.outbox.port.out.OutboxRelayStore.ClaimedEvent;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.outbox.port.out.OutboxRelayStoreContract;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.testing.IntegrationEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.ibatis.session.SqlSessionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The outbox relay store on MyBatis: the contract, plus what only a real database shows: the claim skips rows
 * another claim holds instead of waiting or returning nothing, and (on MariaDB) the due query is an index range
 * scan in index order, without a filesort.
 */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
class MyBatisOutboxRelayStoreTest extends OutboxRelayStoreContract {

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired OutboxRelayStore store;
    @Autowired OutboxStore outbox;
    @Autowired Transactions transactions;
    @Autowired JdbcTemplate jdbc;
    @Autowired SqlSessionFactory sqlSessionFactory;

    @Override
    protected OutboxRelayStore store() {
        return store;
    }

    @Override
    protected OutboxStore outbox() {
        return outbox;
    }

    @Override
    protected Transactions transactions() {
        return transactions;
    }

    /**
     * Only this contract's events (dated 2001) are ever due at the contract's times; each test starts without them,
     * and none is left behind for the relays of later test runs on the same database.
     */
    @BeforeEach
    @AfterEach
    void removeTheContractsEvents() {
        jdbc.update("DELETE FROM outbox_events WHERE created_at < ?", literal(END_OF_CONTRACT_TIME));
    }

    @Test
    void theClaimDialectFollowsTheDatabase() {
        assertThat(ClaimDialect.forProduct("H2")).isEqualTo(ClaimDialect.CANDIDATES_THEN_LOCK);
        assertThat(ClaimDialect.forProduct("MariaDB")).isEqualTo(ClaimDialect.SKIP_LOCKED);
        assertThat(ClaimDialect.forProduct("MySQL")).isEqualTo(ClaimDialect.SKIP_LOCKED);
    }

    @Test
    void whileAnotherClaimMovesTheSharedPlaceAMoveGivesUpAtOnceAndReadingItDoesNotWait() throws Exception {
        OutboxRelayStore.ClaimStart place = new OutboxRelayStore.ClaimStart(T0.plusSeconds(5), 7);
        transactions.inTransaction(() -> store.moveSharedClaimPlace(now -> place));
        try (java.sql.Connection other = jdbc.getDataSource().getConnection()) {
            other.setAutoCommit(false);
            try (var ps = other.prepareStatement(RelayBatchStatements.LOCK_PLACE)) {
                ps.executeQuery().close();
            }
            long start = System.nanoTime();

            boolean moved = transactions.inTransaction(
                    () -> store.moveSharedClaimPlace(now -> new OutboxRelayStore.ClaimStart(T0.plusSeconds(6), 8)));
            OutboxRelayStore.SharedClaimPlace read = transactions.inTransaction(() -> store.sharedClaimPlace());

            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("no wait for the lock")
                    .isLessThan(Duration.ofSeconds(1));
            assertThat(moved).isFalse();
            assertThat(read).isEqualTo(OutboxRelayStore.SharedClaimPlace.at(place));
            other.rollback();
        }
        assertThat(transactions.inTransaction(() -> store.moveSharedClaimPlace(now -> null))).isTrue();
    }

    @Test
    void aRowSkippedWhileLockedIsBehindTheNextClaimsPlaceAndTheNextClaimFromTheBeginningTakesIt() throws Exception {
        assumeTrue(IntegrationEnvironment.realDatabase(), "SKIP LOCKED over a held row lock (MariaDB/MySQL)");
        List<PaymentEvent> events = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            PaymentEvent event = anEvent();
            outbox.append(List.of(event), T0.plusMillis(i));
            events.add(event);
        }
        Instant now = T0.plusSeconds(1);
        long lockedId = store.find(events.get(1).eventId()).orElseThrow().id();
        // Another transaction holds the second event's row, as a callback's uncommitted insert would.
        try (java.sql.Connection holder = jdbc.getDataSource().getConnection()) {
            holder.setAutoCommit(false);
            try (var ps = holder.prepareStatement("SELECT id FROM outbox_events WHERE id = ? FOR UPDATE")) {
                ps.setLong(1, lockedId);
                ps.executeQuery().close();
            }
            List<ClaimedEvent> first = transactions.inTransaction(
                    () -> store.claim(3, new LeaseToken(UUID.randomUUID()), now, now.plusSeconds(30)));
            List<ClaimedEvent> second = transactions.inTransaction(() -> store.claim(3,
                    new LeaseToken(UUID.randomUUID()), now, now.plusSeconds(30), first.get(2).position()));
            holder.rollback();

            assertThat(first).extracting(ClaimedEvent::eventId).containsExactly(events.get(0).eventId(),
                    events.get(2).eventId(), events.get(3).eventId());
            assertThat(second).extracting(ClaimedEvent::eventId).containsExactly(events.get(4).eventId(),
                    events.get(5).eventId(), events.get(6).eventId());
        }
        List<ClaimedEvent> afterThePlace = transactions.inTransaction(() -> store.claim(3,
                new LeaseToken(UUID.randomUUID()), now, now.plusSeconds(30),
                new OutboxRelayStore.ClaimStart(T0.plusMillis(6), Long.MAX_VALUE)));
        List<ClaimedEvent> fromTheBeginning = transactions.inTransaction(
                () -> store.claim(3, new LeaseToken(UUID.randomUUID()), now, now.plusSeconds(30)));

        assertThat(afterThePlace).as("released, but before the place").extracting(ClaimedEvent::eventId)
                .containsExactly(events.get(7).eventId());
        assertThat(fromTheBeginning).extracting(ClaimedEvent::eventId).containsExactly(events.get(1).eventId());
    }

    @Test
    void whileOneClaimIsStillOpenASecondClaimerSkipsItsRowsWithoutWaiting() throws Exception {
        List<PaymentEvent> events = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            PaymentEvent event = anEvent();
            outbox.append(List.of(event), T0.plusMillis(i));
            events.add(event);
        }
        Instant now = T0.plusSeconds(1);
        CountDownLatch claimedButNotCommitted = new CountDownLatch(1);
        CountDownLatch secondDone = new CountDownLatch(1);
        CompletableFuture<List<ClaimedEvent>> first = CompletableFuture.supplyAsync(() ->
                transactions.inTransaction(() -> {
                    List<ClaimedEvent> claimed = store.claim(3, new LeaseToken(UUID.randomUUID()), now,
                            now.plusSeconds(30));
                    claimedButNotCommitted.countDown();
                    await(secondDone);
                    return claimed;
                }));
        assertThat(claimedButNotCommitted.await(30, TimeUnit.SECONDS)).isTrue();

        long started = System.nanoTime();
        List<ClaimedEvent> second = transactions.inTransaction(
                () -> store.claim(3, new LeaseToken(UUID.randomUUID()), now, now.plusSeconds(30)));
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        secondDone.countDown();

        assertThat(first.get(30, TimeUnit.SECONDS)).extracting(ClaimedEvent::eventId)
                .containsExactly(events.get(0).eventId(), events.get(1).eventId(), events.get(2).eventId());
        if (IntegrationEnvironment.realDatabase()) {
            assertThat(second).extracting(ClaimedEvent::eventId)
                    .containsExactly(events.get(3).eventId(), events.get(4).eventId(), events.get(5).eventId());
        } else {
            // H2 (ClaimDialect.CANDIDATES_THEN_LOCK): the unlocked candidate read sees the same first rows, which are
            // locked, and skips them: nothing this time, and above all never a row the first claim holds.
            assertThat(second).isEmpty();
        }
        assertThat(waitedMillis).as("skipped, not waited for").isLessThan(5_000);
    }

    @Test
    void aLongErrorIsCutToTheColumnsWidth() {
        PaymentEvent event = anEvent();
        outbox.append(List.of(event), T0);
        LeaseToken lease = new LeaseToken(UUID.randomUUID());
        long id = transactions.inTransaction(() -> store.claim(1, lease, T0, T0.plusSeconds(30))).get(0).id();

        assertThat(store.reschedule(id, lease, new OutboxRelayStore.Retry(1, T0, T0.plusSeconds(1),
                "x".repeat(5_000)))).isTrue();

        assertThat(store.find(event.eventId()).orElseThrow().lastError()).hasSize(1024).endsWith("...");
    }

    @Test
    void onMariaDbTheClaimAndThePurgeAreIndexRangeScansWithoutAFilesort() {
        assumeTrue(IntegrationEnvironment.realDatabase(), "EXPLAIN is checked on MariaDB/MySQL (.ci/run)");
        // A table that looks like production: mostly SENT rows, a few pending.
        jdbc.update("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id,"
                + " event_type, payload, status, attempts, next_attempt_at, created_at, sent_at)"
                + " SELECT UUID(), CONCAT('explain|', UUID()), 't-explain', 'payment', 'pay_x', 'PaymentFailed', '{}',"
                + " IF(seq % 50 = 0, 'PENDING', 'SENT'), 0, TIMESTAMPADD(SECOND, seq, ?),"
                + " TIMESTAMPADD(SECOND, seq, ?), TIMESTAMPADD(SECOND, seq, ?) FROM seq_1_to_5000",
                literal(T0), literal(T0), literal(T0));
        jdbc.execute("ANALYZE TABLE outbox_events");

        Map<String, Object> params = new HashMap<>();
        params.put("before", LocalDateTime.ofInstant(T0.plusSeconds(4_000), ZoneOffset.UTC));
        params.put("limit", 100);
        String time = literal(T0.plusSeconds(4_000));
        Map<String, String> statements = Map.of(
                "the claim (RelayBatchStatements)", RelayBatchStatements.LOCK_DUE,
                "the claim after a place (RelayBatchStatements)", RelayBatchStatements.LOCK_DUE_AFTER,
                "the purge (findSentBefore)", sqlSessionFactory.getConfiguration()
                        .getMappedStatement(OutboxRelayMapper.class.getName() + ".findSentBefore")
                        .getBoundSql(params).getSql());
        for (Map.Entry<String, String> entry : statements.entrySet()) {
            String statement = entry.getKey();
            // The claims bind now twice (due, lease expired), the claim after a place then the place (time, time,
            // id); the purge one time; then the limit.
            String place = literal(T0.plusSeconds(3_000));
            String sql = entry.getValue();
            Object[] bindings = sql.equals(RelayBatchStatements.LOCK_DUE_AFTER)
                    ? new Object[] {time, time, place, place, 0L, 100}
                    : sql.equals(RelayBatchStatements.LOCK_DUE) ? new Object[] {time, time, 100}
                    : new Object[] {time, 100};
            List<Map<String, Object>> plan = jdbc.queryForList("EXPLAIN " + sql, bindings);

            assertThat(plan).as(statement + ": " + plan).hasSize(1);
            Map<String, Object> row = plan.get(0);
            assertThat(String.valueOf(row.get("key"))).as(statement + ": " + plan).isEqualTo("ix_outbox_due");
            assertThat(String.valueOf(row.get("type"))).as(statement + ": " + plan).isEqualTo("range");
            assertThat(String.valueOf(row.get("Extra"))).as(statement + ": " + plan).doesNotContain("filesort");
        }
    }

    private static String literal(Instant instant) {
        return LITERAL.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the second claimer never finished");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
