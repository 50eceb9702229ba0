package dev.tristate.application.reconciliation.service;

import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One channel day of one tenant as the discrepancy policies see it: the statement's payment and refund lines, and
 * how its payment lines compared with our payments ({@link StatementComparison}).
 */
public record StatementDay(TenantId tenant, String channel, LocalDate day, List<StatementLine> paymentLines,
                           List<StatementLine> refundLines, StatementComparison.Result comparison) {
    public StatementDay {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(day, "day");
        Objects.requireNonNull(comparison, "comparison");
        paymentLines = List.copyOf(paymentLines);
        refundLines = List.copyOf(refundLines);
    }
}
