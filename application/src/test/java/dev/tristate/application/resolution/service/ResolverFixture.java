package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.service.RefundServices;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The resolver built for real on in-memory fakes of its ports, as the wiring builds it: one clock, one set of stores,
 * one scripted channel ({@link #CHANNEL}) with an account for {@link #SHOP}.
 */
final class ResolverFixture {

    static final Instant T0 = Instant.parse("2026-11-30T08:00:00Z");
    static final TenantId SHOP = new TenantId("shop");
    static final TenantId OTHER = new TenantId("other");
    static final String CHANNEL = "testpay";
    static final Duration STALE_AFTER = Duration.ofMinutes(5);
    static final Duration EXPIRY = Duration.ofMinutes(30);
    static final Duration FIRST_QUERY_AFTER = Duration.ofSeconds(30);

    final SettableClock clock = new SettableClock(T0);
    final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();
    final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    final InMemoryRefundStore refunds = new InMemoryRefundStore();
    final InMemoryTaskStore tasks = new InMemoryTaskStore();
    /** The audit log; refuses the entries whose key ends with {@code refusedKeySuffix} (a failing audit write). */
    String refusedKeySuffix = null;
    final InMemoryAuditTrail audit = new InMemoryAuditTrail() {
        @Override
        public synchronized void record(AuditEntry entry) {
            if (refusedKeySuffix != null && entry.actionKey().value().endsWith(refusedKeySuffix)) {
                throw new PersistenceFailure(OutcomeClass.UNKNOWN, "audit write lost", null);
            }
            super.record(entry);
        }
    };
    final InMemoryTransactions transactions = new InMemoryTransactions(payments, log, outbox, reviews, ledger,
            cases, audit, refunds, tasks);
    final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    final ScriptedQueries gateway = new ScriptedQueries(CHANNEL);
    final ApplyRefundAnswerUseCase refundOutcomes = RefundServices.applyRefundAnswer(refunds, payments, outbox, tasks,
            ledger, cases, transactions, clock, FIRST_QUERY_AFTER);
    final ResolverSettings settings = new ResolverSettings(10, Duration.ofMinutes(1), STALE_AFTER, EXPIRY,
            new QuerySchedule(List.of(Duration.ofMinutes(1), Duration.ofMinutes(5))),
            Map.of("slowpay", new QuerySchedule(List.of(Duration.ofHours(1)))));
    final UnknownCasesService views = new UnknownCasesService(cases, payments, ledger);

    ResolverFixture() {
        credentials.bindAccount(SHOP, CHANNEL, "m-shop", T0);
    }

    /** The parts the round, the operator's question and the console share, over these gateways and settings. */
    final class Parts {
        final ChannelQuestions questions;
        final CaseLeases leases;
        final CaseWriteBack writeBack;
        final PaymentResolver paymentResolver;
        final RefundResolver refundResolver;

        Parts(List<ChannelGateway> gateways, ResolverSettings with) {
            questions = new ChannelQuestions(gateways, credentials, clock);
            leases = new CaseLeases(cases, refunds, transactions, clock, UUID::randomUUID, with);
            writeBack = new CaseWriteBack(cases, ledger, transactions, clock, with);
            paymentResolver = new PaymentResolver(payments, questions, new QueryAnswerRecorder(payments, log,
                    CallbackServices.applyChannelReport(payments, outbox, reviews, CrashPoints.NONE), transactions,
                    clock, UUID::randomUUID), with);
            refundResolver = new RefundResolver(refunds, refundOutcomes, questions);
        }

        ResolvePaymentsService round() {
            return new ResolvePaymentsService(leases, questions, paymentResolver, refundResolver, writeBack);
        }

        AskChannelService askChannel() {
            return new AskChannelService(payments, leases, paymentResolver, writeBack, views);
        }
    }

    Parts parts(List<ChannelGateway> gateways, ResolverSettings with) {
        return new Parts(gateways, with);
    }

    Parts parts() {
        return parts(List.of(gateway), settings);
    }

    ResolvePaymentsService resolver() {
        return parts().round();
    }

    Payment aPayment(TenantId tenant, Instant createdAt) {
        Payment payment = Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")),
                tenant, new MerchantOrderId("o-1"), Money.of(1999, "CNY"), CHANNEL, "u-1", "sku-1", "", createdAt);
        payments.insert(payment);
        return payment;
    }

    PaymentStatus statusOf(Payment payment) {
        return payments.findById(payment.tenantId(), payment.id()).orElseThrow().status();
    }

    UnknownCaseView caseOf(Payment payment) {
        return views.unknownCase(payment.tenantId(), payment.id()).orElseThrow();
    }
}
