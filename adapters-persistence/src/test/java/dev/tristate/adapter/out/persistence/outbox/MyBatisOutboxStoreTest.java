package dev.tristate.adapter.out.persistence.outbox;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxQuarantineContract;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.outbox.port.out.OutboxStoreContract;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.payment.PaymentEvent.PaymentClosed;
import dev.tristate.domain.payment.PaymentEvent.PaymentFailed;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The outbox's and the quarantine's contracts on MyBatis (MariaDB under .ci/run, H2 elsewhere): both ports over the
 * one outbox_events table, each reading what the other wrote.
 */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
// Its own context (its own property source): closed after the class, so that the pools of the contexts cached for
// earlier classes do not exhaust a shared MariaDB's connections.
@DirtiesContext
class MyBatisOutboxStoreTest extends OutboxStoreContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired OutboxStore outbox;
    @Autowired OutboxQuarantine quarantine;
    @Autowired JdbcTemplate jdbc;

    @Override
    protected OutboxStore outbox() {
        return outbox;
    }

    @Override
    protected List<EventId> storedEventIds(TenantId tenantId, PaymentId paymentId) {
        return quarantine.forAggregate(tenantId, paymentId.value()).stream().map(OutboxEventView::eventId).toList();
    }

    @Nested
    class TheQuarantine extends OutboxQuarantineContract {
        @Override
        protected OutboxQuarantine quarantine() {
            return quarantine;
        }

        /** Appended as the callback path does, then given up on as the relay does (due at its quarantine). */
        @Override
        protected EventId aQuarantinedEvent(TenantId tenantId, String paymentId, Instant quarantinedAt) {
            PaymentId payment = new PaymentId(paymentId);
            EventId id = EventId.derive(paymentId, EventType.PaymentFailed, null);
            outbox.append(List.of(new PaymentFailed(id, tenantId, payment, T0)), T0);
            jdbc.update("UPDATE outbox_events SET status = 'QUARANTINED', attempts = 7, last_error = 'broker refused',"
                    + " first_failed_at = ?, quarantined_at = ?, next_attempt_at = ? WHERE event_id = ?",
                    Rows.utc(T0.plusSeconds(1)), Rows.utc(quarantinedAt), Rows.utc(quarantinedAt), id.toString());
            return id;
        }

        @Override
        protected EventId aPendingEvent(TenantId tenantId, String paymentId) {
            EventId id = EventId.derive(paymentId, EventType.PaymentClosed, null);
            outbox.append(List.of(new PaymentClosed(id, tenantId, new PaymentId(paymentId), T0)), T0);
            return id;
        }
    }
}
