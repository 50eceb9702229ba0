package dev.tristate.application.reconciliation.port.out;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

/** The payments a statement day is compared with: those paid during the day, by the channel's time of payment. */
public interface ReconciliationPayments {

    /** Payments of the tenant on the channel whose paid time is in [{@code from}, {@code to}), oldest first. */
    List<Payment> paidBetween(TenantId tenantId, String channel, Instant from, Instant to);
}
