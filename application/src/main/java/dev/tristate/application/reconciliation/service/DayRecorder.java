package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.HoldStatus;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.PoolCounts;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredHold;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.StatementMatcher.DayFindings;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Records what a run found, in one transaction: each finding as a discrepancy under its key (day, tenant, channel,
 * class, subject), or in the holding pool when it may only be timing; then the earlier days' held items, released
 * when this day's statement matches them and counted as discrepancies when it does not; then links every discrepancy
 * of the day to the run.
 */
final class DayRecorder {

    /** What the recording came to: discrepancies found first now, those of the day in all, and the pool. */
    public record RecordedDay(int found, int ofDay, PoolCounts pool) {
    }

    private final ReconciliationRecords records;
    private final OurPayments payments;
    private final Transactions transactions;
    private final Clock clock;

    DayRecorder(ReconciliationRecords records, OurPayments payments, Transactions transactions, Clock clock) {
        this.records = records;
        this.payments = payments;
        this.transactions = transactions;
        this.clock = clock;
    }

    RecordedDay record(long runId, DayFindings findings) {
        StatementDay day = findings.day();
        Map<String, StatementLine> lineOf = new HashMap<>();
        day.paymentLines().forEach(l -> lineOf.put(l.outTradeNo(), l));
        return transactions.inTransaction(() -> {
            Instant now = DatabaseTime.now(clock);
            int found = 0;
            for (Finding f : findings.findings()) {
                if (f.timingSuspect()) {
                    records.hold(DiscrepancyFactory.holdOf(runId, day, f, now));
                } else if (created(DiscrepancyFactory.discrepancyOf(runId, day, f, now))) {
                    found++;
                }
            }
            int released = 0;
            int counted = 0;
            for (StoredHold held : records.heldBefore(day.tenant(), day.channel(), day.day())) {
                Payment current = payments.named(day.tenant(), held.paymentId()).orElse(null);
                Optional<String> unmatched = StatementComparison.stillUnmatched(held.kind(), held.day(), current,
                        Optional.ofNullable(lineOf.get(held.subject())));
                if (unmatched.isEmpty()) {
                    records.settleHold(held.id(), HoldStatus.RELEASED, runId,
                            "matched by the statement of " + day.day(), now);
                    released++;
                } else {
                    if (created(DiscrepancyFactory.discrepancyOf(runId, day, held, current, unmatched.get(), now))) {
                        found++;
                    }
                    records.settleHold(held.id(), HoldStatus.COUNTED, runId, "counted by the run of " + day.day(),
                            now);
                    counted++;
                }
            }
            int ofDay = records.linkDayToRun(runId, day.tenant(), day.channel(), day.day());
            int stillHeld = records.stillHeld(day.tenant(), day.channel(), day.day());
            return new RecordedDay(found, ofDay, new PoolCounts(stillHeld, released, counted));
        });
    }

    private boolean created(NewDiscrepancy discrepancy) {
        return records.recordDiscrepancy(discrepancy).created();
    }
}
