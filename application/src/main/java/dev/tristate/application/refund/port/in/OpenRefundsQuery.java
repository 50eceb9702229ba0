package dev.tristate.application.refund.port.in;

import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;

/** Support staff see the refunds still waiting for the channel's answer next to the unresolved payments. */
public interface OpenRefundsQuery {

    /** PENDING and UNKNOWN refunds, oldest first, of one tenant or of all ({@code tenantId} null), at most limit. */
    List<Refund> openRefunds(TenantId tenantId, int limit);
}
