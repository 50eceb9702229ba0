package dev.tristate.application.outbox.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.payment.PaymentEvent.PaymentClosed;
import dev.tristate.domain.payment.PaymentEvent.PaymentFailed;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link OutboxStore} must do, run against the MyBatis adapter and both in-memory outboxes. The port only
 * writes; {@link #storedEventIds} reads back what the implementation holds for one payment.
 */
public abstract class OutboxStoreContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T10:00:00.000001Z");

    protected abstract OutboxStore outbox();

    /** The ids of the events the implementation holds for the payment, in the order they were appended. */
    protected abstract List<EventId> storedEventIds(TenantId tenantId, PaymentId paymentId);

    private final TenantId tenant = new TenantId("t-out-" + UUID.randomUUID().toString().substring(0, 8));
    private final PaymentId payment = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));

    private PaymentFailed failed(Instant at) {
        return new PaymentFailed(EventId.derive(payment.value(), EventType.PaymentFailed, null), tenant, payment, at);
    }

    private PaymentClosed closed(Instant at) {
        return new PaymentClosed(EventId.derive(payment.value(), EventType.PaymentClosed, null), tenant, payment, at);
    }

    @Test
    void everyAppendedEventIsHeldUnderItsOwnId() {
        List<PaymentEvent> events = List.of(failed(T0), closed(T0));

        outbox().append(events, T0);

        assertThat(storedEventIds(tenant, payment)).containsExactly(events.get(0).eventId(), events.get(1).eventId());
    }

    @Test
    void anEventAppendedAgainIsAlreadyExistsAndHeldOnce() {
        outbox().append(List.of(failed(T0)), T0);

        assertThatThrownBy(() -> outbox().append(List.of(failed(T0.plusSeconds(5))), T0.plusSeconds(5)))
                .as("the same transition, raised again later").isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(storedEventIds(tenant, payment)).containsExactly(failed(T0).eventId());
    }

    @Test
    void appendingNothingHoldsNothing() {
        outbox().append(List.of(), T0);

        assertThat(storedEventIds(tenant, payment)).isEmpty();
    }
}
