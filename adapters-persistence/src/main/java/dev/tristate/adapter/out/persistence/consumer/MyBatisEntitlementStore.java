package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper.EntitlementRow;
import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper.LedgerRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Entitlements, memberships and the token ledger on MyBatis. The kind is stored as a column for support staff, and
 * read back from the SKU, its one source.
 */
public class MyBatisEntitlementStore implements EntitlementStore {

    private final EntitlementMapper mapper;
    private final ConsumerBatchStatements batches;

    public MyBatisEntitlementStore(EntitlementMapper mapper, ConsumerBatchStatements batches) {
        this.mapper = mapper;
        this.batches = batches;
    }

    @Override
    public Optional<Entitlement> find(EntitlementKey key) {
        return translate(() -> Optional.ofNullable(mapper.find(key.tenantId().value(), key.userId(), key.sku(),
                key.paymentId().value()))).map(MyBatisEntitlementStore::toEntitlement);
    }

    @Override
    public void insert(Entitlement entitlement) {
        EntitlementRow row = toRow(entitlement);
        translate(() -> mapper.insert(row));
    }

    @Override
    public void insertAll(List<Entitlement> grants) {
        if (!grants.isEmpty()) {
            List<EntitlementRow> rows = grants.stream().map(MyBatisEntitlementStore::toRow).toList();
            translate(() -> batches.insertEntitlements(rows));
        }
    }

    @Override
    public Set<EntitlementKey> grantedKeys(Collection<EntitlementKey> keys) {
        // By payment within each tenant (ix_entitlements_payment), then only the asked-for keys.
        Map<TenantId, List<String>> paymentsByTenant = keys.stream().collect(Collectors.groupingBy(
                EntitlementKey::tenantId, Collectors.mapping(k -> k.paymentId().value(), Collectors.toList())));
        Set<EntitlementKey> granted = new HashSet<>();
        paymentsByTenant.forEach((tenantId, paymentIds) -> {
            for (EntitlementRow row : translate(() -> mapper.keysOfPayments(tenantId.value(), paymentIds))) {
                EntitlementKey key = new EntitlementKey(tenantId, row.userId, row.sku, new PaymentId(row.paymentId));
                if (keys.contains(key)) {
                    granted.add(key);
                }
            }
        });
        return granted;
    }

    private static EntitlementRow toRow(Entitlement entitlement) {
        EntitlementRow row = new EntitlementRow();
        EntitlementKey key = entitlement.key();
        row.tenantId = key.tenantId().value();
        row.userId = key.userId();
        row.sku = key.sku();
        row.paymentId = key.paymentId().value();
        row.kind = entitlement.kind().name();
        row.quantity = entitlement.kind().quantity();
        row.status = entitlement.status().name();
        row.grantedBy = entitlement.grantedBy().toString();
        row.grantedAt = Rows.utc(entitlement.grantedAt());
        row.validUntil = Rows.utc(entitlement.validUntil());
        return row;
    }

    @Override
    public boolean revoke(EntitlementKey key) {
        return translate(() -> mapper.revoke(key.tenantId().value(), key.userId(), key.sku(),
                key.paymentId().value())) == 1;
    }

    @Override
    public List<Entitlement> findByPayment(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> mapper.findByPayment(tenantId.value(), paymentId.value())).stream()
                .map(MyBatisEntitlementStore::toEntitlement).toList();
    }

    @Override
    public Optional<Membership> lockMembership(TenantId tenantId, String userId) {
        LocalDateTime end = translate(() -> mapper.lockMembershipEnd(tenantId.value(), userId));
        return Optional.ofNullable(end).map(e -> new Membership(tenantId, userId, Rows.instant(e)));
    }

    @Override
    public void saveMembership(Membership membership, boolean isNew) {
        String tenant = membership.tenantId().value();
        LocalDateTime end = Rows.utc(membership.endsAt());
        translate(() -> isNew ? mapper.insertMembership(tenant, membership.userId(), end)
                : mapper.updateMembership(tenant, membership.userId(), end));
    }

    @Override
    public Optional<TokenLedgerEntry> findTokenEntry(TenantId tenantId, String userId, String entryKey) {
        return translate(() -> Optional.ofNullable(mapper.findLedgerEntry(tenantId.value(), userId, entryKey)))
                .map(MyBatisEntitlementStore::toEntry);
    }

    @Override
    public long lockTokenBalance(TenantId tenantId, String userId) {
        Long balance = translate(() -> mapper.lockBalance(tenantId.value(), userId));
        return balance == null ? 0 : balance;
    }

    @Override
    public void appendTokenEntry(TokenLedgerEntry entry) {
        LedgerRow row = new LedgerRow();
        row.tenantId = entry.tenantId().value();
        row.userId = entry.userId();
        row.entryKey = entry.entryKey();
        row.delta = entry.delta();
        row.createdAt = Rows.utc(entry.at());
        translate(() -> {
            mapper.insertLedgerEntry(row);
            // The first entry of a user creates the balance; two first entries at once: one of them gets a duplicate
            // key, which the caller reads as "try again", and then finds the row.
            return mapper.addToBalance(row.tenantId, row.userId, row.delta) == 1 ? 1
                    : mapper.insertBalance(row.tenantId, row.userId, row.delta);
        });
    }

    @Override
    public long tokenBalance(TenantId tenantId, String userId) {
        Long balance = translate(() -> mapper.balance(tenantId.value(), userId));
        return balance == null ? 0 : balance;
    }

    @Override
    public List<TokenLedgerEntry> tokenLedger(TenantId tenantId, String userId) {
        return translate(() -> mapper.ledger(tenantId.value(), userId)).stream()
                .map(MyBatisEntitlementStore::toEntry).toList();
    }

    private static Entitlement toEntitlement(EntitlementRow row) {
        EntitlementKind kind = EntitlementKind.of(row.sku).orElseThrow(
                () -> new IllegalStateException("entitlement of an unknown kind in the database: " + row.sku));
        return new Entitlement(new EntitlementKey(new TenantId(row.tenantId), row.userId, row.sku,
                new PaymentId(row.paymentId)), kind, EntitlementStatus.valueOf(row.status), EventId.of(row.grantedBy),
                Rows.instant(row.grantedAt), Rows.instant(row.validUntil));
    }

    private static TokenLedgerEntry toEntry(LedgerRow row) {
        return new TokenLedgerEntry(new TenantId(row.tenantId), row.userId, row.entryKey, row.delta,
                Rows.instant(row.createdAt));
    }
}
