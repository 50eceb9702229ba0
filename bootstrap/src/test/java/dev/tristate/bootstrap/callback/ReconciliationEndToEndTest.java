package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase.RepairDiscrepancyAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ReconciliationServices;
import dev.tristate.application.reconciliation.service.ReconciliationSettings;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentEvent;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.payment.Version;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.sandbox.SandboxMerchants;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.TestPropertySource;

/**
 * Statement reconciliation on the integration database (MariaDB under .ci/run, H2 elsewhere) with the sandbox channel
 * in this process: every discrepancy class gets exactly its repair and a second run of the day changes nothing (a
 * missing entitlement is granted once, whether the repair or the consumer grants first, and the payment's late event
 * grants nothing more); the
 * holding pool counts an item only when the next day's statement does not match it either; a statement that cannot
 * be read is refused whole and changes nothing; the statement is fetched from the sandbox.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class ReconciliationEndToEndTest extends ApplicationOverHttpTest {

    private static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";
    private static final String CHANNEL = "sandbox";

    @Autowired StartReconciliationUseCase startReconciliation;
    @Autowired ReconciliationQuery reconciliationQuery;
    @Autowired RepairDiscrepancyUseCase repairDiscrepancy;
    @Autowired SandboxMerchants sandboxMerchants;
    @Autowired PaymentRepository payments;
    @Autowired ReconciliationPayments paidPayments;
    @Autowired ReconciliationRecords records;
    @Autowired ChannelCredentialStore credentials;
    @Autowired NotificationLog log;
    @Autowired OutboxStore outbox;
    @Autowired ReviewCases reviews;
    @Autowired ResolutionCases cases;
    @Autowired Transactions transactions;
    @Autowired List<ChannelGateway> gateways;
    @Autowired EntitlementLedgerView entitlementView;
    @Autowired EntitlementStore entitlementStore;
    @Autowired TaskStore tasks;
    @Autowired AuditTrail audit;
    @Autowired RefundStore refunds;

    private TenantId tenant;
    private String merchantId;
    private String secret;
    private JdbcTemplate jdbc;
    private Reconciliation reconciliation;

    /** The reconciliation use cases of one build, driven together. */
    private record Reconciliation(StartReconciliationUseCase start, ReconciliationQuery query,
                                  RepairDiscrepancyUseCase repair) {
        ReconciliationRunView startReconciliation(StartReconciliationCommand command) {
            return start.startReconciliation(command);
        }

        List<DiscrepancyView> listDiscrepancies(TenantId tenantId, long runId, DiscrepancyClass classOrNull) {
            return query.listDiscrepancies(tenantId, runId, classOrNull);
        }

        Optional<ReconciliationRunView> lastRunSummary(TenantId tenantId) {
            return query.lastRunSummary(tenantId);
        }

        DiscrepancyView repairDiscrepancy(RepairDiscrepancyCommand command) {
            return repair.repairDiscrepancy(command).discrepancy();
        }
    }

    @BeforeEach
    void aSandboxTenant() {
        reconciliation = new Reconciliation(startReconciliation, reconciliationQuery, repairDiscrepancy);
        CallbackTestSupport.SandboxTenant created = CallbackTestSupport.sandboxTenant(tenants, sandboxMerchants,
                "rec", "Reconciled shop");
        tenant = created.tenant();
        merchantId = created.merchantId();
        secret = created.secret();
        jdbc = new JdbcTemplate(dataSource);
    }

    private Payment stored(PaymentStatus status, long amount, Instant createdAt, Instant paidAt) {
        return stored(status, amount, createdAt, paidAt, "course:java-101");
    }

    private Payment stored(PaymentStatus status, long amount, Instant createdAt, Instant paidAt, String sku) {
        String id = "pay_" + UUID.randomUUID().toString().replace("-", "");
        Payment payment = Payment.reconstitute(new PaymentId(id), tenant, new MerchantOrderId("o-" + id),
                Money.of(amount, "CNY"), CHANNEL, "u-1", sku, "", status,
                status.isPaid() ? new ChannelTxnId("T-" + id.substring(4, 20)) : null, Money.zero(
                        Money.currency("CNY")), createdAt, paidAt == null ? createdAt : paidAt, paidAt,
                Version.INITIAL);
        payments.insert(payment);
        return payment;
    }

    private static String line(String tradeNo, String outTradeNo, String type, String status, long amount,
                               String currency, String at) {
        return String.join(",", tradeNo, outTradeNo, type, status, Long.toString(amount), currency, at) + "\r\n";
    }

    private ReconciliationRunView upload(Reconciliation service, LocalDate day, String csv) {
        return service.startReconciliation(new StartReconciliationCommand(tenant, CHANNEL, day,
                new StatementSource.Upload(day + ".csv", csv.getBytes(StandardCharsets.UTF_8)), "alice"));
    }

    private Map<DiscrepancyClass, DiscrepancyView> byClass(long runId) {
        return reconciliation.listDiscrepancies(tenant, runId, null).stream()
                .collect(Collectors.toMap(DiscrepancyView::kind, Function.identity()));
    }

    private long count(String sql) {
        return jdbc.queryForObject(sql, Long.class, tenant.value());
    }

    /** Everything a repair can leave behind, for this test's tenant. */
    private List<Long> sideEffects() {
        return List.of(
                count("SELECT COUNT(*) FROM channel_notifications WHERE tenant_id = ? AND source = 'RECONCILIATION'"),
                count("SELECT COUNT(*) FROM review_cases WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM outbox_events WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM payment_resolutions WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM reconciliation_discrepancies WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM tasks WHERE tenant_id = ?"),
                count("SELECT COUNT(*) FROM token_ledger WHERE tenant_id = ?"));
    }

    private List<String> grantsOf(Payment payment) {
        return jdbc.queryForList("SELECT CONCAT(user_id, ' ', sku, ' ', status, ' ', granted_by) FROM entitlements"
                + " WHERE tenant_id = ? AND payment_id = ?", String.class, tenant.value(), payment.id().value());
    }

    private List<String> tasksOf(Payment payment) {
        return jdbc.queryForList("SELECT task_key FROM tasks WHERE tenant_id = ? AND payment_id = ?", String.class,
                tenant.value(), payment.id().value());
    }

    private static String grantedOnce(Payment payment) {
        return payment.userId() + " " + payment.sku() + " GRANTED " + PaymentEvent.PaymentSucceeded.idFor(payment.id());
    }

    private String status(Payment payment) {
        return jdbc.queryForObject("SELECT status FROM payments WHERE id = ?", String.class, payment.id().value());
    }

    @Test
    void everyDiscrepancyClassGetsExactlyItsRepairAndASecondRunOfTheDayChangesNothing() {
        LocalDate day = LocalDate.of(2031, 5, 14);
        Instant morning = Instant.parse("2031-05-14T08:00:00Z");
        Payment paidThere = stored(PaymentStatus.PENDING, 1999, morning, null);
        Payment paidHereOnly = stored(PaymentStatus.SUCCEEDED, 2999, morning, morning.plusSeconds(3600));
        Payment wrongAmount = stored(PaymentStatus.SUCCEEDED, 1999, morning, morning.plusSeconds(60));
        Payment failedThere = stored(PaymentStatus.PENDING, 1999, morning, null);
        Payment matched = stored(PaymentStatus.SUCCEEDED, 4999, morning, morning.plusSeconds(120));
        Payment paidAtTheEdge = stored(PaymentStatus.SUCCEEDED, 999, morning, Instant.parse("2031-05-14T23:55:00Z"));
        String strangerTrade = "pay_" + UUID.randomUUID().toString().replace("-", "");
        // Trade numbers bind to one payment per channel for good: each run of this test needs its own.
        String run = UUID.randomUUID().toString().substring(0, 8);
        String statement = HEADER
                + line("T-PAID-1-" + run, paidThere.id().value(), "PAYMENT", "SUCCESS", 1999, "CNY",
                        "2031-05-14T10:00:00Z")
                + line("T-STRANGER-" + run, strangerTrade, "PAYMENT", "SUCCESS", 500, "CNY",
                        "2031-05-14T11:00:00Z")
                + line(wrongAmount.channelTxnId().value(), wrongAmount.id().value(), "PAYMENT", "SUCCESS", 1000,
                        "CNY", "2031-05-14T08:01:00Z")
                + line("T-FAILED-1-" + run, failedThere.id().value(), "PAYMENT", "FAILED", 1999, "CNY",
                        "2031-05-14T12:00:00Z")
                + line(matched.channelTxnId().value(), matched.id().value(), "PAYMENT", "SUCCESS", 4999, "CNY",
                        "2031-05-14T08:02:00Z")
                + line("R-1-" + run, matched.id().value(), "REFUND", "SUCCESS", 100, "CNY", "2031-05-14T13:00:00Z");
        // A refund of the matched payment whose channel call timed out: the statement shows the channel made it.
        Refund timedOut = Refund.request(new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")),
                matched, Money.of(100, "CNY"), "damaged", morning.plusSeconds(3600));
        refunds.insert(timedOut);
        assertThat(refunds.markUnknown(timedOut, morning.plusSeconds(3601))).isTrue();

        ReconciliationRunView first = upload(reconciliation, day, statement);

        assertThat(first.status()).isEqualTo("COMPLETED");
        assertThat(first.byClass()).containsOnly(
                Map.entry(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1),
                Map.entry(DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, 1),
                Map.entry(DiscrepancyClass.HERE_NOT_AT_CHANNEL, 1),
                Map.entry(DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, 1),
                Map.entry(DiscrepancyClass.STATUS_MISMATCH, 1),
                Map.entry(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1),
                Map.entry(DiscrepancyClass.REFUND_MISMATCH, 1));
        assertThat(first.matched()).isEqualTo(1);
        assertThat(first.held()).as("the payment paid 5 minutes before midnight waits in the pool").isEqualTo(1);
        assertThat(first.newDiscrepancies()).isEqualTo(7);
        assertThat(first.repairsApplied()).isEqualTo(7);
        assertThat(first.repairsOpen()).isZero();
        assertThat(first.refundLines()).isEqualTo(1);
        assertThat(first.skippedChecks()).isEmpty();

        Map<DiscrepancyClass, DiscrepancyView> found = byClass(first.id());
        found.values().forEach(d -> {
            assertThat(d.repair()).isEqualTo(d.kind().repair());
            assertThat(d.repairStatus()).isEqualTo(RepairStatus.APPLIED);
            assertThat(d.repairedBy()).isEqualTo("reconciliation");
        });
        assertThat(jdbc.queryForList("SELECT repair FROM reconciliation_discrepancies WHERE tenant_id = ?"
                + " ORDER BY id", String.class, tenant.value())).as("each class names its repair in the data")
                .containsExactly("APPLY_CHANNEL_RESULT", "HOLD_FOR_REVIEW", "HOLD_FOR_REVIEW", "ASK_CHANNEL",
                        "HOLD_FOR_REVIEW", "REGRANT_ENTITLEMENT", "QUERY_REFUND");
        // PAID_AT_CHANNEL_NOT_HERE: applied through the state machine, recorded as a notification.
        assertThat(status(paidThere)).isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT outcome FROM channel_notifications WHERE payment_id = ? AND source ="
                + " 'RECONCILIATION'", String.class, paidThere.id().value())).isEqualTo("APPLIED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ? AND event_type ="
                + " 'PaymentSucceeded'", Long.class, paidThere.id().value())).isEqualTo(1);
        // The three holds: review cases with the class's reason; nothing about the payments changed.
        assertThat(jdbc.queryForList("SELECT CONCAT(COALESCE(payment_id, '-'), ' ', reason) FROM review_cases"
                + " WHERE tenant_id = ? ORDER BY id", String.class, tenant.value())).containsExactlyInAnyOrder(
                "- UNKNOWN_PAYMENT",
                paidHereOnly.id().value() + " NOT_PAID_ON_STATEMENT",
                wrongAmount.id().value() + " AMOUNT_MISMATCH");
        assertThat(status(paidHereOnly)).isEqualTo("SUCCEEDED");
        assertThat(status(wrongAmount)).isEqualTo("SUCCEEDED");
        // STATUS_MISMATCH: the resolver's case is open, due now; the payment waits for the channel's answer.
        assertThat(cases.find(tenant, failedThere.id())).hasValueSatisfying(c -> {
            assertThat(c.status().name()).isEqualTo("OPEN");
            assertThat(c.reason()).isEqualTo("RECONCILIATION_STATUS_MISMATCH");
        });
        assertThat(status(failedThere)).isEqualTo("PENDING");
        assertThat(status(paidAtTheEdge)).isEqualTo("SUCCEEDED");
        // REFUND_MISMATCH: refunded at the channel, UNKNOWN here; the repair asks the channel about our refund (a
        // resolver case keyed by the refund id, due now), and the refund waits for that answer.
        assertThat(found.get(DiscrepancyClass.REFUND_MISMATCH).paymentId()).isEqualTo(matched.id());
        assertThat(cases.find(tenant, timedOut.id())).hasValueSatisfying(c -> {
            assertThat(c.status().name()).isEqualTo("OPEN");
            assertThat(c.reason()).isEqualTo("RECONCILIATION");
        });
        assertThat(refunds.find(tenant, timedOut.id()).orElseThrow().status()).isEqualTo(RefundStatus.UNKNOWN);
        // PAID_BUT_ENTITLEMENT_MISSING: the matched payment (paid on both sides, never granted) is granted once,
        // under the id of its own PaymentSucceeded, with its task.
        assertThat(found.get(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING).paymentId())
                .isEqualTo(matched.id());
        assertThat(grantsOf(matched)).containsExactly(grantedOnce(matched));
        assertThat(tasksOf(matched)).containsExactly("entitlement-granted:" + matched.id() + ":course:java-101");
        // The payment paid by the repair is granted by the consumer, from its PaymentSucceeded in the outbox.
        await().atMost(Duration.ofSeconds(30)).until(() -> grantsOf(paidThere).size() == 1);
        assertThat(grantsOf(paidThere)).containsExactly(grantedOnce(paidThere));
        List<Long> afterFirst = sideEffects();

        ReconciliationRunView second = upload(reconciliation, day, statement);

        assertThat(second.id()).isNotEqualTo(first.id());
        assertThat(second.byClass()).isEqualTo(first.byClass());
        assertThat(byClass(second.id()).values()).extracting(DiscrepancyView::id)
                .containsExactlyInAnyOrderElementsOf(found.values().stream().map(DiscrepancyView::id).toList());
        assertThat(second.newDiscrepancies()).isZero();
        assertThat(second.repairsApplied()).isZero();
        assertThat(second.held()).isEqualTo(1);
        assertThat(sideEffects()).as("no repair is repeated").isEqualTo(afterFirst);

        // An operator applying an applied repair again changes nothing either.
        DiscrepancyView again = reconciliation.repairDiscrepancy(new RepairDiscrepancyCommand(tenant,
                found.get(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE).id(), "bob", "looks unpaid to me",
                ActionAudit.NONE));
        assertThat(again.repairedBy()).isEqualTo("reconciliation");
        assertThat(again.repairedAt()).isEqualTo(found.get(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE).repairedAt());
        assertThat(sideEffects()).isEqualTo(afterFirst);
        assertThat(reconciliation.lastRunSummary(tenant)).hasValueSatisfying(last -> {
            assertThat(last.id()).isEqualTo(second.id());
            assertThat(last.discrepancies()).isEqualTo(7);
        });
        assertThat(reconciliation.listDiscrepancies(tenant, second.id(), DiscrepancyClass.HERE_NOT_AT_CHANNEL))
                .singleElement().satisfies(d -> assertThat(d.paymentId()).isEqualTo(paidHereOnly.id()));
    }

    @Test
    void aHeldItemCountsOnlyWhenTheNextDaysStatementDoesNotMatchItEither() {
        LocalDate day = LocalDate.of(2031, 6, 20);
        Instant morning = Instant.parse("2031-06-20T08:00:00Z");
        Payment late = stored(PaymentStatus.SUCCEEDED, 1999, morning, Instant.parse("2031-06-20T23:58:00Z"));
        Payment lost = stored(PaymentStatus.SUCCEEDED, 2999, morning, Instant.parse("2031-06-20T23:59:00Z"));

        ReconciliationRunView dayOne = upload(reconciliation, day, HEADER);
        ReconciliationRunView dayOneAgain = upload(reconciliation, day, HEADER);

        for (ReconciliationRunView run : List.of(dayOne, dayOneAgain)) {
            assertThat(run.held()).isEqualTo(2);
            assertThat(run.discrepancies()).as("near the day's end: timing until the next day says otherwise")
                    .isZero();
        }
        String nextDay = HEADER + line(late.channelTxnId().value(), late.id().value(), "PAYMENT", "SUCCESS", 1999,
                "CNY", "2031-06-21T00:00:30Z");

        ReconciliationRunView dayTwo = upload(reconciliation, day.plusDays(1), nextDay);

        assertThat(dayTwo.released()).as("yesterday's late trade is on today's statement").isEqualTo(1);
        assertThat(dayTwo.countedFromPool()).isEqualTo(1);
        assertThat(dayTwo.byClass()).as("the late trade, paid on both sides now, is owed its grant too").containsOnly(
                Map.entry(DiscrepancyClass.HERE_NOT_AT_CHANNEL, 1),
                Map.entry(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1));
        assertThat(reconciliation.listDiscrepancies(tenant, dayTwo.id(), DiscrepancyClass.HERE_NOT_AT_CHANNEL))
                .singleElement().satisfies(d -> {
                    assertThat(d.paymentId()).isEqualTo(lost.id());
                    assertThat(d.day()).isEqualTo(day.plusDays(1));
                    assertThat(d.detail()).contains("held since 2031-06-20");
                    assertThat(d.repairStatus()).isEqualTo(RepairStatus.APPLIED);
                });
        List<Long> afterDayTwo = sideEffects();

        ReconciliationRunView dayTwoAgain = upload(reconciliation, day.plusDays(1), nextDay);

        assertThat(dayTwoAgain.byClass()).isEqualTo(dayTwo.byClass());
        assertThat(dayTwoAgain.repairsApplied()).isZero();
        assertThat(sideEffects()).isEqualTo(afterDayTwo);
        assertThat(jdbc.queryForList("SELECT status FROM reconciliation_holds WHERE tenant_id = ? ORDER BY id",
                String.class, tenant.value())).containsExactly("RELEASED", "COUNTED");
    }

    @Test
    void aPaymentPaidOnBothSidesWithoutItsGrantIsGrantedOnceAndItsLateEventGrantsNothingMore() {
        LocalDate day = LocalDate.of(2031, 8, 2);
        Payment paid = stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-08-02T08:00:00Z"),
                Instant.parse("2031-08-02T08:01:00Z"), "tokens:100");
        Payment giftCard = stored(PaymentStatus.SUCCEEDED, 500, Instant.parse("2031-08-02T09:00:00Z"),
                Instant.parse("2031-08-02T09:01:00Z"), "gift-card:5");
        String statement = HEADER
                + line(paid.channelTxnId().value(), paid.id().value(), "PAYMENT", "SUCCESS", 1999, "CNY",
                        "2031-08-02T08:01:00Z")
                + line(giftCard.channelTxnId().value(), giftCard.id().value(), "PAYMENT", "SUCCESS", 500, "CNY",
                        "2031-08-02T09:01:00Z");

        ReconciliationRunView first = upload(reconciliation, day, statement);

        assertThat(first.byClass()).as("a sku of no entitlement kind is owed nothing")
                .containsOnly(Map.entry(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1));
        assertThat(first.repairsApplied()).isEqualTo(1);
        DiscrepancyView found = reconciliation.listDiscrepancies(tenant, first.id(), null).get(0);
        assertThat(found.paymentId()).isEqualTo(paid.id());
        assertThat(found.repair()).isEqualTo(Repair.REGRANT_ENTITLEMENT);
        assertThat(found.repairResult()).startsWith("granted tokens:100 for u-1");
        assertThat(grantsOf(paid)).containsExactly(grantedOnce(paid));
        assertThat(tokenBalance()).isEqualTo(100);
        // The payment's own PaymentSucceeded turns up after all (a relay that was down, a quarantine released): the
        // consumer receives it under its original id and finds the business key granted.
        PaymentEvent.PaymentSucceeded late = new PaymentEvent.PaymentSucceeded(
                PaymentEvent.PaymentSucceeded.idFor(paid.id()), tenant, paid.id(), paid.merchantOrderId(),
                paid.amount(), paid.channelTxnId(), paid.userId(), paid.sku(), Instant.now());
        transactions.inTransaction(() -> outbox.append(List.of(late), Instant.now()));
        await().atMost(Duration.ofSeconds(30)).until(() -> jdbc.queryForList("SELECT outcome FROM consumer_inbox"
                + " WHERE event_id = ?", String.class, late.eventId().toString()).equals(List.of("ALREADY_GRANTED")));
        assertThat(grantsOf(paid)).containsExactly(grantedOnce(paid));
        assertThat(tokenBalance()).isEqualTo(100);
        assertThat(tasksOf(paid)).hasSize(1);
        List<Long> afterFirst = sideEffects();

        ReconciliationRunView second = upload(reconciliation, day, statement);
        DiscrepancyView again = reconciliation.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(),
                "bob", "the user says the tokens are missing", ActionAudit.NONE));

        assertThat(second.byClass()).isEqualTo(first.byClass());
        assertThat(second.newDiscrepancies()).isZero();
        assertThat(second.repairsApplied()).isZero();
        assertThat(again.repairedBy()).isEqualTo("reconciliation");
        assertThat(sideEffects()).as("granted once, whoever asks again").isEqualTo(afterFirst);
        assertThat(tokenBalance()).isEqualTo(100);
    }

    @Test
    void aRegrantThatLosesTheRaceToTheConsumersGrantIsSettledAsAlreadyGranted() {
        LocalDate day = LocalDate.of(2031, 8, 3);
        Payment paid = stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-08-03T08:00:00Z"),
                Instant.parse("2031-08-03T08:01:00Z"), "membership:30d");
        String statement = HEADER + line(paid.channelTxnId().value(), paid.id().value(), "PAYMENT", "SUCCESS", 1999,
                "CNY", "2031-08-03T08:01:00Z");
        // The repair reads "not granted" once, as it would just before a concurrent consumer commits its grant.
        AtomicInteger finds = new AtomicInteger();
        EntitlementStore racing = (EntitlementStore) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {EntitlementStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("find") && finds.getAndIncrement() == 0) {
                        return Optional.empty();
                    }
                    try {
                        return method.invoke(entitlementStore, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        Reconciliation manual = repairedByHand(racing);
        ReconciliationRunView run = upload(manual, day, statement);
        DiscrepancyView found = manual.listDiscrepancies(tenant, run.id(), null).get(0);
        assertThat(found.kind()).isEqualTo(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
        EntitlementKey key = new EntitlementKey(tenant, paid.userId(), paid.sku(), paid.id());
        Instant consumerTime = Instant.parse("2031-08-03T08:02:00Z");
        entitlementStore.insert(Entitlement.grant(key, EntitlementKind.of(paid.sku()).orElseThrow(),
                PaymentEvent.PaymentSucceeded.idFor(paid.id()), consumerTime, consumerTime.plus(Duration.ofDays(30))));

        DiscrepancyView repaired = manual.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(),
                "carol", "user reports no membership", ActionAudit.NONE));

        assertThat(finds.get()).as("the lost race is run once more").isEqualTo(2);
        assertThat(repaired.repairStatus()).isEqualTo(RepairStatus.APPLIED);
        assertThat(repaired.repairResult()).startsWith("already granted membership:30d");
        assertThat(grantsOf(paid)).containsExactly(grantedOnce(paid));
        assertThat(count("SELECT COUNT(*) FROM memberships WHERE tenant_id = ?")).as("the losing grant's membership"
                + " write was rolled back with it").isZero();
        assertThat(tasksOf(paid)).as("the winner's task is the winner's to write").isEmpty();
    }

    @Test
    void aPaymentRefundedBeforeItsRegrantIsNotGrantedAndTheRepairSaysWhy() {
        LocalDate day = LocalDate.of(2031, 8, 4);
        Payment paid = stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-08-04T08:00:00Z"),
                Instant.parse("2031-08-04T08:01:00Z"), "course:java-101");
        Reconciliation manual = repairedByHand(entitlementStore);
        ReconciliationRunView run = upload(manual, day, HEADER + line(paid.channelTxnId().value(), paid.id().value(),
                "PAYMENT", "SUCCESS", 1999, "CNY", "2031-08-04T08:01:00Z"));
        DiscrepancyView found = manual.listDiscrepancies(tenant, run.id(), null).get(0);
        jdbc.update("UPDATE payments SET status = 'REFUNDED', refunded_minor = amount_minor WHERE id = ?",
                paid.id().value());

        DiscrepancyView repaired = manual.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(),
                "carol", "regrant", ActionAudit.NONE));

        assertThat(found.kind()).isEqualTo(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
        assertThat(repaired.repairStatus()).isEqualTo(RepairStatus.FAILED);
        assertThat(repaired.repairResult()).contains("the payment is REFUNDED now: no grant is owed");
        assertThat(grantsOf(paid)).isEmpty();
        assertThat(tasksOf(paid)).isEmpty();
    }

    @Test
    void anOperatorsRepairAndItsAuditEntryCommitTogetherAndTheSameFormRepairsOnce() {
        LocalDate day = LocalDate.of(2031, 8, 5);
        Payment paid = stored(PaymentStatus.SUCCEEDED, 1999, Instant.parse("2031-08-05T08:00:00Z"),
                Instant.parse("2031-08-05T08:01:00Z"), "course:java-101");
        Reconciliation manual = repairedByHand(entitlementStore);
        ReconciliationRunView run = upload(manual, day, HEADER + line(paid.channelTxnId().value(), paid.id().value(),
                "PAYMENT", "SUCCESS", 1999, "CNY", "2031-08-05T08:01:00Z"));
        DiscrepancyView found = manual.listDiscrepancies(tenant, run.id(), null).get(0);
        assertThat(found.kind()).isEqualTo(DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING);
        RepairDiscrepancyAsOperatorUseCase console = ReconciliationServices.repairDiscrepancyAsOperator(
                manual.repair(), audit, transactions, Clock.systemUTC());
        Operator olga = new Operator("olga", ConsoleRole.OPERATOR);
        ActionKey key = new ActionKey(UUID.randomUUID().toString());
        RepairDiscrepancyAsOperatorCommand press = new RepairDiscrepancyAsOperatorCommand(tenant, found.id(),
                new Reason("user reports no course"), olga, key);

        // An audit write that fails takes the repair's effect with it: nothing granted, the repair still open.
        assertThatThrownBy(() -> manual.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(), "olga",
                "x", (result, detail, at) -> {
                    throw new IllegalStateException("audit log unavailable");
                }))).hasStackTraceContaining("audit log unavailable");
        assertThat(grantsOf(paid)).isEmpty();
        assertThat(tasksOf(paid)).isEmpty();

        ActionResult first = console.repairDiscrepancyAsOperator(press);
        ActionResult again = console.repairDiscrepancyAsOperator(press);

        assertThat(first.repeated()).isFalse();
        assertThat(first.entry().result()).isEqualTo("REPAIRED");
        assertThat(again.repeated()).isTrue();
        assertThat(again.entry()).isEqualTo(first.entry());
        assertThat(grantsOf(paid)).containsExactly(grantedOnce(paid));
        assertThat(audit.forSubject(RepairDiscrepancyAsOperatorUseCase.DISCREPANCY_SUBJECT, Long.toString(found.id())))
                .singleElement().satisfies(e -> assertThat(e.actionKey()).isEqualTo(key));
        assertThat(manual.listDiscrepancies(tenant, run.id(), null).get(0).repairStatus())
                .isEqualTo(RepairStatus.APPLIED);
    }

    /**
     * Automatic repair off; no edge window, so that a test running just before midnight does not hold a trade for
     * tomorrow; the entitlements granted over this store.
     */
    private Reconciliation repairedByHand(EntitlementStore store) {
        ReconciliationSettings settings = new ReconciliationSettings(Duration.ZERO, 1024 * 1024, false);
        RefundLedgerView noRefunds = RefundLedgerView.notAvailable("not here");
        Clock clock = Clock.systemUTC();
        ApplyChannelReportUseCase applier = CallbackServices.applyChannelReport(payments, outbox, reviews,
                CrashPoints.NONE);
        RepairDiscrepancyUseCase repair = ReconciliationServices.repairDiscrepancy(payments, records, log, applier,
                cases, entitlementView, ConsumerServices.grantEntitlement(store, tasks), noRefunds, reviews,
                transactions, clock, UUID::randomUUID);
        StartReconciliationUseCase start = ReconciliationServices.startReconciliation(gateways, credentials,
                payments, paidPayments, records, entitlementView, noRefunds, repair, transactions, clock, settings);
        return new Reconciliation(start, ReconciliationServices.reconciliationQuery(records), repair);
    }

    private long tokenBalance() {
        return count("SELECT COALESCE(SUM(balance), 0) FROM token_balances WHERE tenant_id = ?");
    }

    @Test
    void aStatementThatCannotBeReadIsRefusedWholeAndChangesNothing() {
        LocalDate day = LocalDate.of(2031, 7, 1);
        Payment pending = stored(PaymentStatus.PENDING, 1999, Instant.parse("2031-07-01T08:00:00Z"), null);
        String good = line("T-1", pending.id().value(), "PAYMENT", "SUCCESS", 1999, "CNY", "2031-07-01T09:00:00Z");
        Map<String, String> badStatements = Map.of(
                "missing columns: amount_minor, currency",
                "trade_no,out_trade_no,type,status,event_time\r\nT-1," + pending.id() + ",PAYMENT,SUCCESS,"
                        + "2031-07-01T09:00:00Z\r\n",
                "line 3, amount_minor: '19.99' is not a whole, non-negative number of minor units",
                HEADER + good + line("T-2", "pay_other", "PAYMENT", "SUCCESS", 0, "CNY", "2031-07-01T09:00:00Z")
                        .replace(",0,", ",19.99,"),
                "line 2, event_time: 2031-06-30T09:00:00Z is not on the statement's day 2031-07-01 (UTC)",
                HEADER + good.replace("2031-07-01T09", "2031-06-30T09"),
                "more than the limit of 10485760 bytes",
                HEADER + good + "x".repeat(10 * 1024 * 1024));

        badStatements.forEach((expected, csv) -> assertThatThrownBy(() -> upload(reconciliation, day, csv))
                .isInstanceOf(StatementRejected.class).hasMessageContaining(expected));

        assertThat(count("SELECT COUNT(*) FROM reconciliation_runs WHERE tenant_id = ?")).isZero();
        assertThat(sideEffects()).containsOnly(0L);
        assertThat(status(pending)).isEqualTo("PENDING");
    }

    @Test
    void theStatementIsFetchedFromTheSandboxAndAPaymentWhoseCallbackWasDroppedIsApplied() throws Exception {
        Payment pending = stored(PaymentStatus.PENDING, 1999, Instant.now(), null);
        ChannelGateway sandbox = gateways.stream().filter(g -> g.channel().equals(CHANNEL)).findFirst().orElseThrow();
        sandbox.registerTrade(pending, "page", merchantId);
        assertThat(sandboxCall("PUT", "/sandbox-channel/trades/" + pending.id() + "/behaviour",
                "{\"drop_callbacks\":true}")).isEqualTo(200);
        assertThat(sandboxCall("POST", "/sandbox-channel/trades/" + pending.id() + "/events",
                "{\"status\":\"SUCCESS\"}")).isEqualTo(200);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Reconciliation noWindow = repairedByHand(entitlementStore);

        ReconciliationRunView run = noWindow.startReconciliation(new StartReconciliationCommand(tenant, CHANNEL,
                today, new StatementSource.FetchFromChannel(), "alice"));

        assertThat(run.source()).isEqualTo("FETCH");
        assertThat(run.paymentLines()).as("only this tenant's merchant's trades").isEqualTo(1);
        assertThat(run.repairsOpen()).as("automatic repair is off").isEqualTo(1);
        DiscrepancyView found = noWindow.listDiscrepancies(tenant, run.id(), null).get(0);
        assertThat(found.kind()).isEqualTo(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE);
        assertThat(found.repair()).isEqualTo(Repair.APPLY_CHANNEL_RESULT);
        assertThat(status(pending)).isEqualTo("PENDING");

        DiscrepancyView repaired = noWindow.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(),
                "carol", "channel statement shows it paid", ActionAudit.NONE));
        DiscrepancyView repairedAgain = noWindow.repairDiscrepancy(new RepairDiscrepancyCommand(tenant, found.id(),
                "dave", "double click", ActionAudit.NONE));

        assertThat(repaired.repairStatus()).isEqualTo(RepairStatus.APPLIED);
        assertThat(repaired.repairedBy()).isEqualTo("carol");
        assertThat(repaired.repairReason()).isEqualTo("channel statement shows it paid");
        assertThat(repairedAgain.repairedBy()).isEqualTo("carol");
        assertThat(status(pending)).isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ? AND event_type ="
                + " 'PaymentSucceeded'", Long.class, pending.id().value())).isEqualTo(1);
    }

    private int sandboxCall(String method, String path, String body) throws Exception {
        return CallbackTestSupport.sandbox(port, merchantId, secret, method, path, body).statusCode();
    }
}
