package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;

/**
 * Writes down that the system does not know what became of a payment, in a transaction of its own after the one whose
 * outcome is unknown, so that the resolver asks the channel later. Nothing here reads a timeout as a failure.
 */
public interface RecordUnknownOutcomeUseCase {

    /**
     * Records the case. Returns false when even this could not be written (the database is away): the stale-payment
     * sweep of the resolver and the statement reconciliation still find the payment later.
     */
    boolean record(TenantId tenant, PaymentId paymentId, String channel, UnknownOutcomeOrigin origin,
                   String reference, String detail);
}
