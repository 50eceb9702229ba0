package dev.tristate.application.reconciliation.service;

import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.DAY;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.HEADER;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.TENANT;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.line;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.paymentLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairOutcome;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairSettlement;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RepairDiscrepancyServiceTest {

    private final ReconciliationTestBed bed = new ReconciliationTestBed();
    private final List<String> audited = new ArrayList<>();
    private final ActionAudit recording = (result, detail, at) -> audited.add(result + " " + detail);

    /** The one discrepancy of {@code kind} that a run of this statement finds. */
    private DiscrepancyView found(String statement, DiscrepancyClass kind) {
        long run = bed.upload(DAY, statement).id();
        return bed.query().listDiscrepancies(TENANT, run, kind).get(0);
    }

    private RepairOutcome repair(DiscrepancyView d, ActionAudit audit) {
        return bed.repair().repairDiscrepancy(new RepairDiscrepancyCommand(TENANT, d.id(), "carol", "checked",
                audit));
    }

    @Test
    void applyChannelResultMovesThePaymentLikeACallbackAndIsAuditedWithIt() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        DiscrepancyView d = found(HEADER + paymentLine(pending, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE);

        RepairOutcome outcome = repair(d, recording);

        assertThat(outcome).isInstanceOf(RepairOutcome.Repaired.class);
        assertThat(outcome.discrepancy().repairStatus()).isEqualTo(RepairStatus.APPLIED);
        assertThat(outcome.discrepancy().repairedBy()).isEqualTo("carol");
        assertThat(outcome.discrepancy().repairResult()).contains("PENDING -> SUCCEEDED");
        assertThat(bed.payments.findById(TENANT, pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(bed.log.rows()).singleElement().satisfies(n -> {
            assertThat(n.entry().source()).isEqualTo(StatementNews.SOURCE_RECONCILIATION);
            assertThat(n.completion()).isNotNull();
        });
        assertThat(audited).singleElement().asString()
                .startsWith("REPAIRED PAID_AT_CHANNEL_NOT_HERE → APPLY_CHANNEL_RESULT: ");
    }

    @Test
    void holdForReviewOpensACaseWithTheAnomalyOfTheClass() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        Payment otherAmount = bed.stored(PaymentStatus.PENDING, 1999, null);
        Payment otherCurrency = bed.stored(PaymentStatus.PENDING, 1999, null);
        String statement = HEADER + paymentLine(paid, "CLOSED", "2031-05-14T09:00:00Z")
                + line("T-a", otherAmount.id().value(), "PAYMENT", "SUCCESS", 2999, "CNY", "2031-05-14T09:00:00Z")
                + line("T-c", otherCurrency.id().value(), "PAYMENT", "SUCCESS", 1999, "USD", "2031-05-14T09:00:00Z")
                + line("T-u", "pay_unknown", "PAYMENT", "SUCCESS", 100, "CNY", "2031-05-14T09:00:00Z");
        long run = bed.upload(DAY, statement).id();

        for (DiscrepancyView d : bed.query().listDiscrepancies(TENANT, run, null)) {
            assertThat(repair(d, ActionAudit.NONE)).isInstanceOf(RepairOutcome.Repaired.class);
        }

        assertThat(bed.reviews.cases()).extracting(c -> c.paymentId() + " " + c.reason()).containsExactlyInAnyOrder(
                paid.id().value() + " " + AnomalyReason.NOT_PAID_ON_STATEMENT,
                otherAmount.id().value() + " " + AnomalyReason.AMOUNT_MISMATCH,
                otherCurrency.id().value() + " " + AnomalyReason.CURRENCY_MISMATCH,
                "null " + AnomalyReason.UNKNOWN_PAYMENT);
        assertThat(bed.payments.findById(TENANT, otherAmount.id()).orElseThrow().status())
                .as("a review changes nothing about the payment").isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aMismatchUnderReviewIsJoinedByItsResentNotificationsAndRunsUntilItIsDecided() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        ApplyChannelReportUseCase notifications = CallbackServices.applyChannelReport(bed.payments, bed.outbox,
                bed.reviews, CrashPoints.NONE);
        Instant now = bed.clock.instant();
        String statedTwice = line("T-a", pending.id().value(), "PAYMENT", "SUCCESS", 2999, "CNY",
                "2031-05-13T09:00:00Z");

        notifications.holdForReview(1001, TENANT, pending, AnomalyReason.AMOUNT_MISMATCH, "reported 29.99", now);
        notifications.holdForReview(1002, TENANT, pending, AnomalyReason.AMOUNT_MISMATCH, "reported 29.99", now);
        DiscrepancyView first = bed.query().listDiscrepancies(TENANT, bed.upload(DAY.minusDays(1),
                HEADER + statedTwice).id(), DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH).get(0);
        assertThat(repair(first, ActionAudit.NONE)).isInstanceOf(RepairOutcome.Repaired.class);

        assertThat(bed.reviews.forPayment(TENANT, pending.id())).singleElement()
                .satisfies(c -> assertThat(c.notificationId()).isEqualTo(1001));

        long decided = bed.reviews.forPayment(TENANT, pending.id()).get(0).id();
        bed.reviews.resolve(decided, "olivia", "ESCALATE: asked the channel", now);
        bed.clock.advance(java.time.Duration.ofDays(2));
        DiscrepancyView next = bed.query().listDiscrepancies(TENANT, bed.upload(DAY.plusDays(2),
                HEADER + statedTwice.replace("2031-05-13", "2031-05-16")).id(),
                DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH).get(0);
        assertThat(repair(next, ActionAudit.NONE)).isInstanceOf(RepairOutcome.Repaired.class);

        assertThat(bed.reviews.forPayment(TENANT, pending.id())).extracting(c -> c.open())
                .as("the decided case, and a new one for the mismatch of a day after the decision")
                .containsExactly(false, true);
    }

    @Test
    void aRunAfterADecisionLeavesThePaymentAloneAndLinksTheFindingToTheDecidedCase() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        CallbackServices.applyChannelReport(bed.payments, bed.outbox, bed.reviews, CrashPoints.NONE)
                .holdForReview(1001, TENANT, pending, AnomalyReason.AMOUNT_MISMATCH,
                        "channel reported 29.99 CNY, payment is for 19.99 CNY", bed.clock.instant());
        long caseId = bed.reviews.forPayment(TENANT, pending.id()).get(0).id();
        Instant decidedAt = bed.clock.instant();
        bed.reviews.resolve(caseId, "olivia", "DISMISS: the customer paid the difference", decidedAt);

        // The day's statement, reconciled after the decision, lists the same wrong amount.
        DiscrepancyView d = found(HEADER + line("T-a", pending.id().value(), "PAYMENT", "SUCCESS", 2999, "CNY",
                "2031-05-14T09:00:00Z"), DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH);
        RepairOutcome outcome = repair(d, recording);

        assertThat(outcome.discrepancy().repairResult()).isEqualTo("left alone: review case #" + caseId
                + " was decided by olivia at " + decidedAt);
        assertThat(bed.reviews.forPayment(TENANT, pending.id())).singleElement()
                .satisfies(c -> assertThat(c.open()).isFalse());
        assertThat(bed.payments.findById(TENANT, pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.PENDING);
        assertThat(audited).singleElement().asString().contains("left alone: review case #" + caseId);
    }

    @Test
    void aDecisionOlderThanTheStatementsDayDoesNotCoverItsFinding() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        CallbackServices.applyChannelReport(bed.payments, bed.outbox, bed.reviews, CrashPoints.NONE)
                .holdForReview(1001, TENANT, pending, AnomalyReason.AMOUNT_MISMATCH, "reported 29.99",
                        Instant.parse("2031-05-12T09:00:00Z"));
        long caseId = bed.reviews.forPayment(TENANT, pending.id()).get(0).id();
        bed.reviews.resolve(caseId, "olivia", "DISMISS: explained", Instant.parse("2031-05-13T23:59:59Z"));

        DiscrepancyView d = found(HEADER + line("T-a", pending.id().value(), "PAYMENT", "SUCCESS", 2999, "CNY",
                "2031-05-14T09:00:00Z"), DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH);

        assertThat(repair(d, ActionAudit.NONE).discrepancy().repairResult()).startsWith("review case opened");
        assertThat(bed.reviews.forPayment(TENANT, pending.id())).extracting(c -> c.open())
                .containsExactlyInAnyOrder(false, true);
    }

    @Test
    void aPaidLineForAPaymentWhoseCaseWasJustDecidedIsNotApplied() {
        Payment closed = bed.stored(PaymentStatus.PENDING, 1999, null);
        bed.reviews.open(new dev.tristate.application.resolution.port.out.ReviewCases.NewCase(TENANT, closed.id(),
                4242, AnomalyReason.SUCCESS_AFTER_CLOSE, "channel reported success for trade T-1 on a closed payment",
                bed.clock.instant()));
        long caseId = bed.reviews.forPayment(TENANT, closed.id()).get(0).id();
        bed.reviews.resolve(caseId, "olivia", "ESCALATE: the channel checks", bed.clock.instant());
        DiscrepancyView d = found(HEADER + paymentLine(closed, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE);

        RepairOutcome outcome = repair(d, ActionAudit.NONE);

        assertThat(outcome.discrepancy().repairResult()).startsWith("left alone: review case #" + caseId);
        assertThat(bed.payments.findById(TENANT, closed.id()).orElseThrow().status())
                .as("the decision stands: the line is not applied").isEqualTo(PaymentStatus.PENDING);
        assertThat(bed.log.rows()).as("no statement news recorded").isEmpty();
    }

    @Test
    void askChannelOpensTheResolversCaseDueNow() {
        Payment unknown = bed.stored(PaymentStatus.UNKNOWN, 1999, null);
        DiscrepancyView d = found(HEADER + paymentLine(unknown, "CLOSED", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.STATUS_MISMATCH);

        RepairOutcome outcome = repair(d, ActionAudit.NONE);

        assertThat(outcome.discrepancy().repairResult()).startsWith("resolver case open");
        assertThat(bed.cases.find(TENANT, unknown.id())).hasValueSatisfying(c ->
                assertThat(c.reason()).isEqualTo(AskChannelRepair.RESOLVER_REASON));
    }

    @Test
    void regrantEntitlementGrantsOnceUnderTheBusinessKey() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);

        RepairOutcome outcome = repair(d, ActionAudit.NONE);

        assertThat(outcome.discrepancy().repairResult()).startsWith("granted course:java-101 for");
        assertThat(bed.entitlementStore.all()).hasSize(1);
        assertThat(bed.tasks.all()).hasSize(1);
    }

    @Test
    void aRepairThatCannotBeAppliedIsSettledFailedWithWhyAndAuditedSo() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
        Payment stored = bed.payments.findById(TENANT, paid.id()).orElseThrow();
        bed.payments.update(stored, Payment.reconstitute(stored.id(), stored.tenantId(), stored.merchantOrderId(),
                stored.amount(), stored.channel(), stored.userId(), stored.sku(), stored.description(),
                PaymentStatus.REFUNDED, stored.channelTxnId(), stored.amount(), stored.createdAt(),
                stored.updatedAt(), stored.paidAt(), stored.version().next()));

        RepairOutcome outcome = repair(d, recording);

        assertThat(outcome).isInstanceOf(RepairOutcome.RepairFailed.class);
        assertThat(outcome.discrepancy().repairStatus()).isEqualTo(RepairStatus.FAILED);
        assertThat(outcome.discrepancy().repairResult())
                .isEqualTo("REGRANT_ENTITLEMENT failed: the payment is REFUNDED now: no grant is owed");
        assertThat(audited).singleElement().asString().startsWith("REPAIR_FAILED ");
        assertThat(bed.entitlementStore.all()).isEmpty();
    }

    @Test
    void queryRefundAsksTheRefundLedgerWithWhoAskedAndWhy() {
        List<String> asked = new ArrayList<>();
        bed.refunds = refundsAnswering(asked);
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z")
                + line("R-1", paid.id().value(), "REFUND", "SUCCESS", 100, "CNY", "2031-05-14T12:00:00Z"),
                DiscrepancyClass.REFUND_MISMATCH);

        RepairOutcome outcome = repair(d, ActionAudit.NONE);

        assertThat(asked).containsExactly("R-1 carol checked");
        assertThat(outcome.discrepancy().repairResult()).isEqualTo("asked about R-1");
    }

    @Test
    void aRepairWhoseLedgerIsNotPartOfTheBuildIsNotAvailableAndNothingIsSettled() {
        bed.refunds = refundsAnswering(new ArrayList<>());
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"));
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z")
                + line("R-1", paid.id().value(), "REFUND", "SUCCESS", 100, "CNY", "2031-05-14T12:00:00Z"),
                DiscrepancyClass.REFUND_MISMATCH);
        bed.refunds = RefundLedgerView.notAvailable("refunds are elsewhere");

        assertThatThrownBy(() -> repair(d, recording)).isInstanceOf(RepairNotAvailable.class)
                .hasMessage("QUERY_REFUND is not available: refunds are elsewhere");
        assertThat(bed.records.discrepancy(TENANT, d.id()).orElseThrow().repairStatus())
                .isEqualTo(RepairStatus.PENDING);
        assertThat(audited).isEmpty();
    }

    @Test
    void anAppliedRepairIsNotAppliedAgain() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        DiscrepancyView d = found(HEADER + paymentLine(pending, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE);
        repair(d, ActionAudit.NONE);

        RepairOutcome again = bed.repair().repairDiscrepancy(new RepairDiscrepancyCommand(TENANT, d.id(), "dave",
                "double click", recording));

        assertThat(again).isInstanceOf(RepairOutcome.AlreadyApplied.class);
        assertThat(again.discrepancy().repairedBy()).isEqualTo("carol");
        assertThat(bed.log.rows()).hasSize(1);
        assertThat(audited).isEmpty();
    }

    @Test
    void noDiscrepancyOrAnotherTenantsIsNotFound() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        DiscrepancyView d = found(HEADER + paymentLine(pending, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE);

        assertThatThrownBy(() -> bed.repair().repairDiscrepancy(new RepairDiscrepancyCommand(
                new TenantId("t-other"), d.id(), "carol", "x", ActionAudit.NONE)))
                .isInstanceOf(ReconciliationNotFound.class);
        assertThatThrownBy(() -> bed.repair().repairDiscrepancy(new RepairDiscrepancyCommand(TENANT, 999, "carol",
                "x", ActionAudit.NONE))).isInstanceOf(ReconciliationNotFound.class);
    }

    @Test
    void anAuditWriteThatFailsTakesTheRepairsEffectWithIt() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);

        assertThatThrownBy(() -> repair(d, (result, detail, at) -> {
            throw new IllegalStateException("audit log unavailable");
        })).hasMessage("audit log unavailable");

        assertThat(bed.entitlementStore.all()).isEmpty();
        assertThat(bed.records.discrepancy(TENANT, d.id()).orElseThrow().repairStatus())
                .isEqualTo(RepairStatus.PENDING);
    }

    @Test
    void aTakenActionKeySettlesNothingAndRollsTheEffectBack() {
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-05-14T09:00:00Z"),
                "course:java-101");
        DiscrepancyView d = found(HEADER + paymentLine(paid, "SUCCESS", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);

        RepairOutcome outcome = repair(d, (result, detail, at) -> {
            throw new PersistenceFailure.AlreadyExists("action key taken", null);
        });

        assertThat(outcome).isInstanceOf(RepairOutcome.SettledElsewhere.class);
        assertThat(outcome.discrepancy().repairStatus()).isEqualTo(RepairStatus.PENDING);
        assertThat(bed.entitlementStore.all()).isEmpty();
    }

    @Test
    void aRepairSettledBySomeoneElseWhileThisOneWorkedIsSettledElsewhereAndWritesNoEntry() {
        Payment unknown = bed.stored(PaymentStatus.UNKNOWN, 1999, null);
        DiscrepancyView d = found(HEADER + paymentLine(unknown, "CLOSED", "2031-05-14T09:00:00Z"),
                DiscrepancyClass.STATUS_MISMATCH);
        RepairEffect racing = new StubEffect(Repair.ASK_CHANNEL) {
            @Override
            public String apply(StoredDiscrepancy discrepancy, String operator, String reason, Instant now) {
                // Bob's repair commits while this one works.
                bed.records.settleRepair(discrepancy.id(), RepairStatus.PENDING,
                        new RepairSettlement(RepairStatus.APPLIED, "by the other", "bob", "first", now));
                return "asked";
            }
        };
        List<RepairEffect> effects = new ArrayList<>(List.of(racing));
        Arrays.stream(Repair.values()).filter(r -> r != Repair.ASK_CHANNEL)
                .forEach(r -> effects.add(new StubEffect(r)));
        RepairDiscrepancyService service = new RepairDiscrepancyService(bed.records, new RepairEffects(effects),
                new InMemoryTransactions(), bed.clock);

        RepairOutcome outcome = service.repairDiscrepancy(new RepairDiscrepancyCommand(TENANT, d.id(), "carol",
                "checked", recording));

        assertThat(outcome).isInstanceOf(RepairOutcome.SettledElsewhere.class);
        assertThat(outcome.discrepancy().repairedBy()).isEqualTo("bob");
        assertThat(audited).isEmpty();
    }

    /** An effect that is never applied. */
    private static class StubEffect implements RepairEffect {
        private final Repair repair;

        StubEffect(Repair repair) {
            this.repair = repair;
        }

        @Override
        public Repair repair() {
            return repair;
        }

        @Override
        public String apply(StoredDiscrepancy discrepancy, String operator, String reason, Instant now) {
            throw new AssertionError(repair + " is not applied here");
        }
    }

    private static RefundLedgerView refundsAnswering(List<String> asked) {
        return new RefundLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.empty();
            }

            @Override
            public List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day,
                                                List<StatementLine> refundLines) {
                return refundLines.stream().map(l -> new RefundMismatch(l, l.tradeNo(), new PaymentId(l.outTradeNo()), "none"))
                        .toList();
            }

            @Override
            public String queryRefund(TenantId tenantId, String channel, String subject, String operator,
                                      String reason) {
                asked.add(subject + " " + operator + " " + reason);
                return "asked about " + subject;
            }
        };
    }

    @Test
    void everyRepairHasOneEffect() {
        assertThatThrownBy(() -> new RepairEffects(List.of(new AskChannelRepair(bed.cases))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("no effect for the repair");
        assertThatThrownBy(() -> new RepairEffects(List.of(new AskChannelRepair(bed.cases),
                new AskChannelRepair(bed.cases)))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("two effects for the repair ASK_CHANNEL");
    }

    @Test
    void theUseCaseNamesItsAuditWords() {
        assertThat(RepairDiscrepancyUseCase.REPAIRED).isEqualTo("REPAIRED");
        assertThat(RepairDiscrepancyUseCase.REPAIR_FAILED).isEqualTo("REPAIR_FAILED");
        assertThat(EntitlementLedgerView.notAvailable("x").unavailableBecause()).contains("x");
    }
}
