package dev.tristate.application.reconciliation.port.in;

import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * The daily reconciliation: for every tenant's account at a channel that gives statements, yesterday's statement
 * is fetched and reconciled once it is complete, unless a run of that day already completed. A day whose statement is
 * not available yet is tried again on the next round.
 */
public interface RunDailyReconciliationsUseCase {

    /** Who starts the scheduled runs, as the runs and audit entries show it. */
    String SCHEDULER = "scheduler";

    DailyRound runDue();

    /**
     * What one round did: yesterday in UTC, and per account the channel day it reconciled (the channel's own
     * yesterday: China time for Alipay) and what happened.
     */
    record DailyRound(LocalDate day, List<AccountResult> results) {
        public DailyRound {
            Objects.requireNonNull(day, "day");
            results = List.copyOf(results);
        }

        public long count(Outcome outcome) {
            return results.stream().filter(r -> r.outcome() == outcome).count();
        }
    }

    record AccountResult(TenantId tenantId, String channel, LocalDate day, Outcome outcome, String detail) {
    }

    enum Outcome {
        /** A run of the day completed before this round: nothing to do. */
        ALREADY_DONE,
        /** This round reconciled the day. */
        RECONCILED,
        /** The channel did not give the statement (yet): the next round tries again. */
        UNAVAILABLE,
        /** The statement could not be read or the run failed: the next round tries again; people see the failed run. */
        FAILED
    }
}
