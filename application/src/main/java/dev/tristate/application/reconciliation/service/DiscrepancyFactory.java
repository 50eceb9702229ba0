package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewHold;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredHold;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import java.time.Instant;

/**
 * Assembles the records of what a run found: a discrepancy from a finding, or from a held item that a later day did
 * not match (counted under the later run's day, with the payment as it is now), and a held item from a finding that
 * may only be timing.
 */
final class DiscrepancyFactory {

    private DiscrepancyFactory() {
    }

    static NewDiscrepancy discrepancyOf(long runId, StatementDay day, Finding finding, Instant now) {
        Payment payment = finding.payment();
        return new NewDiscrepancy(day.tenant(), day.channel(), day.day(), finding.kind(), finding.subject(),
                payment == null ? null : payment.id().value(), finding.line(),
                payment == null ? null : payment.status().name(), finding.detail(), runId, now);
    }

    static NewDiscrepancy discrepancyOf(long runId, StatementDay day, StoredHold held, Payment current,
                                        String stillUnmatched, Instant now) {
        return new NewDiscrepancy(day.tenant(), day.channel(), day.day(), held.kind(), held.subject(),
                current == null ? null : current.id().value(), held.line(),
                current == null ? null : current.status().name(), held.detail() + "; " + stillUnmatched, runId, now);
    }

    static NewHold holdOf(long runId, StatementDay day, Finding finding, Instant now) {
        return new NewHold(day.tenant(), day.channel(), day.day(), finding.kind(), finding.subject(),
                finding.payment() == null ? null : finding.payment().id().value(), finding.line(), finding.detail(),
                runId, now);
    }
}
