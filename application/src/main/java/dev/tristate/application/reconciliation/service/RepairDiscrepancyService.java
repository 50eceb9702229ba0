package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairSettlement;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.reconciliation.RepairStatus;
import java.time.Clock;
import java.time.Instant;

/**
 * Applies a discrepancy's repair through its {@link RepairEffect} and settles it in one transaction, under a status
 * precondition: a repair is applied at most once, whoever asks. A failure is written down as FAILED. The command's
 * audit entry is written in the transaction that settles the repair (APPLIED with its effect, or FAILED), so the
 * repair and its entry commit together; a repair someone else settled first writes none.
 */
class RepairDiscrepancyService implements RepairDiscrepancyUseCase {

    /** What this request settled. */
    private enum Settled { APPLIED, FAILED, NOTHING }

    /** Someone settled the repair between our read and our write: our effects are rolled back. */
    private static final class SettledMeanwhile extends RuntimeException {
        SettledMeanwhile() {
            super(null, null, false, false);
        }
    }

    private final ReconciliationRecords records;
    private final RepairEffects effects;
    private final Transactions transactions;
    private final Clock clock;

    RepairDiscrepancyService(ReconciliationRecords records, RepairEffects effects, Transactions transactions,
                             Clock clock) {
        this.records = records;
        this.effects = effects;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public RepairOutcome repairDiscrepancy(RepairDiscrepancyCommand command) {
        StoredDiscrepancy d = records.discrepancy(command.tenantId(), command.discrepancyId())
                .orElseThrow(() -> new ReconciliationNotFound("no discrepancy " + command.discrepancyId()));
        if (d.repairStatus() == RepairStatus.APPLIED) {
            return new RepairOutcome.AlreadyApplied(ReconciliationViews.view(d));
        }
        RepairEffect effect = effects.of(d.kind().repair());
        effect.unavailableBecause().ifPresent(why -> {
            throw new RepairNotAvailable(effect.repair() + " is not available: " + why);
        });
        Settled settled = attempt(d, effect, command);
        DiscrepancyView after = ReconciliationViews.view(reread(d));
        return switch (settled) {
            case APPLIED -> new RepairOutcome.Repaired(after);
            case FAILED -> new RepairOutcome.RepairFailed(after);
            case NOTHING -> new RepairOutcome.SettledElsewhere(after);
        };
    }

    private Settled attempt(StoredDiscrepancy d, RepairEffect effect, RepairDiscrepancyCommand command) {
        try {
            try {
                settle(d, effect, command);
                return Settled.APPLIED;
            } catch (PersistenceFailure.AlreadyExists raced) {
                // A unique key said someone was first. Settled with it (the notification's dedup key): done. Still
                // unsettled: a grant of the same key committed first (the consumer), and once more finds it granted.
                if (reread(d).repairStatus() != d.repairStatus()) {
                    return Settled.NOTHING;
                }
                settle(d, effect, command);
                return Settled.APPLIED;
            }
        } catch (SettledMeanwhile | PersistenceFailure.AlreadyExists meanwhile) {
            // Applied by someone else first (the notification's dedup key or the repair's status says so).
            return Settled.NOTHING;
        } catch (RuntimeException failure) {
            return settleFailed(d, effect, command, failure);
        }
    }

    /** The repair's effect and its settlement (PENDING or FAILED to APPLIED, conditional) in one transaction. */
    private void settle(StoredDiscrepancy d, RepairEffect effect, RepairDiscrepancyCommand command) {
        transactions.inTransaction(() -> {
            Instant now = DatabaseTime.now(clock);
            String result = effect.apply(d, command.operator(), command.reason(), now);
            if (!records.settleRepair(d.id(), d.repairStatus(),
                    new RepairSettlement(RepairStatus.APPLIED, result, command.operator(), command.reason(), now))) {
                throw new SettledMeanwhile();
            }
            command.audit().record(REPAIRED, auditDetail(d, result), now);
            return null;
        });
    }

    private Settled settleFailed(StoredDiscrepancy d, RepairEffect effect, RepairDiscrepancyCommand command,
                                 RuntimeException failure) {
        try {
            return transactions.inTransaction(() -> {
                Instant now = DatabaseTime.now(clock);
                String result = effect.repair() + " failed: " + failure.getMessage();
                if (!records.settleRepair(d.id(), d.repairStatus(),
                        new RepairSettlement(RepairStatus.FAILED, result, command.operator(), command.reason(),
                                now))) {
                    return Settled.NOTHING;
                }
                command.audit().record(REPAIR_FAILED, auditDetail(d, result), now);
                return Settled.FAILED;
            });
        } catch (PersistenceFailure.AlreadyExists actionKeyTaken) {
            // The audit entry's key is taken: the same form's other submission answers for this one.
            return Settled.NOTHING;
        }
    }

    private StoredDiscrepancy reread(StoredDiscrepancy d) {
        return records.discrepancy(d.tenantId(), d.id()).orElseThrow();
    }

    /** What a repair did, as its audit entry says it: {@code <class> → <repair>: <result>}. */
    static String auditDetail(StoredDiscrepancy d, String result) {
        return d.kind() + " → " + d.kind().repair() + ": " + result;
    }
}
