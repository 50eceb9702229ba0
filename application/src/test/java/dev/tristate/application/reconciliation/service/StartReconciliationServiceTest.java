package dev.tristate.application.reconciliation.service;

import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.CHANNEL;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.DAY;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.HEADER;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.TENANT;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.line;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.paymentLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.HoldStatus;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunStatus;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StartReconciliationServiceTest {

    private final ReconciliationTestBed bed = new ReconciliationTestBed();

    private Map<DiscrepancyClass, DiscrepancyView> byClass(long runId) {
        return bed.query().listDiscrepancies(TENANT, runId, null).stream()
                .collect(Collectors.toMap(DiscrepancyView::kind, Function.identity()));
    }

    @Test
    void everyPaymentLineClassIsFoundAndCounted() {
        Payment pendingPaidThere = bed.stored(PaymentStatus.PENDING, 1999, null);
        Payment otherAmount = bed.stored(PaymentStatus.PENDING, 1999, null);
        Payment paidNotThere = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        Payment unresolved = bed.stored(PaymentStatus.UNKNOWN, 1999, null);
        Payment paidUnlisted = bed.stored(PaymentStatus.SUCCEEDED, 500, Instant.parse("2031-05-14T10:00:00Z"));
        Payment matched = bed.stored(PaymentStatus.SUCCEEDED, 700, Instant.parse("2031-05-14T11:00:00Z"));
        String statement = HEADER + paymentLine(pendingPaidThere, "SUCCESS", "2031-05-14T09:00:00Z")
                + line("T-x", otherAmount.id().value(), "PAYMENT", "SUCCESS", 2999, "CNY", "2031-05-14T09:00:00Z")
                + paymentLine(paidNotThere, "CLOSED", "2031-05-14T09:30:00Z")
                + paymentLine(unresolved, "CLOSED", "2031-05-14T09:40:00Z")
                + line("T-y", "pay_not_ours", "PAYMENT", "SUCCESS", 100, "CNY", "2031-05-14T09:50:00Z")
                + paymentLine(matched, "SUCCESS", "2031-05-14T11:00:00Z");

        ReconciliationRunView run = bed.upload(DAY, statement);

        assertThat(run.status()).isEqualTo(RunStatus.COMPLETED.name());
        assertThat(run.statementLines()).isEqualTo(6);
        assertThat(run.paymentLines()).isEqualTo(6);
        assertThat(run.matched()).isEqualTo(1);
        assertThat(run.discrepancies()).isEqualTo(6);
        assertThat(run.newDiscrepancies()).isEqualTo(6);
        assertThat(run.repairsApplied()).as("automatic repair is off").isZero();
        assertThat(run.repairsOpen()).isEqualTo(6);
        assertThat(run.byClass()).containsEntry(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1)
                .containsEntry(DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, 1)
                .containsEntry(DiscrepancyClass.HERE_NOT_AT_CHANNEL, 2)
                .containsEntry(DiscrepancyClass.STATUS_MISMATCH, 1)
                .containsEntry(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, 1);
        List<DiscrepancyView> hereNotThere = bed.query().listDiscrepancies(TENANT, run.id(),
                DiscrepancyClass.HERE_NOT_AT_CHANNEL);
        assertThat(hereNotThere).extracting(DiscrepancyView::subject)
                .containsExactlyInAnyOrder(paidNotThere.id().value(), paidUnlisted.id().value());
        DiscrepancyView paidThere = bed.query().listDiscrepancies(TENANT, run.id(),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE).get(0);
        assertThat(paidThere.ourStatus()).isEqualTo("PENDING");
        assertThat(paidThere.channelStatus()).isEqualTo("SUCCESS");
        assertThat(paidThere.repairStatus()).isEqualTo(RepairStatus.PENDING);
        assertThat(paidThere.firstRunId()).isEqualTo(run.id());
    }

    @Test
    void aMissingEntitlementOfAPaymentPaidOnBothSidesIsFound() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");

        ReconciliationRunView run = bed.upload(DAY, HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z"));

        assertThat(run.matched()).isEqualTo(1);
        assertThat(run.byClass()).containsOnly(Map.entry(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1));
        assertThat(run.skippedChecks()).singleElement().asString().startsWith("REFUND_MISMATCH: not compared");
    }

    @Test
    void ledgersThatAreNotPartOfTheBuildAreSkippedChecksAndSayWhy() {
        bed.entitlements = EntitlementLedgerView.notAvailable("no entitlements here");
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");

        ReconciliationRunView run = bed.upload(DAY, HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z")
                + line("R-1", paid.id().value(), "REFUND", "SUCCESS", 100, "CNY", "2031-05-14T12:00:00Z"));

        assertThat(run.refundLines()).isEqualTo(1);
        assertThat(run.discrepancies()).isZero();
        assertThat(run.skippedChecks()).containsExactly(
                "PAID_BUT_ENTITLEMENT_MISSING: not compared, no entitlements here",
                "REFUND_MISMATCH: not compared, refunds are not part of this test (1 refund lines not compared)");
    }

    @Test
    void aRefundMismatchIsFoundWithThePaymentItNames() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        bed.refunds = new RefundLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.empty();
            }

            @Override
            public List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day,
                                                List<StatementLine> refundLines) {
                return refundLines.stream().map(l -> new RefundMismatch(l, l.tradeNo(), new PaymentId(l.outTradeNo()),
                        "no refund of ours")).toList();
            }

            @Override
            public String queryRefund(TenantId tenantId, String channel, String subject, String operator,
                                      String reason) {
                throw new AssertionError("no repair here");
            }
        };

        ReconciliationRunView run = bed.upload(DAY, HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z")
                + line("R-1", paid.id().value(), "REFUND", "SUCCESS", 100, "CNY", "2031-05-14T12:00:00Z"));

        DiscrepancyView refund = byClass(run.id()).get(DiscrepancyClass.REFUND_MISMATCH);
        assertThat(refund.subject()).isEqualTo("R-1");
        assertThat(refund.paymentId()).isEqualTo(paid.id());
        assertThat(refund.ourStatus()).isEqualTo("SUCCEEDED");
        assertThat(run.skippedChecks()).isEmpty();
    }

    @Test
    void reRunningADayFindsTheSameDiscrepanciesAndRepeatsNoRepair() {
        bed.settings = new ReconciliationSettings(Duration.ofMinutes(15), 1024 * 1024, true);
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        String statement = HEADER + paymentLine(pending, "SUCCESS", "2031-05-14T09:00:00Z");

        ReconciliationRunView first = bed.upload(DAY, statement);
        ReconciliationRunView second = bed.upload(DAY, statement);

        assertThat(first.repairsApplied()).isEqualTo(1);
        assertThat(first.repairsOpen()).isZero();
        assertThat(bed.payments.findById(TENANT, pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(second.discrepancies()).isEqualTo(1);
        assertThat(second.newDiscrepancies()).isZero();
        assertThat(second.repairsApplied()).isZero();
        assertThat(bed.log.rows()).as("the statement's word is recorded once").hasSize(1);
        assertThat(byClass(second.id()).get(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE).repairedBy())
                .isEqualTo(AutomaticRepairs.AUTOMATIC_OPERATOR);
    }

    @Test
    void aFailedAutomaticRepairIsCountedAsFailed() {
        bed.settings = new ReconciliationSettings(Duration.ofMinutes(15), 1024 * 1024, true);
        bed.refunds = RefundLedgerView.notAvailable("no refunds");
        Payment refunded = bed.stored(PaymentStatus.REFUNDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        bed.entitlements = new EntitlementLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.empty();
            }

            @Override
            public List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid) {
                return List.of(refunded);
            }
        };
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));

        ReconciliationRunView run = bed.upload(DAY, HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z")
                + paymentLine(refunded, "SUCCESS", "2031-05-14T09:00:00Z"));

        assertThat(run.repairsFailed()).isEqualTo(1);
        assertThat(run.repairsOpen()).isEqualTo(1);
        assertThat(byClass(run.id()).get(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING).repairResult())
                .contains("no grant is owed");
    }

    @Test
    void aGapNearTheDaysEndIsHeldAndTheNextDayDecidesIt() {
        Payment lateButListed = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T23:55:00Z"));
        Payment lateAndMissing = bed.stored(PaymentStatus.SUCCEEDED, 2999, Instant.parse("2031-05-14T23:58:00Z"));

        ReconciliationRunView first = bed.upload(DAY, HEADER);
        ReconciliationRunView next = bed.upload(DAY.plusDays(1),
                HEADER + paymentLine(lateButListed, "SUCCESS", "2031-05-15T00:00:01Z"));

        assertThat(first.held()).isEqualTo(2);
        assertThat(first.discrepancies()).isZero();
        assertThat(next.released()).isEqualTo(1);
        assertThat(next.countedFromPool()).isEqualTo(1);
        assertThat(next.held()).isZero();
        DiscrepancyView counted = byClass(next.id()).get(DiscrepancyClass.HERE_NOT_AT_CHANNEL);
        assertThat(counted.subject()).isEqualTo(lateAndMissing.id().value());
        assertThat(counted.day()).isEqualTo(DAY.plusDays(1));
        assertThat(counted.detail()).contains("held since " + DAY);
        assertThat(bed.records.holds()).extracting(h -> h.status())
                .containsExactlyInAnyOrder(HoldStatus.RELEASED, HoldStatus.COUNTED);
    }

    @Test
    void aStatementThatCannotBeReadIsRefusedAndNothingIsStored() {
        assertThatThrownBy(() -> bed.upload(DAY, "trade_no,out_trade_no\r\nT-1,pay_1\r\n"))
                .isInstanceOf(StatementRejected.class);

        assertThat(bed.records.runs(null, 10)).isEmpty();
    }

    @Test
    void aRunThatFailsAfterItStartedIsStoredAsFailedWithWhy() {
        bed.entitlements = new EntitlementLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.empty();
            }

            @Override
            public List<Payment> missingEntitlements(TenantId tenantId, List<Payment> paid) {
                throw new IllegalStateException("entitlement ledger down");
            }
        };

        assertThatThrownBy(() -> bed.upload(DAY, HEADER)).hasMessage("entitlement ledger down");

        assertThat(bed.records.runs(TENANT, 10)).singleElement().satisfies(run -> {
            assertThat(run.status()).isEqualTo(RunStatus.FAILED);
            assertThat(run.error()).isEqualTo("entitlement ledger down");
        });
    }

    @Test
    void theStatementIsFetchedFromTheChannelWithTheTenantsAccount() {
        bed.credentials.bindAccount(TENANT, CHANNEL, "acct-1", bed.clock.instant());
        bed.gateways.set(0, new CsvStatementGateway(CHANNEL, (day, account) -> HEADER.getBytes(StandardCharsets.UTF_8)));

        ReconciliationRunView run = bed.start().startReconciliation(fetch());

        assertThat(run.source()).isEqualTo("FETCH");
        assertThat(run.fileName()).isNull();
        assertThat(bed.records.runs(TENANT, 1).get(0).statementSha256()).hasSize(64);
    }

    @Test
    void aStatementTheChannelDoesNotGiveIsUnavailable() {
        bed.gateways.clear();
        assertThatThrownBy(() -> bed.start().startReconciliation(fetch())).isInstanceOf(StatementUnavailable.class)
                .hasMessageContaining("no gateway for channel sandbox");
        bed.gateways.add(new CsvStatementGateway(CHANNEL, (day, account) -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "timed out", null);
        }));
        assertThatThrownBy(() -> bed.start().startReconciliation(fetch())).isInstanceOf(StatementUnavailable.class)
                .hasMessageContaining("has no account");
        bed.credentials.bindAccount(TENANT, CHANNEL, "acct-1", bed.clock.instant());
        assertThatThrownBy(() -> bed.start().startReconciliation(fetch())).isInstanceOf(StatementUnavailable.class)
                .hasMessageContaining("(UNKNOWN): timed out");

        assertThat(bed.records.runs(null, 10)).isEmpty();
    }

    private static StartReconciliationCommand fetch() {
        return new StartReconciliationCommand(TENANT, CHANNEL, DAY, new StatementSource.FetchFromChannel(), "alice");
    }
}
