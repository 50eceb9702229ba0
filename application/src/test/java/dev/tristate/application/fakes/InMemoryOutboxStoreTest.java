package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.OutboxRelayStore.OutboxEntry;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.outbox.port.out.OutboxStoreContract;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import org.junit.jupiter.api.Nested;

/** The outbox of the callback path's fakes, and the relay's fake outbox, both held to the port's contract. */

class InMemoryOutboxStoreTest extends OutboxStoreContract {

    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();

    @Override
    protected OutboxStore outbox() {
        return outbox;
    }

    @Override
    protected List<EventId> storedEventIds(TenantId tenantId, PaymentId paymentId) {
        return outbox.events().stream().filter(e -> e.tenantId().equals(tenantId) && e.paymentId().equals(paymentId))
                .map(PaymentEvent::eventId).toList();
    }

    @Nested
    class TheRelaysOutbox extends OutboxStoreContract {
        private final InMemoryOutboxRelayStore store = new InMemoryOutboxRelayStore();

        @Override
        protected OutboxStore outbox() {
            return store;
        }

        /** The relay's rows know no payment; the contract's tenant is its own, so the tenant picks them out. */
        @Override
        protected List<EventId> storedEventIds(TenantId tenantId, PaymentId paymentId) {
            return store.rows().stream().filter(r -> r.tenantId().equals(tenantId)).map(OutboxEntry::eventId).toList();
        }
    }
}
