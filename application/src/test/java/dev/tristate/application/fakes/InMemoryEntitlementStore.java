package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An {@link EntitlementStore} in memory, held to the same contract as the MyBatis adapter; rolls back with the unit
 * of work. Its "locks" are the fake transactions' single-threadedness.
 */
public class InMemoryEntitlementStore implements EntitlementStore, InMemoryTransactions.Participant {

    private record User(TenantId tenantId, String userId) {
    }

    private record State(Map<EntitlementKey, Entitlement> grants, Map<User, Membership> memberships,
                         Map<User, List<TokenLedgerEntry>> ledgers) {
        State copy() {
            Map<User, List<TokenLedgerEntry>> ledgerCopy = new HashMap<>();
            ledgers.forEach((user, entries) -> ledgerCopy.put(user, new ArrayList<>(entries)));
            return new State(new LinkedHashMap<>(grants), new HashMap<>(memberships), ledgerCopy);
        }
    }

    private State state = new State(new LinkedHashMap<>(), new HashMap<>(), new HashMap<>());

    @Override
    public synchronized Optional<Entitlement> find(EntitlementKey key) {
        return Optional.ofNullable(state.grants.get(key));
    }

    @Override
    public synchronized void insert(Entitlement entitlement) {
        if (state.grants.putIfAbsent(entitlement.key(), entitlement) != null) {
            throw new PersistenceFailure.AlreadyExists("entitlement exists", null);
        }
    }

    @Override
    public synchronized boolean revoke(EntitlementKey key) {
        Entitlement grant = state.grants.get(key);
        if (grant == null || grant.status() != EntitlementStatus.GRANTED) {
            return false;
        }
        state.grants.put(key, new Entitlement(key, grant.kind(), EntitlementStatus.REVOKED, grant.grantedBy(),
                grant.grantedAt(), grant.validUntil()));
        return true;
    }

    @Override
    public synchronized List<Entitlement> findByPayment(TenantId tenantId, PaymentId paymentId) {
        return state.grants.values().stream()
                .filter(e -> e.key().tenantId().equals(tenantId) && e.key().paymentId().equals(paymentId))
                .sorted(Comparator.comparing(Entitlement::grantedAt)).toList();
    }

    @Override
    public synchronized Optional<Membership> lockMembership(TenantId tenantId, String userId) {
        return Optional.ofNullable(state.memberships.get(new User(tenantId, userId)));
    }

    @Override
    public synchronized void saveMembership(Membership membership, boolean isNew) {
        User user = new User(membership.tenantId(), membership.userId());
        if (isNew && state.memberships.containsKey(user)) {
            throw new PersistenceFailure.AlreadyExists("membership exists", null);
        }
        state.memberships.put(user, membership);
    }

    @Override
    public synchronized Optional<TokenLedgerEntry> findTokenEntry(TenantId tenantId, String userId, String entryKey) {
        return state.ledgers.getOrDefault(new User(tenantId, userId), List.of()).stream()
                .filter(e -> e.entryKey().equals(entryKey)).findFirst();
    }

    @Override
    public synchronized long lockTokenBalance(TenantId tenantId, String userId) {
        return tokenBalance(tenantId, userId);
    }

    @Override
    public synchronized void appendTokenEntry(TokenLedgerEntry entry) {
        if (findTokenEntry(entry.tenantId(), entry.userId(), entry.entryKey()).isPresent()) {
            throw new PersistenceFailure.AlreadyExists("ledger entry exists", null);
        }
        state.ledgers.computeIfAbsent(new User(entry.tenantId(), entry.userId()), u -> new ArrayList<>()).add(entry);
    }

    @Override
    public synchronized long tokenBalance(TenantId tenantId, String userId) {
        return state.ledgers.getOrDefault(new User(tenantId, userId), List.of()).stream()
                .mapToLong(TokenLedgerEntry::delta).sum();
    }

    @Override
    public synchronized List<TokenLedgerEntry> tokenLedger(TenantId tenantId, String userId) {
        return List.copyOf(state.ledgers.getOrDefault(new User(tenantId, userId), List.of()));
    }

    public synchronized List<Entitlement> all() {
        return List.copyOf(state.grants.values());
    }

    @Override
    public synchronized Object snapshot() {
        return state.copy();
    }

    @Override
    public synchronized void restore(Object snapshot) {
        state = ((State) snapshot).copy();
    }
}
