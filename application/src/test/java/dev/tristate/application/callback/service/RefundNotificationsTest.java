package dev.tristate.application.callback.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryNotificationStores.StoredNotification;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.fakes.TestChannelFormat;
import dev.tristate.application.refund.service.RefundServices;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A channel's refund notification (WeChat Pay's {@code REFUND.*}) takes effect through the refund feature's inbound
 * port, in the callback's transaction: once, recorded like every notification, and only for the tenant's own refund.
 */
class RefundNotificationsTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId SHOP = new TenantId("shop");
    private static final String SECRET = "shop-secret-0123456789";
    private static final String OPENING_KEY = "the-key-that-opens-notifications";

    /** The test channel, with refund notices ({@code status=REFUND_SUCCESS|REFUND_ABNORMAL}) readable once opened. */
    static final class RefundingFormat extends TestChannelFormat {
        @Override
        public List<String> openingSecretNames() {
            return List.of("opening-key");
        }

        @Override
        public ParseResult open(RawNotification raw, List<String> secrets, Map<String, List<String>> opening) {
            if (!secrets.contains(SECRET) || !opening.get("opening-key").contains(OPENING_KEY)) {
                return new ParseResult.Malformed("cannot open the notification with the tenant's key");
            }
            Map<String, String> fields = new HashMap<>();
            for (String pair : new String(raw.body(), StandardCharsets.UTF_8).split("&")) {
                fields.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
            }
            if (!fields.get("status").startsWith("REFUND_")) {
                return parse(raw);
            }
            Money amount = Money.of(Long.parseLong(fields.get("amount")), fields.get("currency"));
            RefundAnswer answer = fields.get("status").equals("REFUND_SUCCESS")
                    ? new RefundAnswer.Succeeded(fields.get("trade_no"), amount, NOW, raw.channel() + " raw")
                    : new RefundAnswer.Refused("ABNORMAL", raw.channel() + " raw");
            return new ParseResult.Parsed(fields.get("notify_id"), fields.get("merchant"), fields.get("out_trade_no"),
                    null, null, amount, NOW, new ParseResult.RefundNotice(fields.get("out_refund_no"), answer));
        }

        @Override
        public ParseResult parse(RawNotification raw) {
            String body = new String(raw.body(), StandardCharsets.UTF_8);
            if (body.contains("status=REFUND_")) {
                // As WeChat Pay's envelope: the notify id and the account are readable, the rest is sealed.
                Map<String, String> fields = new HashMap<>();
                for (String pair : body.split("&")) {
                    fields.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
                }
                return new ParseResult.Parsed(fields.get("notify_id"), fields.get("merchant"), null, null, null,
                        null, null);
            }
            return super.parse(raw);
        }
    }

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Log log = new InMemoryNotificationStores.Log();
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemoryTransactions transactions = new InMemoryTransactions(payments, log, outbox, reviews, ledger,
            cases, refunds, tasks);
    private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    private HandleChannelNotificationUseCase service;
    private Payment payment;
    private Refund refund;

    @BeforeEach
    void aPaidPaymentWithAnOpenPartialRefund() {
        credentials.bindAccount(SHOP, TestChannelFormat.CHANNEL, "m-shop", NOW);
        credentials.addSecret(SHOP, TestChannelFormat.CHANNEL, "signing-secret", SECRET, NOW, NOW);
        credentials.addSecret(SHOP, TestChannelFormat.CHANNEL, "opening-key", OPENING_KEY, NOW, NOW);
        payment = PaymentTestData.aPendingPayment().withId("pay_0001").withTenant(SHOP).withAmount(1999, "CNY")
                .withChannel(TestChannelFormat.CHANNEL).withStatus(PaymentStatus.SUCCEEDED).withChannelTxnId("T-1")
                .withPaidAt(NOW.minusSeconds(120)).build();
        payments.insert(payment);
        refund = Refund.request(new RefundId("ref_0001"), payment, Money.of(500, "CNY"), "damaged",
                NOW.minusSeconds(60));
        refunds.insert(refund);
        service = CallbackServices.handleChannelNotification(List.of(new RefundingFormat()), credentials, payments,
                log, outbox, reviews, transactions, CrashPoints.NONE, clock, new Random(42),
                ResolutionServices.recordUnknownOutcome(ledger, cases, payments, transactions, clock,
                        Duration.ofSeconds(30)),
                dev.tristate.application.callback.port.out.RejectionBudget.unlimited(), Integer.MAX_VALUE,
                RefundServices.getRefund(refunds), RefundServices.applyRefundAnswer(refunds,
                        payments, outbox, tasks, ledger, cases, transactions, clock, Duration.ofSeconds(30)));
    }

    private static RawNotification notice(String notifyId, String outRefundNo, String status, long amount) {
        String body = "notify_id=" + notifyId + "&merchant=m-shop&out_trade_no=pay_0001&trade_no=CH-REF-1&status="
                + status + "&amount=" + amount + "&currency=CNY&time=" + NOW + "&out_refund_no=" + outRefundNo;
        return new RawNotification(TestChannelFormat.CHANNEL, null, TestChannelFormat.signedHeaders(SECRET, body, NOW),
                body.getBytes(StandardCharsets.UTF_8), false, "trace-" + notifyId);
    }

    private Refund refundNow() {
        return refunds.find(SHOP, refund.id()).orElseThrow();
    }

    private StoredNotification lastLogged() {
        List<StoredNotification> rows = log.rows();
        return rows.get(rows.size() - 1);
    }

    @Test
    void aRefundSuccessNotificationSettlesTheRefundAndMovesThePaymentOnce() {
        ChannelAnswer answer = service.handle(notice("n-1", "ref_0001", "REFUND_SUCCESS", 500));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(refundNow().status()).isEqualTo(RefundStatus.SUCCEEDED);
        Payment now = payments.findById(SHOP, payment.id()).orElseThrow();
        assertThat(now.status()).isEqualTo(PaymentStatus.PARTIALLY_REFUNDED);
        assertThat(now.refunded()).isEqualTo(Money.of(500, "CNY"));
        assertThat(outbox.events()).extracting(e -> e.type()).containsExactly(EventType.RefundSucceeded);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.APPLIED);
        assertThat(lastLogged().completion().reason()).contains("ref_0001").contains("SUCCEEDED");
    }

    @Test
    void theSameNotificationAgainAndAnotherOneOfTheSameRefundChangeNothing() {
        service.handle(notice("n-1", "ref_0001", "REFUND_SUCCESS", 500));

        ChannelAnswer again = service.handle(notice("n-1", "ref_0001", "REFUND_SUCCESS", 500));
        ChannelAnswer another = service.handle(notice("n-2", "ref_0001", "REFUND_SUCCESS", 500));

        assertThat(again.httpStatus()).isEqualTo(200);
        assertThat(another.httpStatus()).isEqualTo(200);
        assertThat(payments.findById(SHOP, payment.id()).orElseThrow().refunded()).isEqualTo(Money.of(500, "CNY"));
        assertThat(outbox.events()).hasSize(1);
        assertThat(log.rows()).extracting(row -> row.completion().outcome()).containsExactly(
                NotificationOutcome.APPLIED, NotificationOutcome.DUPLICATE, NotificationOutcome.DUPLICATE);
    }

    @Test
    void anAbnormalRefundFailsTheRefundAndFreesTheAmount() {
        service.handle(notice("n-1", "ref_0001", "REFUND_ABNORMAL", 500));

        assertThat(refundNow().status()).isEqualTo(RefundStatus.FAILED);
        assertThat(payments.findById(SHOP, payment.id()).orElseThrow().status()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void aNotificationOfARefundTheTenantDoesNotHaveIsRecordedAndChangesNothing() {
        ChannelAnswer answer = service.handle(notice("n-1", "ref_of_someone_else", "REFUND_SUCCESS", 500));

        assertThat(answer.httpStatus()).isEqualTo(200);
        assertThat(refundNow().status()).isEqualTo(RefundStatus.PENDING);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.ACKNOWLEDGED);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void anAmountOtherThanTheRefundsChangesNothing() {
        service.handle(notice("n-1", "ref_0001", "REFUND_SUCCESS", 600));

        assertThat(refundNow().status()).isEqualTo(RefundStatus.PENDING);
        assertThat(lastLogged().completion().outcome()).isEqualTo(NotificationOutcome.HELD_FOR_REVIEW);
        assertThat(outbox.events()).isEmpty();
    }

    @Test
    void withoutTheOpeningKeyTheNotificationIsRefusedRecordedAndChangesNothing() {
        credentials.revokeSecret(SHOP, credentials.secretInfos(SHOP).stream()
                .filter(info -> info.name().equals("opening-key")).findFirst().orElseThrow().id(), NOW.minusSeconds(1));

        ChannelAnswer answer = service.handle(notice("n-1", "ref_0001", "REFUND_SUCCESS", 500));

        assertThat(answer.httpStatus()).isEqualTo(400);
        assertThat(refundNow().status()).isEqualTo(RefundStatus.PENDING);
        assertThat(lastLogged().entry().outcome()).isEqualTo(NotificationOutcome.REJECTED);
    }
}
