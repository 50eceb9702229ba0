package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.GrantEntitlementUseCase;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.task.Task;
import java.time.Instant;
import java.util.Optional;

/** The grant of one purchase under its business key, inside the caller's unit of work (see the port). */
class EntitlementGrants implements GrantEntitlementUseCase {

    private final EntitlementStore entitlements;
    private final TaskStore tasks;

    EntitlementGrants(EntitlementStore entitlements, TaskStore tasks) {
        this.entitlements = entitlements;
        this.tasks = tasks;
    }

    @Override
    public Optional<Granted> grant(EntitlementKey key, EventId grantedBy, Instant now) {
        Optional<EntitlementKind> kind = EntitlementKind.of(key.sku());
        if (kind.isEmpty()) {
            return Optional.empty();
        }
        if (entitlements.find(key).isPresent()) {
            return Optional.of(Granted.ALREADY_GRANTED);
        }
        Instant membershipEnd = null;
        if (kind.get() instanceof EntitlementKind.MembershipDays days) {
            Optional<Membership> current = entitlements.lockMembership(key.tenantId(), key.userId());
            Membership extended = Membership.extend(current.orElse(null), key.tenantId(), key.userId(),
                    days.days(), now);
            entitlements.saveMembership(extended, current.isEmpty());
            membershipEnd = extended.endsAt();
        } else if (kind.get() instanceof EntitlementKind.TokenQuota tokens) {
            TokenLedgerEntry credit = TokenLedgerEntry.credit(key.tenantId(), key.userId(), key.creditEntryKey(),
                    tokens.tokens(), now);
            if (entitlements.findTokenEntry(key.tenantId(), key.userId(), credit.entryKey()).isEmpty()) {
                entitlements.appendTokenEntry(credit);
            }
        }
        entitlements.insert(Entitlement.grant(key, kind.get(), grantedBy, now, membershipEnd));
        // The tenant's service hears of the grant through a task written with it: after the commit, at least once.
        tasks.insert(Task.entitlementGranted(key, now));
        return Optional.of(Granted.GRANTED);
    }
}
