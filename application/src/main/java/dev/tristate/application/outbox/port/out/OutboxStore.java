package dev.tristate.application.outbox.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.PaymentEvent;
import java.time.Instant;
import java.util.List;

/**
 * The outbox: events of committed transitions, written in the same transaction as the transition. The relay that
 * publishes them reads the same table.
 */
public interface OutboxStore {

    /**
     * Appends the events, due at once. An event already in the outbox (same type, payment and refund) is
     * {@link PersistenceFailure.AlreadyExists}: a transition raises its event once.
     */
    void append(List<PaymentEvent> events, Instant now);
}
