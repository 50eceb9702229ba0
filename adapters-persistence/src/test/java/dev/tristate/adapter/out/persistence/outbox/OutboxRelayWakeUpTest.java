package dev.tristate.adapter.out.persistence.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.outbox.port.out.RelayWakeUp;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.payment.PaymentEvent.PaymentClosed;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The outbox wakes this instance's relay after the commit that wrote its rows: not before it, not on a rollback. */
@SpringBootTest(classes = {PersistenceTestApplication.class, OutboxRelayWakeUpTest.CountingWakeUps.class},
        properties = "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
@DirtiesContext
class OutboxRelayWakeUpTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class CountingWakeUps {
        @Bean
        Counter relayWakeUp(DataSource dataSource) {
            return new Counter(dataSource);
        }
    }

    /** Counts wake-ups, and how many of the woken-for rows a new connection could already see at each. */
    static final class Counter implements RelayWakeUp {
        private final DataSource dataSource;
        final AtomicInteger wakeUps = new AtomicInteger();
        final AtomicInteger visibleAtWakeUp = new AtomicInteger(-1);
        volatile String watchedPayment;

        Counter(DataSource dataSource) {
            this.dataSource = dataSource;
        }

        @Override
        public void outboxCommitted() {
            wakeUps.incrementAndGet();
            // A connection of its own, as the relay's claim has: the committing one is still bound to this thread.
            try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(
                    "SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ?")) {
                ps.setString(1, watchedPayment);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    visibleAtWakeUp.set(rs.getInt(1));
                }
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Autowired OutboxStore outbox;
    @Autowired Transactions transactions;
    @Autowired Counter counter;

    private static PaymentClosed closed(String paymentId) {
        return new PaymentClosed(EventId.derive(paymentId, EventType.PaymentClosed, null), new TenantId("t-wake"),
                new PaymentId(paymentId), T0);
    }

    @Test
    void theRelayIsWokenOnceAfterTheCommitAndTheRowIsVisibleThen() {
        String payment = "pay_wake" + UUID.randomUUID().toString().substring(0, 8);
        counter.watchedPayment = payment;
        int before = counter.wakeUps.get();

        transactions.inTransaction(() -> {
            outbox.append(List.of(closed(payment)), T0);
            assertThat(counter.wakeUps.get()).as("not before the commit").isEqualTo(before);
            return null;
        });

        assertThat(counter.wakeUps.get()).isEqualTo(before + 1);
        assertThat(counter.visibleAtWakeUp.get()).as("committed when the relay looks").isEqualTo(1);
    }

    @Test
    void aRolledBackTransactionWakesNobody() {
        String payment = "pay_wake" + UUID.randomUUID().toString().substring(0, 8);
        counter.watchedPayment = payment;
        int before = counter.wakeUps.get();

        assertThatThrownBy(() -> transactions.inTransaction((Runnable) () -> {
            outbox.append(List.of(closed(payment)), T0);
            throw new IllegalStateException("rolled back");
        })).hasMessage("rolled back");

        assertThat(counter.wakeUps.get()).isEqualTo(before);
    }
}
