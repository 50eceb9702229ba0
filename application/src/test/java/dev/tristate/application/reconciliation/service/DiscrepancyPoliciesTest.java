package dev.tristate.application.reconciliation.service;

import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.CHANNEL;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.DAY;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.reconciliation.service.DiscrepancyPolicy.Verdict;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.StatementComparison.Finding;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DiscrepancyPoliciesTest {

    private final ReconciliationTestBed bed = new ReconciliationTestBed();

    private static StatementDay day(List<StatementLine> refundLines, StatementComparison.Result comparison) {
        return new StatementDay(TENANT, CHANNEL, DAY, List.of(), refundLines, comparison);
    }

    private static StatementComparison.Result comparison(List<Finding> findings, List<Payment> paidOnBothSides) {
        return new StatementComparison.Result(findings, paidOnBothSides.size(), paidOnBothSides);
    }

    @Test
    void theCurrentPoliciesCoverEveryClassOnce() {
        Set<DiscrepancyClass> covered = EnumSet.noneOf(DiscrepancyClass.class);
        for (DiscrepancyPolicy policy : DiscrepancyPolicies.allCurrentPolicies(bed.entitlements, bed.refunds,
                new OurPayments(bed.payments))) {
            for (DiscrepancyClass kind : policy.classes()) {
                assertThat(covered.add(kind)).as(kind + " is found by one policy").isTrue();
            }
        }
        assertThat(covered).containsExactlyInAnyOrder(DiscrepancyClass.values());
    }

    @Test
    void thePaymentLinesPolicyGivesTheComparisonsFindings() {
        Finding unknown = new Finding(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, "pay_x", null, null, "unknown",
                false);

        Verdict verdict = new PaymentLinesPolicy().check(day(List.of(), comparison(List.of(unknown), List.of())));

        assertThat(verdict).isEqualTo(new Verdict.Compared(List.of(unknown)));
    }

    @Test
    void onlyAPaymentWhoseGrantStandsIsOwedAnEntitlement() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        Payment refunded = bed.stored(PaymentStatus.REFUNDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-102");

        Verdict verdict = new EntitlementGrantPolicy(bed.entitlements)
                .check(day(List.of(), comparison(List.of(), List.of(paid, refunded))));

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Compared.class, compared ->
                assertThat(compared.findings()).singleElement().satisfies(f -> {
                    assertThat(f.kind()).isEqualTo(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
                    assertThat(f.subject()).isEqualTo(paid.id().value());
                    assertThat(f.timingSuspect()).isFalse();
                }));
    }

    @Test
    void anEntitlementLedgerThatIsNotThereIsNotCompared() {
        Verdict verdict = new EntitlementGrantPolicy(EntitlementLedgerView.notAvailable("no ledger"))
                .check(day(List.of(), comparison(List.of(), List.of())));

        assertThat(verdict).isEqualTo(new Verdict.NotCompared(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING,
                "no ledger"));
        assertThat(((Verdict.NotCompared) verdict).describe())
                .isEqualTo("PAID_BUT_ENTITLEMENT_MISSING: not compared, no ledger");
    }

    @Test
    void refundMismatchesNameOurPaymentWhereThereIsOne() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        StatementLine refundLine = new StatementLine(2, "R-1", paid.id().value(), StatementEntryType.REFUND,
                "SUCCESS", Money.of(100, "CNY"), Instant.parse("2031-05-14T12:00:00Z"));
        RefundLedgerView refunds = new RefundLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.empty();
            }

            @Override
            public List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day,
                                                List<StatementLine> lines) {
                return List.of(new RefundMismatch(lines.get(0), "R-1", paid.id(), "ours differs"),
                        new RefundMismatch(null, "rfd_2", null, "not on the statement"));
            }

            @Override
            public String queryRefund(TenantId tenantId, String channel, String subject, String operator,
                                      String reason) {
                throw new AssertionError("not here");
            }
        };

        Verdict verdict = new RefundLedgerPolicy(refunds, new OurPayments(bed.payments))
                .check(day(List.of(refundLine), comparison(List.of(), List.of())));

        assertThat(verdict).isInstanceOfSatisfying(Verdict.Compared.class, compared -> {
            assertThat(compared.findings()).extracting(Finding::subject).containsExactly("R-1", "rfd_2");
            assertThat(compared.findings().get(0).payment().id()).isEqualTo(paid.id());
            assertThat(compared.findings().get(0).line()).isEqualTo(refundLine);
            assertThat(compared.findings().get(1).payment()).isNull();
        });
    }

    @Test
    void aRefundLedgerThatIsNotThereIsNotComparedAndSaysHowManyLinesWait() {
        StatementLine refundLine = new StatementLine(2, "R-1", "pay_1", StatementEntryType.REFUND, "SUCCESS",
                Money.of(100, "CNY"), Instant.parse("2031-05-14T12:00:00Z"));

        Verdict verdict = new RefundLedgerPolicy(RefundLedgerView.notAvailable("no refunds"),
                new OurPayments(bed.payments)).check(day(List.of(refundLine), comparison(List.of(), List.of())));

        assertThat(verdict).isEqualTo(new Verdict.NotCompared(DiscrepancyClass.REFUND_MISMATCH,
                "no refunds (1 refund lines not compared)"));
    }
}
