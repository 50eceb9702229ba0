package dev.tristate.application.outbox.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OutboxQuarantine} must do, run against the MyBatis adapter and the in-memory fake. How an event
 * comes to be quarantined is the relay's business; {@link #aQuarantinedEvent} puts one there.
 */
public abstract class OutboxQuarantineContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    protected abstract OutboxQuarantine quarantine();

    /**
     * A PaymentFailed event of the payment, created at {@code T0}, that failed first at {@code T0} plus one second and
     * was quarantined at {@code quarantinedAt} after 7 attempts with the last error "broker refused".
     */
    protected abstract EventId aQuarantinedEvent(TenantId tenantId, String paymentId, Instant quarantinedAt);

    /** A PaymentClosed event of the payment, PENDING and due at {@code T0}. */
    protected abstract EventId aPendingEvent(TenantId tenantId, String paymentId);

    private final TenantId tenant = new TenantId("t-q-" + UUID.randomUUID().toString().substring(0, 8));

    private static String aPaymentId() {
        return "pay_" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void aQuarantinedEventIsShownWithItsFailure() {
        String payment = aPaymentId();
        EventId id = aQuarantinedEvent(tenant, payment, T0.plusSeconds(60));

        assertThat(quarantine().find(id)).hasValueSatisfying(e -> {
            assertThat(e.eventId()).isEqualTo(id);
            assertThat(e.tenantId()).isEqualTo(tenant);
            assertThat(e.aggregateId()).isEqualTo(payment);
            assertThat(e.eventType()).isEqualTo("PaymentFailed");
            assertThat(e.status()).isEqualTo(OutboxStatus.QUARANTINED);
            assertThat(e.attempts()).isEqualTo(7);
            assertThat(e.lastError()).isEqualTo("broker refused");
            assertThat(e.createdAt()).isEqualTo(T0);
            assertThat(e.firstFailedAt()).isEqualTo(T0.plusSeconds(1));
            assertThat(e.quarantinedAt()).isEqualTo(T0.plusSeconds(60));
            assertThat(e.sentAt()).isNull();
        });
        assertThat(quarantine().find(new EventId(UUID.randomUUID()))).isEmpty();
    }

    @Test
    void aSearchFindsTheEventsInAStatusOldestQuarantinedFirstFilteredByTenantAndType() {
        EventId later = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(120));
        EventId earlier = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(60));
        EventId pending = aPendingEvent(tenant, aPaymentId());

        Page<OutboxEventView> page = quarantine().search(OutboxStatus.QUARANTINED, tenant, null,
                PageRequest.first(10));

        assertThat(page.items()).extracting(OutboxEventView::eventId).containsExactly(earlier, later);
        assertThat(page.total()).isEqualTo(2);
        assertThat(quarantine().search(OutboxStatus.QUARANTINED, tenant, "PaymentClosed", PageRequest.first(10))
                .items()).isEmpty();
        assertThat(quarantine().search(OutboxStatus.PENDING, tenant, "PaymentClosed", PageRequest.first(10))
                .items()).extracting(OutboxEventView::eventId).containsExactly(pending);
        assertThat(quarantine().search(OutboxStatus.QUARANTINED, tenant, null, new PageRequest(1, 1)).items())
                .extracting(OutboxEventView::eventId).containsExactly(later);
    }

    @Test
    void anAggregatesEventsAreItsOwnOldestFirst() {
        String payment = aPaymentId();
        EventId failed = aQuarantinedEvent(tenant, payment, T0.plusSeconds(60));
        EventId closed = aPendingEvent(tenant, payment);
        aPendingEvent(tenant, aPaymentId());

        assertThat(quarantine().forAggregate(tenant, payment)).extracting(OutboxEventView::eventId)
                .containsExactly(failed, closed);
        assertThat(quarantine().forAggregate(new TenantId("t-q-other"), payment)).isEmpty();
    }

    @Test
    void theQuarantinedAreCountedAndListedOldestFirst() {
        long before = quarantine().countQuarantined();
        EventId later = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(120));
        EventId earlier = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(60));
        aPendingEvent(tenant, aPaymentId());

        assertThat(quarantine().countQuarantined()).isEqualTo(before + 2);
        List<EventId> oldest = quarantine().oldestQuarantined((int) before + 2);
        assertThat(oldest).hasSize((int) before + 2).containsSubsequence(earlier, later);
        assertThat(quarantine().oldestQuarantined(1)).hasSize(1);
    }

    @Test
    void aReleasedEventIsPendingAgainWithAFreshRetryWindowTheSameIdAndItsLastError() {
        EventId id = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(60));

        assertThat(quarantine().release(id, T0.plusSeconds(300))).isTrue();

        assertThat(quarantine().find(id)).hasValueSatisfying(e -> {
            assertThat(e.status()).isEqualTo(OutboxStatus.PENDING);
            assertThat(e.attempts()).isZero();
            assertThat(e.firstFailedAt()).isNull();
            assertThat(e.quarantinedAt()).isNull();
            assertThat(e.lastError()).isEqualTo("broker refused");
        });
    }

    @Test
    void onlyAQuarantinedEventIsReleasedOrDiscarded() {
        EventId released = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(60));
        quarantine().release(released, T0.plusSeconds(300));
        EventId pending = aPendingEvent(tenant, aPaymentId());

        assertThat(quarantine().release(released, T0.plusSeconds(301))).as("released already").isFalse();
        assertThat(quarantine().discard(released, T0.plusSeconds(301))).as("released already").isFalse();
        assertThat(quarantine().discard(pending, T0.plusSeconds(301))).isFalse();
        assertThat(quarantine().release(new EventId(UUID.randomUUID()), T0)).isFalse();
        assertThat(quarantine().find(pending).orElseThrow().status()).isEqualTo(OutboxStatus.PENDING);
    }

    @Test
    void aDiscardedEventIsDiscardedOnceAndNeverReleased() {
        EventId id = aQuarantinedEvent(tenant, aPaymentId(), T0.plusSeconds(60));

        assertThat(quarantine().discard(id, T0.plusSeconds(300))).isTrue();

        assertThat(quarantine().find(id).orElseThrow().status()).isEqualTo(OutboxStatus.DISCARDED);
        assertThat(quarantine().discard(id, T0.plusSeconds(301))).isFalse();
        assertThat(quarantine().release(id, T0.plusSeconds(301))).isFalse();
    }
}
