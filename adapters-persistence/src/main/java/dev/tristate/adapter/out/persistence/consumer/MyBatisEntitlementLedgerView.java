package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper.EntitlementRow;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reconciliation's view of the entitlements on MyBatis: the grants of a day's paid payments are read by payment id
 * ({@code ix_entitlements_payment}), a bounded number of ids per statement, and matched on the whole business key.
 */
public class MyBatisEntitlementLedgerView implements EntitlementLedgerView {

    /** Payment ids per query: keeps the statement and its IN list well under the servers' limits. */
    static final int IDS_PER_QUERY = 500;

    private record Key(String userId, String sku, String paymentId) {
    }

    private final EntitlementMapper mapper;

    public MyBatisEntitlementLedgerView(EntitlementMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Optional<String> unavailableBecause() {
        return Optional.empty();
    }

    @Override
    public List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid) {
        for (Payment p : paid) {
            if (!p.tenantId().equals(tenantId)) {
                throw new IllegalArgumentException("payment " + p.id() + " is of tenant " + p.tenantId() + ", not "
                        + tenantId);
            }
        }
        List<Payment> owed = paid.stream().filter(p -> EntitlementKind.of(p.sku()).isPresent()).toList();
        Set<Key> granted = new HashSet<>();
        for (int from = 0; from < owed.size(); from += IDS_PER_QUERY) {
            List<String> ids = owed.subList(from, Math.min(owed.size(), from + IDS_PER_QUERY)).stream()
                    .map(p -> p.id().value()).distinct().toList();
            for (EntitlementRow row : translate(() -> mapper.keysOfPayments(tenantId.value(), ids))) {
                granted.add(new Key(row.userId, row.sku, row.paymentId));
            }
        }
        List<Payment> missing = new ArrayList<>();
        for (Payment p : owed) {
            if (!granted.contains(new Key(p.userId(), p.sku(), p.id().value()))) {
                missing.add(p);
            }
        }
        return missing;
    }
}
