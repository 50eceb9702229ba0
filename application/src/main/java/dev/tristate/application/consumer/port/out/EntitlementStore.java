package dev.tristate.application.consumer.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Entitlements, memberships and the token ledger. Every read and write names the tenant. The {@code lock...} methods
 * must run inside a unit of work ({@link Transactions}): they hold the row until it ends, so that two grants for one
 * user extend a membership, or debit a balance, one after the other.
 */
public interface EntitlementStore {

    Optional<Entitlement> find(EntitlementKey key);

    /** A new grant; {@link PersistenceFailure.AlreadyExists} when the key is granted already. */
    void insert(Entitlement entitlement);

    /**
     * Which of these keys have a grant (in any status). A batch of deliveries asks this once for all its purchases,
     * so an adapter should answer it with one query per tenant.
     */
    default Set<EntitlementKey> grantedKeys(Collection<EntitlementKey> keys) {
        Set<EntitlementKey> granted = new HashSet<>();
        for (EntitlementKey key : keys) {
            find(key).ifPresent(found -> granted.add(key));
        }
        return granted;
    }

    /**
     * New grants, inside the caller's unit of work; {@link PersistenceFailure.AlreadyExists} when any key is granted
     * already, and the unit of work must then be rolled back. An adapter should write them in one statement.
     */
    default void insertAll(List<Entitlement> grants) {
        grants.forEach(this::insert);
    }

    /**
     * GRANTED -> REVOKED, conditional on the grant still standing; false when it was revoked already (or is not
     * there): the row count decides, so a grant is revoked once however often the revocation runs.
     */
    boolean revoke(EntitlementKey key);

    /** A payment's grants, oldest first; none for another tenant's payment. */
    List<Entitlement> findByPayment(TenantId tenantId, PaymentId paymentId);

    /** The user's membership, locked until the unit of work ends; empty when there is none yet. */
    Optional<Membership> lockMembership(TenantId tenantId, String userId);

    /** Writes the membership locked (or found absent) before in this unit of work. */
    void saveMembership(Membership membership, boolean isNew);

    Optional<TokenLedgerEntry> findTokenEntry(TenantId tenantId, String userId, String entryKey);

    /** The user's token balance, locked until the unit of work ends (0 when the user has no ledger yet). */
    long lockTokenBalance(TenantId tenantId, String userId);

    /**
     * Appends the entry and moves the user's balance by its delta; {@link PersistenceFailure.AlreadyExists} when an
     * entry of that key exists (nothing changes then).
     */
    void appendTokenEntry(TokenLedgerEntry entry);

    long tokenBalance(TenantId tenantId, String userId);

    List<TokenLedgerEntry> tokenLedger(TenantId tenantId, String userId);
}
