package dev.tristate.application.console.service;

import static dev.tristate.domain.payment.PaymentTestData.DEFAULT_PAYMENT_ID;
import static dev.tristate.domain.payment.PaymentTestData.DEFAULT_TENANT_ID;
import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.PaymentTimelineQuery.Kind;
import dev.tristate.application.console.port.in.PaymentTimelineQuery.TimelineEntry;
import dev.tristate.application.consumer.port.out.Inbox.InboxEntry;
import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryConsumerDeliveryStore;
import dev.tristate.application.fakes.InMemoryInbox;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryOutboxQuarantine;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PaymentConsoleServiceTest {

    private static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));
    private static final EventId EVENT = EventId.of("0b7f4d0e-3a7c-4b0c-9a52-5d3f1b2c4e6f");
    private static final EventId OTHER_EVENT = EventId.of("1c8e5e1f-4b8d-4c1d-8b63-6e4f2c3d5f70");

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Log notifications = new InMemoryNotificationStores.Log();
    private final InMemoryOutboxQuarantine outbox = new InMemoryOutboxQuarantine();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryInbox inbox = new InMemoryInbox();
    private final InMemoryConsumerDeliveryStore deliveries = new InMemoryConsumerDeliveryStore();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final PaymentConsoleService service = new PaymentConsoleService(null, payments, notifications,
            new InMemoryNotificationStores.Reviews(), audit, refunds,
            new DownstreamTimeline(outbox, audit, inbox, deliveries, tasks));

    @Test
    void theTimelineShowsQueriesConsumerRecordsAndTasksInTimeOrder() {
        payments.insert(aPendingPayment().build());
        notifications.record(notification("CALLBACK", at(10)));
        notifications.record(notification(StatusQuery.NOTIFICATION_SOURCE, at(20)));
        outbox.add(new OutboxEventView(EVENT, DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID.value(), "PaymentSucceeded",
                OutboxStatus.SENT, 1, "{}", null, at(21), null, null, at(22)));
        inbox.record(new InboxEntry("entitlements", EVENT, "PaymentSucceeded", DEFAULT_TENANT_ID,
                ContentHash.of("{}".getBytes(StandardCharsets.UTF_8)), "GRANTED", at(40)));
        deliveries.insert(ConsumerDelivery.firstFailure("webhooks", message(EVENT),
                ConsumerFailure.permanent("receiver gone"), POLICY, at(30), 0.5));
        deliveries.insert(ConsumerDelivery.firstFailure("webhooks", message(OTHER_EVENT),
                ConsumerFailure.permanent("not this payment's"), POLICY, at(31), 0.5));
        tasks.insert(Task.entitlementGranted(new EntitlementKey(DEFAULT_TENANT_ID, "user-0001", "sku-monthly",
                DEFAULT_PAYMENT_ID), at(50)));
        tasks.insert(Task.entitlementGranted(new EntitlementKey(DEFAULT_TENANT_ID, "user-0001", "sku-monthly",
                new PaymentId("pay_other")), at(51)));

        List<TimelineEntry> entries = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries();

        assertThat(entries).extracting(TimelineEntry::kind).containsExactly(Kind.CREATED, Kind.NOTIFICATION,
                Kind.QUERY, Kind.OUTBOX_EVENT, Kind.CONSUMER, Kind.CONSUMER, Kind.TASK);
        assertThat(entries.get(3)).satisfies(e -> {
            assertThat(e.outcome()).isEqualTo("SENT");
            assertThat(e.detail()).isEqualTo("failed sends 1");
        });
        assertThat(entries.get(4)).satisfies(e -> {
            assertThat(e.title()).isEqualTo("webhooks PaymentSucceeded");
            assertThat(e.outcome()).isEqualTo("QUARANTINED");
            assertThat(e.detail()).isEqualTo("attempts 1; PERMANENT: receiver gone");
            assertThat(e.link()).startsWith("/admin/quarantine/delivery?consumer=webhooks&key=" + EVENT + ":");
        });
        assertThat(entries.get(5)).satisfies(e -> {
            assertThat(e.title()).isEqualTo("entitlements PaymentSucceeded");
            assertThat(e.outcome()).isEqualTo("APPLIED");
            assertThat(e.detail()).isEqualTo("GRANTED");
        });
        assertThat(entries.get(6)).satisfies(e -> {
            assertThat(e.title()).isEqualTo("ENTITLEMENT_GRANTED entitlement-granted:" + DEFAULT_PAYMENT_ID.value()
                    + ":sku-monthly");
            assertThat(e.outcome()).isEqualTo("PENDING");
            assertThat(e.detail()).isEqualTo("not run yet");
            assertThat(e.link()).isEqualTo("/admin/quarantine/task?key=entitlement-granted:"
                    + DEFAULT_PAYMENT_ID.value() + ":sku-monthly");
        });
    }

    @Test
    void anEventSentAtTheFirstTrySaysSoRatherThanAttemptsZero() {
        payments.insert(aPendingPayment().build());
        outbox.add(new OutboxEventView(EVENT, DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID.value(), "PaymentSucceeded",
                OutboxStatus.SENT, 0, "{}", null, at(21), null, null, at(22)));
        outbox.add(new OutboxEventView(OTHER_EVENT, DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID.value(), "PaymentRefunded",
                OutboxStatus.PENDING, 0, "{}", null, at(23), null, null, null));

        List<TimelineEntry> events = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries().stream()
                .filter(e -> e.kind() == Kind.OUTBOX_EVENT).toList();

        assertThat(events).extracting(TimelineEntry::detail).containsExactly("sent at the first try",
                "no failed send");
    }

    @Test
    void theTimelineShowsThePaymentsRefundsWithTheirStatusAndNotOtherPayments() {
        Payment paid = aPendingPayment().withAmount(1999, "CNY").withStatus(PaymentStatus.SUCCEEDED).build();
        payments.insert(paid);
        Refund refused = Refund.request(new RefundId("rfd_1"), paid, Money.of(500, "CNY"), "damaged", at(60));
        refunds.insert(refused);
        refunds.markFailed(refused, "REFUND_REFUSED: the channel said no", at(61));
        refunds.insert(Refund.request(new RefundId("rfd_2"), paid, Money.of(300, "CNY"), "", at(70)));
        Payment other = aPendingPayment().withId("pay_other").withAmount(1999, "CNY")
                .withStatus(PaymentStatus.SUCCEEDED).build();
        payments.insert(other);
        refunds.insert(Refund.request(new RefundId("rfd_3"), other, Money.of(100, "CNY"), "x", at(65)));

        List<TimelineEntry> entries = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries().stream()
                .filter(e -> e.kind() == Kind.REFUND).toList();

        assertThat(entries).extracting(TimelineEntry::title).containsExactly("rfd_1 5.00 CNY", "rfd_2 3.00 CNY");
        assertThat(entries).extracting(TimelineEntry::outcome).containsExactly("FAILED", "PENDING");
        assertThat(entries.get(0).detail()).isEqualTo("reason: damaged; REFUND_REFUSED: the channel said no; FAILED at "
                + at(61));
        assertThat(entries.get(1).detail()).isEqualTo("no reason given");
    }

    @Test
    void aQueryShowsTheChannelsAnswerAsReceivedAndACallbackNeverShowsItsBytes() {
        payments.insert(aPendingPayment().build());
        notifications.record(notification("CALLBACK", at(10), "{\"sign\":\"callback-secret\"}"));
        notifications.record(notification(StatusQuery.NOTIFICATION_SOURCE, at(20),
                "{\"trade_status\":\"TRADE_SUCCESS\",\"msg\":\"<b>成功</b>\"}"));

        List<TimelineEntry> entries = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries();

        assertThat(entries).filteredOn(e -> e.kind() == Kind.NOTIFICATION).singleElement()
                .satisfies(e -> assertThat(e.channelWords()).isNull());
        assertThat(entries).filteredOn(e -> e.kind() == Kind.QUERY).singleElement().satisfies(e -> {
            assertThat(e.channelWords()).isEqualTo(new ChannelWords(
                    "{\"trade_status\":\"TRADE_SUCCESS\",\"msg\":\"<b>成功</b>\"}", 50, at(20)));
            assertThat(e.channelWords().cut()).isFalse();
        });
    }

    @Test
    void aLongQueryAnswerIsCutAndSaysSo() {
        payments.insert(aPendingPayment().build());
        notifications.record(notification(StatusQuery.NOTIFICATION_SOURCE, at(20), "y".repeat(7_000)));

        TimelineEntry query = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries().stream()
                .filter(e -> e.kind() == Kind.QUERY).findFirst().orElseThrow();

        assertThat(query.channelWords().text()).hasSize(ChannelWords.MAX_TEXT);
        assertThat(query.channelWords().length()).isEqualTo(7_000);
        assertThat(query.channelWords().cut()).isTrue();
    }

    @Test
    void aRefundShowsTheChannelsLatestAnswerAndARefundNotYetAnsweredShowsNone() {
        Payment paid = aPendingPayment().withAmount(1999, "CNY").withStatus(PaymentStatus.SUCCEEDED).build();
        payments.insert(paid);
        Refund answered = Refund.request(new RefundId("rfd_1"), paid, Money.of(500, "CNY"), "damaged", at(60));
        refunds.insert(answered);
        ChannelWords words = ChannelWords.of("{\"refund_status\":\"PROCESSING\"}", at(61));
        refunds.keepAnswer(answered, words);
        refunds.insert(Refund.request(new RefundId("rfd_2"), paid, Money.of(300, "CNY"), "", at(70)));

        List<TimelineEntry> entries = service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries().stream()
                .filter(e -> e.kind() == Kind.REFUND).toList();

        assertThat(entries).extracting(TimelineEntry::channelWords).containsExactly(words, null);
    }

    @Test
    void anotherTenantsInboxRecordOfTheSameEventIdIsNotShown() {
        payments.insert(aPendingPayment().build());
        outbox.add(new OutboxEventView(EVENT, DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID.value(), "PaymentSucceeded",
                OutboxStatus.SENT, 1, "{}", null, at(21), null, null, at(22)));
        inbox.record(new InboxEntry("entitlements", EVENT, "PaymentSucceeded", new TenantId("tenant-b"),
                ContentHash.of("{}".getBytes(StandardCharsets.UTF_8)), "GRANTED", at(40)));

        assertThat(service.timeline(DEFAULT_TENANT_ID, DEFAULT_PAYMENT_ID).entries())
                .extracting(TimelineEntry::kind).doesNotContain(Kind.CONSUMER);
    }

    private static InboundMessage message(EventId id) {
        return new InboundMessage(id.toString(), "PaymentSucceeded", Map.of(), "{}".getBytes(StandardCharsets.UTF_8));
    }

    private static NotificationLog.Entry notification(String source, java.time.Instant at) {
        return notification(source, at, "");
    }

    private static NotificationLog.Entry notification(String source, java.time.Instant at, String rawBody) {
        return new NotificationLog.Entry("sandbox", source, DEFAULT_TENANT_ID, null, DEFAULT_PAYMENT_ID.value(),
                "txn-0001", "SUCCESS", 10_000L, "CNY", "trace-" + at.getEpochSecond(), SignatureResult.VALID,
                NotificationOutcome.APPLIED, null, null, "", rawBody.getBytes(StandardCharsets.UTF_8), at, null);
    }
}
