package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** An {@link EntitlementLedgerView} over the {@link InMemoryEntitlementStore}, held to the MyBatis view's contract. */
public class InMemoryEntitlementLedgerView implements EntitlementLedgerView {

    private final InMemoryEntitlementStore store;

    public InMemoryEntitlementLedgerView(InMemoryEntitlementStore store) {
        this.store = store;
    }

    @Override
    public Optional<String> unavailableBecause() {
        return Optional.empty();
    }

    @Override
    public List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid) {
        paid.stream().filter(p -> !p.tenantId().equals(tenantId)).findFirst().ifPresent(p -> {
            throw new IllegalArgumentException("payment " + p.id() + " is of tenant " + p.tenantId() + ", not "
                    + tenantId);
        });
        Set<EntitlementKey> granted = store.all().stream().map(e -> e.key()).collect(Collectors.toSet());
        return paid.stream().filter(p -> EntitlementKind.of(p.sku()).isPresent())
                .filter(p -> !granted.contains(new EntitlementKey(p.tenantId(), p.userId(), p.sku(), p.id())))
                .toList();
    }
}
