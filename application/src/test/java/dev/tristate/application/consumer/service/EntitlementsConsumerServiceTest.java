package dev.tristate.application.consumer.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Acknowledge;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.ConsumeResult;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.Outcome;
import dev.tristate.application.consumer.port.in.ConsumeEventUseCase.RequeueAfter;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.fakes.InMemoryConsumerDeliveryStore;
import dev.tristate.application.fakes.InMemoryEntitlementStore;
import dev.tristate.application.fakes.InMemoryInbox;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.fakes.StubEventPayloadReader;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class EntitlementsConsumerServiceTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-1");
    private static final PaymentId PAYMENT = new PaymentId("pay_1");
    private static final RuntimeException NOT_SENT = new PersistenceFailure(OutcomeClass.RETRYABLE, "down", null);

    private final SettableClock clock = new SettableClock(T0);
    private final StubEventPayloadReader reader = new StubEventPayloadReader();
    private final InMemoryInbox inbox = new InMemoryInbox();
    private final InMemoryEntitlementStore entitlements = new InMemoryEntitlementStore();
    private final InMemoryConsumerDeliveryStore deliveries = new InMemoryConsumerDeliveryStore();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryTransactions transactions = new InMemoryTransactions(inbox, entitlements, deliveries,
            tasks, payments);
    private final List<String> crashPointsReached = new ArrayList<>();
    private final List<Integer> inboxRowsAtC5 = new ArrayList<>();
    private final CrashPoints crashPoints = point -> {
        crashPointsReached.add(point);
        inboxRowsAtC5.add(inbox.all().size());
    };
    private final Consumer consumer = new Consumer(ConsumerServices.entitlementsConsumer(reader, inbox, entitlements,
            deliveries, tasks, payments, transactions, crashPoints, clock, new Random(7), new ConsumerSettings(
                    new ConsumerRetryPolicy(new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(30), 2.0), 4,
                            Duration.ofHours(1)), 10, Duration.ofSeconds(30), Duration.ofSeconds(2))));

    /** The consumer's two ports as the factory builds them (what arrives, what is due again), called as one. */
    private record Consumer(ConsumerServices.EntitlementsConsumer ports) {
        ConsumeResult consume(InboundMessage message) {
            return ports.consume().consume(message);
        }

        List<ConsumeResult> consumeAll(List<InboundMessage> messages) {
            return ports.consume().consumeAll(messages);
        }

        int retryDue() {
            return ports.retry().retryDue();
        }
    }

    private ConsumedEvent succeeded(EventId id, PaymentId payment, String user, String sku) {
        return new ConsumedEvent(id, "PaymentSucceeded", TENANT, payment, user, sku, T0);
    }

    private InboundMessage message(ConsumedEvent event) {
        String body = "{\"event\":\"" + event.eventId() + "\",\"sku\":\"" + event.sku() + "\",\"payment\":\""
                + event.paymentId() + "\",\"type\":\"" + event.eventType() + "\"}";
        return new InboundMessage(event.eventId().toString(), event.eventType(), Map.of("tenant_id", "t-1"),
                reader.body(body, event));
    }

    private InboundMessage aPurchase(String sku) {
        return message(succeeded(new EventId(UUID.randomUUID()), PAYMENT, "u-42", sku));
    }

    private static Outcome acked(ConsumeResult result) {
        assertThat(result).isInstanceOf(Acknowledge.class);
        return ((Acknowledge) result).outcome();
    }

    @Test
    void aPaymentGrantsItsCourseOnceAndTheInboxRowCommitsWithIt() {
        Outcome outcome = acked(consumer.consume(aPurchase("course:java-101")));

        assertThat(outcome).isEqualTo(Outcome.APPLIED);
        assertThat(entitlements.all()).singleElement().satisfies(e -> {
            assertThat(e.key().sku()).isEqualTo("course:java-101");
            assertThat(e.status()).isEqualTo(EntitlementStatus.GRANTED);
            assertThat(e.grantedAt()).isEqualTo(T0);
        });
        assertThat(inbox.all()).singleElement().satisfies(row -> assertThat(row.outcome()).isEqualTo("GRANTED"));
        assertThat(tasks.all()).as("the tenant's notice, written with the grant").singleElement()
                .satisfies(task -> assertThat(task.key().value()).isEqualTo("entitlement-granted:pay_1:course:java-101"));
        assertThat(crashPointsReached).containsExactly(CrashPoints.C5_BEFORE_ACK);
        assertThat(inboxRowsAtC5).as("C5 comes after the commit").containsExactly(1);
    }

    private InboundMessage aPurchaseOf(String payment, String sku) {
        return message(succeeded(new EventId(UUID.randomUUID()), new PaymentId(payment), "u-42", sku));
    }

    @Test
    void aBatchIsAppliedInOneTransactionAndReachesTheCrashPointOnceAfterItsCommit() {
        List<InboundMessage> batch = List.of(aPurchaseOf("pay_b1", "course:java-101"),
                aPurchaseOf("pay_b2", "tokens:100"), aPurchaseOf("pay_b3", "course:go-201"));
        int transactionsBefore = transactions.workloads().size();

        List<ConsumeResult> results = consumer.consumeAll(batch);

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked).containsOnly(Outcome.APPLIED);
        assertThat(transactions.workloads().size() - transactionsBefore).as("one transaction").isEqualTo(1);
        assertThat(entitlements.all()).hasSize(3);
        assertThat(inbox.all()).hasSize(3);
        assertThat(crashPointsReached).containsExactly(CrashPoints.C5_BEFORE_ACK);
        assertThat(inboxRowsAtC5).as("after the batch's commit").containsExactly(3);
    }

    @Test
    void theSameEventTwiceInOneBatchIsAppliedOnce() {
        InboundMessage purchase = aPurchaseOf("pay_b1", "tokens:100");

        List<ConsumeResult> results = consumer.consumeAll(List.of(purchase, purchase));

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked)
                .containsExactly(Outcome.APPLIED, Outcome.DUPLICATE);
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isEqualTo(100);
    }

    @Test
    void oneBadMessageInABatchIsQuarantinedAloneAndTheOthersAreAppliedOnce() {
        InboundMessage good = aPurchaseOf("pay_b1", "course:java-101");
        InboundMessage unknownSku = aPurchaseOf("pay_b2", "book:moby-dick");
        InboundMessage unreadable = new InboundMessage("e-x", "PaymentSucceeded", Map.of("tenant_id", "t-1"),
                new byte[] {1, 2, 3});
        InboundMessage alsoGood = aPurchaseOf("pay_b3", "tokens:10");

        List<ConsumeResult> afterTheDatabase = consumer.consumeAll(List.of(good, unknownSku, alsoGood));
        List<ConsumeResult> beforeIt = consumer.consumeAll(List.of(aPurchaseOf("pay_b4", "course:go-201"),
                unreadable));

        assertThat(afterTheDatabase).extracting(EntitlementsConsumerServiceTest::acked)
                .containsExactly(Outcome.APPLIED, Outcome.QUARANTINED, Outcome.APPLIED);
        assertThat(beforeIt).extracting(EntitlementsConsumerServiceTest::acked)
                .containsExactly(Outcome.APPLIED, Outcome.QUARANTINED);
        assertThat(entitlements.all()).extracting(e -> e.key().paymentId().value())
                .containsExactlyInAnyOrder("pay_b1", "pay_b3", "pay_b4");
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).as("not doubled by the retry alone").isEqualTo(10);
        assertThat(deliveries.findByStatus(DeliveryStatus.QUARANTINED, 10)).hasSize(2);
    }

    @Test
    void aBatchGrantsThePurchaseOfTwoEventsOnceAndAddsMembershipsUpInItsOrder() {
        InboundMessage course = aPurchaseOf("pay_b1", "course:java-101");
        InboundMessage sameCourseAgain = aPurchaseOf("pay_b1", "course:java-101");
        InboundMessage month = aPurchaseOf("pay_b2", "membership:30d");
        InboundMessage week = aPurchaseOf("pay_b3", "membership:7d");
        InboundMessage sameWeekAgain = aPurchaseOf("pay_b3", "membership:7d");
        InboundMessage tokens = aPurchaseOf("pay_b4", "tokens:100");
        int transactionsBefore = transactions.workloads().size();

        List<ConsumeResult> results = consumer.consumeAll(List.of(course, month, sameCourseAgain, week, tokens,
                sameWeekAgain));

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked).containsOnly(Outcome.APPLIED);
        assertThat(transactions.workloads().size() - transactionsBefore).as("one transaction").isEqualTo(1);
        assertThat(inbox.all()).hasSize(6);
        assertThat(consumer.consumeAll(List.of(course, week))).extracting(EntitlementsConsumerServiceTest::acked)
                .containsOnly(Outcome.DUPLICATE);
        assertThat(inbox.find(EntitlementsConsumerService.CONSUMER, EventId.of(sameCourseAgain.messageId()))
                .orElseThrow().outcome()).isEqualTo("ALREADY_GRANTED");
        assertThat(inbox.find(EntitlementsConsumerService.CONSUMER, EventId.of(sameWeekAgain.messageId()))
                .orElseThrow().outcome()).isEqualTo("ALREADY_GRANTED");
        assertThat(entitlements.all()).extracting(e -> e.key().paymentId().value())
                .containsExactlyInAnyOrder("pay_b1", "pay_b2", "pay_b3", "pay_b4");
        assertThat(tasks.all()).as("one notice per grant").hasSize(4);
        assertThat(entitlements.lockMembership(TENANT, "u-42").orElseThrow().endsAt())
                .isEqualTo(T0.plus(Duration.ofDays(37)));
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isEqualTo(100);
    }

    @Test
    void aBatchGrantsNothingForAPaymentRefundedBeforeItsEventArrived() {
        PaymentId refunded = new PaymentId("pay_refunded");
        payments.insert(PaymentTestData.aPendingPayment().withId(refunded).withTenant(TENANT)
                .withStatus(PaymentStatus.REFUNDED).build());
        InboundMessage late = message(succeeded(new EventId(UUID.randomUUID()), refunded, "u-42", "course:java-101"));

        List<ConsumeResult> results = consumer.consumeAll(List.of(aPurchaseOf("pay_b1", "course:java-101"), late));

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked).containsOnly(Outcome.APPLIED);
        assertThat(entitlements.all()).extracting(e -> e.key().paymentId().value()).containsExactly("pay_b1");
        assertThat(tasks.all()).hasSize(1);
        assertThat(inbox.find(EntitlementsConsumerService.CONSUMER, EventId.of(late.messageId())).orElseThrow()
                .outcome()).isEqualTo(EntitlementsConsumerService.NOT_GRANTED_REFUNDED);
    }

    @Test
    void aBatchHoldingAKnownEventWithOtherContentQuarantinesOnlyThatOne() {
        EventId id = new EventId(UUID.randomUUID());
        consumer.consume(message(succeeded(id, new PaymentId("pay_b1"), "u-42", "tokens:100")));
        InboundMessage forged = message(succeeded(id, new PaymentId("pay_b1"), "u-42", "tokens:999"));
        InboundMessage good = aPurchaseOf("pay_b2", "course:java-101");

        List<ConsumeResult> results = consumer.consumeAll(List.of(good, forged));

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked)
                .containsExactly(Outcome.APPLIED, Outcome.QUARANTINED);
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isEqualTo(100);
        assertThat(entitlements.all()).hasSize(2);
    }

    @Test
    void aBatchTheDatabaseRefusesIsTakenMessageByMessage() {
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));

        List<ConsumeResult> results = consumer.consumeAll(List.of(aPurchaseOf("pay_b1", "course:java-101"),
                aPurchaseOf("pay_b2", "course:go-201")));

        assertThat(results).extracting(EntitlementsConsumerServiceTest::acked).containsOnly(Outcome.APPLIED);
        assertThat(entitlements.all()).hasSize(2);
    }

    @Test
    void aSuccessEventArrivingAfterThePaymentWasFullyRefundedGrantsNothing() {
        payments.insert(PaymentTestData.aPendingPayment().withId(PAYMENT).withTenant(TENANT)
                .withStatus(PaymentStatus.REFUNDED).build());

        Outcome outcome = acked(consumer.consume(aPurchase("tokens:100")));

        assertThat(outcome).isEqualTo(Outcome.APPLIED);
        assertThat(entitlements.all()).as("a refunded payment is worth nothing").isEmpty();
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isZero();
        assertThat(tasks.all()).as("no notice of a grant that was not made").isEmpty();
        assertThat(inbox.all()).singleElement().satisfies(row ->
                assertThat(row.outcome()).isEqualTo(EntitlementsConsumerService.NOT_GRANTED_REFUNDED));
    }

    @Test
    void aPaymentStillPaidOrPartlyRefundedWhenItsEventArrivesIsGranted() {
        for (PaymentStatus status : new PaymentStatus[] {PaymentStatus.SUCCEEDED, PaymentStatus.PARTIALLY_REFUNDED}) {
            PaymentId payment = new PaymentId("pay_" + status.name().toLowerCase());
            payments.insert(PaymentTestData.aPendingPayment().withId(payment).withTenant(TENANT).withStatus(status)
                    .build());

            consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), payment, "u-42", "course:java-101")));

            assertThat(entitlements.all()).as(status.name()).anySatisfy(e -> {
                assertThat(e.key().paymentId()).isEqualTo(payment);
                assertThat(e.status()).isEqualTo(EntitlementStatus.GRANTED);
            });
        }
    }

    @Test
    void aDuplicateDeliveryIsAcknowledgedWithNoEffect() {
        InboundMessage purchase = aPurchase("tokens:100");
        consumer.consume(purchase);

        assertThat(acked(consumer.consume(purchase))).isEqualTo(Outcome.DUPLICATE);
        assertThat(entitlements.all()).hasSize(1);
        assertThat(tasks.all()).hasSize(1);
        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isEqualTo(100);
    }

    @Test
    void theSameEventIdWithOtherContentIsQuarantinedAndChangesNothing() {
        EventId id = new EventId(UUID.randomUUID());
        consumer.consume(message(succeeded(id, PAYMENT, "u-42", "tokens:100")));
        InboundMessage forged = message(succeeded(id, PAYMENT, "u-42", "tokens:999"));

        assertThat(acked(consumer.consume(forged))).isEqualTo(Outcome.QUARANTINED);

        assertThat(entitlements.tokenBalance(TENANT, "u-42")).isEqualTo(100);
        ConsumerDelivery quarantined = deliveries.find(EntitlementsConsumerService.CONSUMER, forged.deliveryKey())
                .orElseThrow();
        assertThat(quarantined.status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(quarantined.message()).isEqualTo(forged);
        assertThat(quarantined.lastError()).contains("delivered again with different content");
    }

    @Test
    void theSamePurchaseInTwoDifferentEventsIsGrantedOnce() {
        consumer.consume(aPurchase("membership:30d"));

        assertThat(acked(consumer.consume(aPurchase("membership:30d")))).isEqualTo(Outcome.APPLIED);

        assertThat(entitlements.all()).hasSize(1);
        assertThat(inbox.all()).extracting(row -> row.outcome()).containsExactlyInAnyOrder("GRANTED",
                "ALREADY_GRANTED");
        assertThat(entitlements.lockMembership(TENANT, "u-42")).contains(
                new Membership(TENANT, "u-42", T0.plus(Duration.ofDays(30))));
    }

    @Test
    void membershipsAddUpFromTheLaterOfNowAndTheCurrentEnd() {
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_a"), "u", "membership:30d")));
        clock.advance(Duration.ofDays(10));
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_b"), "u", "membership:7d")));

        assertThat(entitlements.lockMembership(TENANT, "u").orElseThrow().endsAt())
                .isEqualTo(T0.plus(Duration.ofDays(37)));
        assertThat(entitlements.findByPayment(TENANT, new PaymentId("pay_b"))).extracting(Entitlement::validUntil)
                .containsExactly(T0.plus(Duration.ofDays(37)));

        clock.advance(Duration.ofDays(100));
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_c"), "u", "membership:1d")));
        assertThat(entitlements.lockMembership(TENANT, "u").orElseThrow().endsAt())
                .isEqualTo(T0.plus(Duration.ofDays(111)));
    }

    @Test
    void tokensAreCreditedToTheLedgerOncePerGrant() {
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_a"), "u", "tokens:100")));
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_b"), "u", "tokens:50")));
        consumer.consume(message(succeeded(new EventId(UUID.randomUUID()), new PaymentId("pay_b"), "u", "tokens:50")));

        assertThat(entitlements.tokenBalance(TENANT, "u")).isEqualTo(150);
        assertThat(entitlements.tokenLedger(TENANT, "u")).extracting(e -> e.entryKey())
                .containsExactly("grant:pay_a:tokens:100", "grant:pay_b:tokens:50");
    }

    @Test
    void eventsThatGrantNothingAreAppliedWithNoEffect() {
        ConsumedEvent failed = new ConsumedEvent(new EventId(UUID.randomUUID()), "PaymentFailed", TENANT, PAYMENT,
                null, null, T0);

        assertThat(acked(consumer.consume(message(failed)))).isEqualTo(Outcome.APPLIED);

        assertThat(entitlements.all()).isEmpty();
        assertThat(inbox.all()).extracting(row -> row.outcome()).containsExactly("NO_EFFECT");
    }

    @Test
    void permanentFailuresAreQuarantinedAtOnceWithTheOriginalMessage() {
        InboundMessage unreadable = new InboundMessage("e-x", "PaymentSucceeded", Map.of("tenant_id", "t-1"),
                new byte[] {1, 2, 3});
        InboundMessage unknownType = message(new ConsumedEvent(new EventId(UUID.randomUUID()), "PaymentExploded",
                TENANT, PAYMENT, "u", "course:x", T0));
        ConsumedEvent event = succeeded(new EventId(UUID.randomUUID()), PAYMENT, "u", "course:x");
        InboundMessage wrongId = new InboundMessage(UUID.randomUUID().toString(), "PaymentSucceeded", Map.of(),
                message(event).body());
        InboundMessage unknownSku = aPurchase("book:moby-dick");
        InboundMessage noUser = message(succeeded(new EventId(UUID.randomUUID()), PAYMENT, null, "course:x"));

        for (InboundMessage bad : List.of(unreadable, unknownType, wrongId, unknownSku, noUser)) {
            assertThat(acked(consumer.consume(bad))).as(bad.toString()).isEqualTo(Outcome.QUARANTINED);
        }

        assertThat(entitlements.all()).isEmpty();
        assertThat(inbox.all()).isEmpty();
        assertThat(deliveries.findByStatus(DeliveryStatus.QUARANTINED, 10)).extracting(ConsumerDelivery::lastError)
                .anyMatch(e -> e.startsWith("PERMANENT: unreadable payload"))
                .anyMatch(e -> e.contains("unknown event type PaymentExploded"))
                .anyMatch(e -> e.contains("is not the payload's event id"))
                .anyMatch(e -> e.contains("no entitlement kind for sku book:moby-dick"))
                .anyMatch(e -> e.contains("without user_id or sku"));
        assertThat(crashPointsReached).isEmpty();
    }

    @Test
    void aTransientFailureIsRetriedFromTheDatabaseNotRequeued() {
        InboundMessage purchase = aPurchase("course:java-101");
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));

        assertThat(acked(consumer.consume(purchase))).isEqualTo(Outcome.RETRY_SCHEDULED);
        assertThat(entitlements.all()).isEmpty();
        assertThat(consumer.retryDue()).as("not due yet").isZero();

        clock.advance(Duration.ofSeconds(2));
        assertThat(consumer.retryDue()).isEqualTo(1);

        assertThat(entitlements.all()).hasSize(1);
        ConsumerDelivery delivery = deliveries.find(EntitlementsConsumerService.CONSUMER, purchase.deliveryKey())
                .orElseThrow();
        assertThat(delivery.status()).isEqualTo(DeliveryStatus.APPLIED);
        assertThat(delivery.history()).extracting(a -> a.result())
                .containsExactly("RETRYABLE: deadlock", "APPLIED: APPLIED GRANTED");
    }

    @Test
    void aCommitOfUnknownOutcomeIsRetriedAndFindsItsOwnGrant() {
        InboundMessage purchase = aPurchase("tokens:10");
        transactions.failNextAtCommit(new PersistenceFailure(OutcomeClass.UNKNOWN, "connection lost in COMMIT", null));

        assertThat(acked(consumer.consume(purchase))).isEqualTo(Outcome.RETRY_SCHEDULED);
        clock.advance(Duration.ofSeconds(2));
        consumer.retryDue();

        assertThat(entitlements.tokenBalance(TENANT, "u-42")).as("no double grant").isEqualTo(10);
        assertThat(deliveries.find(EntitlementsConsumerService.CONSUMER, purchase.deliveryKey()).orElseThrow()
                .history()).last().satisfies(a -> assertThat(a.result()).startsWith("APPLIED: DUPLICATE"));
    }

    @Test
    void exhaustedRetriesEndInTheQuarantineWithTheirHistory() {
        InboundMessage purchase = aPurchase("course:java-101");
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));
        consumer.consume(purchase);
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofMinutes(1));
            transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));
            assertThat(consumer.retryDue()).isEqualTo(1);
        }

        ConsumerDelivery delivery = deliveries.find(EntitlementsConsumerService.CONSUMER, purchase.deliveryKey())
                .orElseThrow();
        assertThat(delivery.status()).isEqualTo(DeliveryStatus.QUARANTINED);
        assertThat(delivery.attempts()).isEqualTo(4);
        assertThat(delivery.history()).hasSize(4);
        clock.advance(Duration.ofHours(1));
        assertThat(consumer.retryDue()).as("quarantined is never retried by itself").isZero();
    }

    @Test
    void whenNotEvenTheFailureCanBeRecordedTheBrokerKeepsTheMessageAfterAPause() {
        transactions.failNextBeforeWork((PersistenceFailure) NOT_SENT, (PersistenceFailure) NOT_SENT);

        ConsumeResult result = consumer.consume(aPurchase("course:java-101"));

        assertThat(result).isInstanceOf(RequeueAfter.class);
        assertThat(((RequeueAfter) result).pause()).isEqualTo(Duration.ofSeconds(2));
        assertThat(deliveries.count(DeliveryStatus.RETRYING)).isZero();
    }

    @Test
    void aDeliveryThatChangedWhileItsFailureWasRecordedStaysWithTheBrokerAfterAPause() {
        InboundMessage purchase = aPurchase("course:java-101");
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));
        consumer.consume(purchase);
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));
        deliveries.loseNextUpdates(1);

        ConsumeResult redelivered = consumer.consume(purchase);

        assertThat(redelivered).isInstanceOf(RequeueAfter.class);
        assertThat(((RequeueAfter) redelivered).pause()).isEqualTo(Duration.ofSeconds(2));
        assertThat(((RequeueAfter) redelivered).reason())
                .endsWith("not recorded: the delivery changed while recording");
        assertThat(deliveries.find(EntitlementsConsumerService.CONSUMER, purchase.deliveryKey()).orElseThrow()
                .attempts()).as("the lost write left the first attempt alone").isEqualTo(1);
    }

    @Test
    void aRetryRunnerThatLostItsClaimLeavesTheDeliveryAlone() {
        InboundMessage purchase = aPurchase("course:java-101");
        transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "deadlock", null));
        consumer.consume(purchase);
        clock.advance(Duration.ofSeconds(2));
        ConsumerDelivery due = deliveries.findDue(EntitlementsConsumerService.CONSUMER, clock.instant(), 1).get(0);
        deliveries.update(due.claimedUntil(clock.instant().plusSeconds(30), clock.instant()));

        assertThat(consumer.retryDue()).as("held by another runner").isZero();
        assertThat(entitlements.all()).isEmpty();
    }
}
