package dev.tristate.application.consumer.port.in;

import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;

/** The grants a tenant's payment led to (none for another tenant's payment). */
public interface PaymentEntitlementsQuery {

    List<Entitlement> entitlementsOf(TenantId tenantId, PaymentId paymentId);
}
