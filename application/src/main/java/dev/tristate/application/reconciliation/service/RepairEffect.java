package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.domain.reconciliation.Repair;
import java.time.Instant;
import java.util.Optional;

/**
 * What one {@link Repair} does. Repairs go through the same paths as everything else: a statement line is applied
 * like a callback, a hold opens a review case, a status question opens the resolver's case, a missing grant is
 * granted through the entitlements consumer's own code, a refund is asked about through the refund ledger.
 */
public interface RepairEffect {

    Repair repair();

    /** Empty when the repair can be applied in this build; else why not (its ledger is not part of it). */
    default Optional<String> unavailableBecause() {
        return Optional.empty();
    }

    /**
     * Applies the repair inside the transaction that settles it, and returns what it did (the repair's result, as
     * people read it). Throws when it cannot: the repair is settled FAILED with the exception's message.
     */
    String apply(StoredDiscrepancy discrepancy, String operator, String reason, Instant now);
}
