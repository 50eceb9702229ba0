package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;

class PaymentEntitlementsService implements PaymentEntitlementsQuery {

    private final EntitlementStore entitlements;

    PaymentEntitlementsService(EntitlementStore entitlements) {
        this.entitlements = entitlements;
    }

    @Override
    public List<Entitlement> entitlementsOf(TenantId tenantId, PaymentId paymentId) {
        return entitlements.findByPayment(tenantId, paymentId);
    }
}
