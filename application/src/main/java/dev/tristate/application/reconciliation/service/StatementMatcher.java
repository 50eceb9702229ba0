package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.LineCounts;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Matches a statement day against our side: reads the payments its lines name and those paid during the day, then
 * asks every {@link DiscrepancyPolicy} for its findings. Reads only; the findings are recorded by {@link DayRecorder}.
 */
final class StatementMatcher {

    /** What the policies found in one statement day, and the checks they could not make. */
    public record DayFindings(StatementDay day, LineCounts lines, List<Finding> findings,
                              List<String> skippedChecks) {
        public DayFindings {
            findings = List.copyOf(findings);
            skippedChecks = List.copyOf(skippedChecks);
        }

        public int matchedLines() {
            return day.comparison().matchedLines();
        }
    }

    private final OurPayments payments;
    private final ReconciliationPayments paidPayments;
    private final List<DiscrepancyPolicy> policies;
    private final Duration edgeWindow;

    StatementMatcher(OurPayments payments, ReconciliationPayments paidPayments,
                     List<DiscrepancyPolicy> policies, ReconciliationSettings settings) {
        this.payments = payments;
        this.paidPayments = paidPayments;
        this.policies = List.copyOf(policies);
        this.edgeWindow = settings.edgeWindow();
    }

    DayFindings match(TenantId tenant, String channel, LocalDate day, ZoneId zone, List<StatementLine> lines) {
        List<StatementLine> paymentLines = lines.stream()
                .filter(l -> l.type() == StatementEntryType.PAYMENT).toList();
        List<StatementLine> refundLines = lines.stream()
                .filter(l -> l.type() == StatementEntryType.REFUND).toList();
        Map<String, Payment> ours = new HashMap<>();
        for (StatementLine line : paymentLines) {
            payments.named(tenant, line.outTradeNo()).ifPresent(p -> ours.put(line.outTradeNo(), p));
        }
        List<Payment> paidDuringDay = paidPayments.paidBetween(tenant, channel,
                StatementComparison.startOf(day, zone), StatementComparison.endOf(day, zone));
        StatementDay statementDay = new StatementDay(tenant, channel, day, paymentLines, refundLines,
                StatementComparison.compare(day, zone, edgeWindow, channel, paymentLines, ours, paidDuringDay));

        List<Finding> findings = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (DiscrepancyPolicy policy : policies) {
            DiscrepancyPolicy.Verdict verdict = policy.check(statementDay);
            if (verdict instanceof DiscrepancyPolicy.Verdict.Compared compared) {
                findings.addAll(compared.findings());
            } else if (verdict instanceof DiscrepancyPolicy.Verdict.NotCompared notCompared) {
                skipped.add(notCompared.describe());
            }
        }
        return new DayFindings(statementDay, new LineCounts(lines.size(), paymentLines.size(), refundLines.size()),
                findings, skipped);
    }
}
