package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.service.ConsumerServices;
import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryEntitlementLedgerView;
import dev.tristate.application.fakes.InMemoryEntitlementStore;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryReconciliationPayments;
import dev.tristate.application.fakes.InMemoryReconciliationRecords;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The reconciliation use cases assembled as the wiring assembles them, over in-memory fakes of every port, with
 * helpers for payments and statements of one tenant on the sandbox channel.
 */
final class ReconciliationTestBed {

    static final TenantId TENANT = new TenantId("t-recon");
    static final String CHANNEL = "sandbox";
    static final LocalDate DAY = LocalDate.parse("2031-05-14");
    static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";

    final SettableClock clock = new SettableClock(Instant.parse("2031-05-15T10:00:00Z"));
    final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    final InMemoryReconciliationRecords records = new InMemoryReconciliationRecords();
    final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();
    final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    final InMemoryEntitlementStore entitlementStore = new InMemoryEntitlementStore();
    final InMemoryTaskStore tasks = new InMemoryTaskStore();
    final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    final InMemoryTransactions transactions = new InMemoryTransactions(payments, records, log, outbox, reviews, cases,
            entitlementStore, tasks, audit);
    final List<ChannelGateway> gateways = new ArrayList<>(List.of(new CsvStatementGateway(CHANNEL)));
    EntitlementLedgerView entitlements = new InMemoryEntitlementLedgerView(entitlementStore);
    RefundLedgerView refunds = RefundLedgerView.notAvailable("refunds are not part of this test");
    ReconciliationSettings settings = new ReconciliationSettings(Duration.ofMinutes(15), 1024 * 1024, false);
    private int payment;

    RepairDiscrepancyService repair() {
        OurPayments ours = new OurPayments(payments);
        StatementNews news = new StatementNews(log, UUID::randomUUID);
        ApplyChannelReportUseCase applier = CallbackServices.applyChannelReport(payments, outbox, reviews,
                CrashPoints.NONE);
        return new RepairDiscrepancyService(records, new RepairEffects(List.of(
                new ApplyChannelResultRepair(ours, news, applier, new DecidedReviews(reviews)),
                new HoldForReviewRepair(ours, news, applier, new DecidedReviews(reviews)),
                new AskChannelRepair(cases),
                new RegrantEntitlementRepair(ours, entitlements,
                        ConsumerServices.grantEntitlement(entitlementStore, tasks)),
                new QueryRefundRepair(refunds))), transactions, clock);
    }

    StartReconciliationService start() {
        OurPayments ours = new OurPayments(payments);
        return new StartReconciliationService(new StatementReader(gateways, credentials, settings),
                new StatementMatcher(ours, new InMemoryReconciliationPayments(payments),
                        DiscrepancyPolicies.allCurrentPolicies(entitlements, refunds, ours), settings),
                new DayRecorder(records, ours, transactions, clock),
                new AutomaticRepairs(repair(), records, settings), records, transactions, clock);
    }

    ReconciliationQueryService query() {
        return new ReconciliationQueryService(records);
    }

    ReconciliationRunView upload(LocalDate day, String csv) {
        return start().startReconciliation(new StartReconciliationCommand(TENANT, CHANNEL, day,
                new StatementSource.Upload(day + ".csv", csv.getBytes(StandardCharsets.UTF_8)), "alice"));
    }

    /** A payment of the tenant, created an hour before {@code paidAt} (or 08:00 of the day when it is not paid). */
    Payment stored(PaymentStatus status, long amount, Instant paidAt, String sku) {
        payment++;
        Instant created = paidAt == null ? DAY.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(28_800)
                : paidAt.minusSeconds(3600);
        PaymentTestData.PaymentBuilder builder = PaymentTestData.aPendingPayment()
                .withId("pay_recon_" + payment).withTenant(TENANT).withMerchantOrderId("order-" + payment)
                .withAmount(amount, "CNY").withChannel(CHANNEL).withSku(sku).withStatus(status)
                .withCreatedAt(created);
        if (paidAt != null) {
            builder.withPaidAt(paidAt);
        }
        if (status.isPaid()) {
            builder.withChannelTxnId(new ChannelTxnId("T-" + payment));
        }
        Payment p = builder.build();
        payments.insert(p);
        return p;
    }

    Payment stored(PaymentStatus status, long amount, Instant paidAt) {
        return stored(status, amount, paidAt, "sku-monthly");
    }

    static String line(String tradeNo, String outTradeNo, String type, String status, long amount, String currency,
                       String at) {
        return String.join(",", tradeNo, outTradeNo, type, status, Long.toString(amount), currency, at) + "\r\n";
    }

    static String paymentLine(Payment p, String status, String at) {
        Money amount = p.amount();
        return line(p.channelTxnId() == null ? "T-" + p.id().value() : p.channelTxnId().value(), p.id().value(),
                "PAYMENT", status, amount.minor(), amount.currencyCode(), at);
    }
}
