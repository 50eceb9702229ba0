package dev.tristate.application.consumer.port.in;

import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventId;
import java.time.Instant;
import java.util.Optional;

/**
 * The grant of one purchase under its business key (tenant, user, SKU, payment), with its membership extension or
 * token credit and the task that tells the tenant's service. Runs inside the caller's unit of work: the entitlements
 * consumer (with its inbox row) and reconciliation's re-grant (with the repair's settlement) both grant through here,
 * so the key's uniqueness makes them one grant whichever comes first.
 */
public interface GrantEntitlementUseCase {

    /** What {@link #grant} did. */
    enum Granted {
        GRANTED,
        /** The key was granted before (by whichever path): nothing changed. */
        ALREADY_GRANTED
    }

    /**
     * Grants the key's SKU once; empty when the SKU names no entitlement kind. A concurrent grant of the same key
     * that commits first makes this one fail with {@code PersistenceFailure.AlreadyExists} (the unique key): the
     * caller's unit of work is rolled back whole, and run again finds {@link Granted#ALREADY_GRANTED}.
     *
     * @param grantedBy the event the grant is recorded under (the payment's PaymentSucceeded)
     */
    Optional<Granted> grant(EntitlementKey key, EventId grantedBy, Instant now);
}
