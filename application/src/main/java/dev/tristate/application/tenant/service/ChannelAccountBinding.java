package dev.tristate.application.tenant.service;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The rule that an account at a channel belongs to one tenant, as the console's changes keep it: checked before
 * anything is written and again when the unique key decides a race. Both a created tenant's sandbox merchant and a set
 * channel credential's account go through it, so it is a class of its own rather than a part of either.
 */
class ChannelAccountBinding {

    private final ChannelCredentialStore credentials;

    ChannelAccountBinding(ChannelCredentialStore credentials) {
        this.credentials = credentials;
    }

    /**
     * An account belongs to one tenant: one another tenant has bound is the person's mistake, refused before anything
     * is written. (Not a hint of which tenant holds it: the operator can look it up on the tenants page.)
     */
    void requireFree(TenantId tenantId, String channel, String account) {
        Optional<TenantId> owner = credentials.tenantForAccount(channel, account);
        if (owner.isPresent() && !owner.get().equals(tenantId)) {
            throw new InvalidInput("the " + channel + " account " + account + " is bound to another tenant already");
        }
    }

    /** Two operators binding one account at once: the unique key decides, and the loser's whole action rolls back. */
    ActionResult boundOnce(TenantId tenantId, String channel, String account, Supplier<ActionResult> action) {
        try {
            return action.get();
        } catch (PersistenceFailure.AlreadyExists e) {
            if (account != null) {
                requireFree(tenantId, channel, account);
            }
            throw e;
        }
    }

    /** Binds the account to the tenant unless the tenant has it bound already. */
    void bindIfNew(TenantId tenantId, String channel, String account, Instant now) {
        boolean already = credentials.accountsOf(tenantId).stream()
                .anyMatch(a -> a.equals(new ChannelAccount(tenantId, channel, account)));
        if (!already) {
            credentials.bindAccount(tenantId, channel, account, now);
        }
    }
}
