package dev.tristate.application.reconciliation.service;

import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.StatementComparison;
import java.util.EnumSet;
import java.util.Set;

/**
 * The statement's PAYMENT lines against our payments, line by line, by the rules of {@link StatementComparison}: a
 * line names no payment of ours, differs in amount or currency, is paid on one side only, or differs in status. The
 * rules decide one class per line in that order, so the five classes are one policy.
 */
public final class PaymentLinesPolicy implements DiscrepancyPolicy {

    @Override
    public Set<DiscrepancyClass> classes() {
        return EnumSet.of(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH,
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, DiscrepancyClass.HERE_NOT_AT_CHANNEL,
                DiscrepancyClass.STATUS_MISMATCH);
    }

    @Override
    public Verdict check(StatementDay day) {
        return new Verdict.Compared(day.comparison().findings());
    }
}
