package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;

/**
 * The revocation of a fully refunded payment's grants, in one transaction: each grant that still stands becomes
 * REVOKED by a write conditional on GRANTED (the row count decides), and only a grant revoked by this very write has
 * its effect reversed, so running the revocation again (a crash before its task was marked done) changes nothing
 * twice.
 * <ul>
 *   <li>Course access: revoked; that is the whole effect.</li>
 *   <li>Token quota: the credit is reversed once through the token ledger with a debit under its own entry key
 *   ({@code revoke:<payment>:<sku>}), of at most the current balance: tokens already spent are not clawed back below
 *   zero (the ledger would go negative otherwise).</li>
 *   <li>Membership: revoked, and the user's membership end moves back by the grant's days, but not before now
 *   ({@link Membership#shorten}): grants made after it keep their days, days already used are not taken back.</li>
 * </ul>
 */
class EntitlementRevocations {

    private final EntitlementStore entitlements;
    private final Transactions transactions;

    EntitlementRevocations(EntitlementStore entitlements, Transactions transactions) {
        this.entitlements = entitlements;
        this.transactions = transactions;
    }

    /** Revokes the payment's standing grants; returns how many this call revoked (0 when run again). */
    public int revoke(TenantId tenantId, PaymentId paymentId, Instant now) {
        return transactions.inTransaction(() -> {
            int revoked = 0;
            for (Entitlement grant : entitlements.findByPayment(tenantId, paymentId)) {
                if (grant.status() != EntitlementStatus.GRANTED || !entitlements.revoke(grant.key())) {
                    continue;
                }
                revoked++;
                if (grant.kind() instanceof EntitlementKind.TokenQuota tokens) {
                    reverseCredit(grant, tokens.tokens(), now);
                } else if (grant.kind() instanceof EntitlementKind.MembershipDays membership) {
                    shortenMembership(grant, membership.days(), now);
                }
            }
            return revoked;
        });
    }

    private void shortenMembership(Entitlement grant, int days, Instant now) {
        entitlements.lockMembership(grant.key().tenantId(), grant.key().userId()).ifPresent(current -> {
            Membership shortened = current.shorten(days, now);
            if (!shortened.equals(current)) {
                entitlements.saveMembership(shortened, false);
            }
        });
    }

    private void reverseCredit(Entitlement grant, long tokens, Instant now) {
        TenantId tenant = grant.key().tenantId();
        String user = grant.key().userId();
        String entryKey = "revoke:" + grant.key().paymentId().value() + ":" + grant.key().sku();
        if (entitlements.findTokenEntry(tenant, user, entryKey).isPresent()) {
            return;
        }
        long balance = entitlements.lockTokenBalance(tenant, user);
        long debit = Math.min(balance, tokens);
        if (debit > 0) {
            entitlements.appendTokenEntry(new TokenLedgerEntry(tenant, user, entryKey, -debit, now));
        }
    }
}
