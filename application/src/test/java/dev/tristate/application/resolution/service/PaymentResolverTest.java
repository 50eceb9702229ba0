package dev.tristate.application.resolution.service;

import static dev.tristate.application.resolution.service.ResolverFixture.CHANNEL;
import static dev.tristate.application.resolution.service.ResolverFixture.EXPIRY;
import static dev.tristate.application.resolution.service.ResolverFixture.SHOP;
import static dev.tristate.application.resolution.service.ResolverFixture.STALE_AFTER;
import static dev.tristate.application.resolution.service.ResolverFixture.T0;
import static dev.tristate.application.resolution.service.ScriptedQueries.notFound;
import static dev.tristate.application.resolution.service.ScriptedQueries.says;
import static dev.tristate.application.resolution.service.ScriptedQueries.timesOut;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryIdempotencyStore;
import dev.tristate.application.fakes.RecordingPaymentRenderer;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.CreatePaymentCommand;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.service.PaymentServices;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.TestIds;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A payment's case on in-memory fakes: every answer a channel can give, and what the resolver never does with one. */
class PaymentResolverTest {

    private final ResolverFixture f = new ResolverFixture();
    private final ScriptedQueries gateway = f.gateway;
    private final ResolvePaymentsService resolver = f.resolver();

    @Test
    void aQueryThatTimesOutChangesNothingAndWhenTheScheduleRunsOutTheCaseIsFlaggedNeverFailed() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(timesOut()).then(timesOut()).then(timesOut());
        f.clock.advance(STALE_AFTER);
        f.clock.advance(Duration.ofSeconds(1));

        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        assertThat(f.caseOf(payment).nextQueryAt()).isEqualTo(f.clock.instant().plus(Duration.ofMinutes(1)));
        f.clock.advance(Duration.ofMinutes(1));
        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        f.clock.advance(Duration.ofMinutes(5));
        assertThat(resolver.resolveDue().flagged()).isEqualTo(1);

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
        assertThat(f.caseOf(payment).lastResult()).contains("schedule used up after 3 queries");
        assertThat(f.caseOf(payment).history()).extracting(UnknownCaseView.QueryAttempt::answer)
                .containsExactly("NO_ANSWER", "NO_ANSWER", "NO_ANSWER");
        assertThat(f.outbox.events()).isEmpty();
        f.clock.advance(Duration.ofDays(1));
        assertThat(resolver.resolveDue().claimed()).as("a flagged case waits for a person").isZero();
    }

    @Test
    void anUnknownPaymentWhoseQueriesTimeOutStaysUnknown() {
        Payment payment = f.aPayment(SHOP, T0);
        f.payments.update(payment, ((TransitionOutcome.Applied) payment.markUnknown(T0)).after());
        gateway.then(timesOut()).then(timesOut()).then(timesOut());
        for (int i = 0; i < 3; i++) {
            f.clock.advance(Duration.ofHours(1));
            resolver.resolveDue();
        }

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.UNKNOWN);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void anExpiredPendingPaymentIsClosedOnlyOnceTheChannelSaysItHasNoPayment() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(notFound()).then(notFound());
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();
        assertThat(f.statusOf(payment)).as("not expired: the payer may still pay").isEqualTo(PaymentStatus.PENDING);
        assertThat(f.caseOf(payment).nextQueryAt()).isEqualTo(T0.plus(EXPIRY));
        assertThat(f.caseOf(payment).attempts()).as("waiting for expiry costs no attempt").isZero();

        f.clock.advance(EXPIRY);
        resolver.resolveDue();

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.CLOSED);
        assertThat(f.outbox.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.PaymentClosed));
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(gateway.asked).hasSize(2);
    }

    @Test
    void anExpiredTradeTheChannelHoldsOpenIsClosedThereFirstAndOnlyThenHere() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999))
                .thenClose(() -> new ChannelGateway.CloseAnswer.Closed("{\"code\":\"10000\"}"));
        f.clock.advance(EXPIRY.plusSeconds(1));

        resolver.resolveDue();

        assertThat(gateway.closed).containsExactly(payment.id().value() + "@m-shop");
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.CLOSED);
        assertThat(f.outbox.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.PaymentClosed));
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
    }

    @Test
    void anExpiredTradeTheChannelWillNotCloseOrDoesNotAnswerStaysOpenAndIsAskedAgain() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999)).then(says(ChannelTradeStatus.PROCESSING, 1999))
                .then(says(ChannelTradeStatus.SUCCESS, 1999))
                .thenClose(() -> new ChannelGateway.CloseAnswer.NotClosable("ACQ.TRADE_STATUS_ERROR", "{}"))
                .thenClose(timesOut());
        f.clock.advance(EXPIRY.plusSeconds(1));

        resolver.resolveDue();
        assertThat(f.statusOf(payment)).as("the channel would not close it").isEqualTo(PaymentStatus.PENDING);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
        f.clock.advance(EXPIRY);
        resolver.resolveDue();
        assertThat(f.statusOf(payment)).as("a close without an answer closes nothing").isEqualTo(PaymentStatus.PENDING);
        f.clock.advance(EXPIRY);
        resolver.resolveDue();

        assertThat(gateway.closed).hasSize(2);
        assertThat(f.statusOf(payment)).as("it was paid after all").isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void anExpiredOpenTradeAtAChannelWithoutACloseIsAskedAgainAsBefore() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999));
        f.clock.advance(EXPIRY.plusSeconds(1));

        resolver.resolveDue();

        assertThat(gateway.closed).isEmpty();
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
    }

    @Test
    void anExpiredPaymentTheChannelReportsPaidIsNeverClosed() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(EXPIRY.multipliedBy(10));

        resolver.resolveDue();

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void anExpiredPaymentWhoseQueryTimesOutIsNotClosed() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(timesOut());
        f.clock.advance(EXPIRY.multipliedBy(10));

        resolver.resolveDue();

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
    }

    @Test
    void aProcessingAnswerMovesThePaymentAndKeepsAsking() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999)).then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.OPEN);
        f.clock.advance(Duration.ofMinutes(1));
        resolver.resolveDue();

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
    }

    @Test
    void aProcessingPaymentTheChannelHasNoTradeForIsNeitherClosedNorGivenUp() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.PROCESSING, 1999)).then(notFound());
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        resolver.resolveDue();
        f.clock.advance(EXPIRY);

        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PROCESSING);
        assertThat(f.caseOf(payment).history()).last().satisfies(a -> {
            assertThat(a.answer()).isEqualTo("NOT_FOUND");
            assertThat(a.detail()).isEqualTo("channel has no payment for a PROCESSING payment");
        });
    }

    @Test
    void anAnswerThatDisagreesWithThePaymentIsHeldForReviewAndFlagged() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1));
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        resolver.resolveDue();

        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.reviews.cases()).singleElement().satisfies(c -> assertThat(c.paymentId())
                .isEqualTo(payment.id()));
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void aPaymentSettledSinceItsCaseOpenedIsResolvedWithoutAsking() {
        Payment payment = f.aPayment(SHOP, T0);
        f.transactions.inTransaction(() -> {
            f.cases.open(SHOP, payment.id(), CHANNEL, "CALLBACK_COMMIT", T0);
        });
        f.payments.update(payment, ((TransitionOutcome.Applied) payment.apply(
                PaymentTestData.aReportFor(payment, ChannelTradeStatus.SUCCESS), T0))
                .after());

        resolver.resolveDue();

        assertThat(gateway.asked).isEmpty();
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(f.caseOf(payment).history()).singleElement().satisfies(a -> {
            assertThat(a.answer()).isEqualTo("NOT_ASKED");
            assertThat(a.detail()).isEqualTo("payment already SUCCEEDED");
        });
    }

    @Test
    void aPaymentWhoseTenantHasNoAccountAtTheChannelIsFlaggedNotAsked() {
        Payment payment = f.aPayment(ResolverFixture.OTHER, T0);
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        assertThat(resolver.resolveDue().flagged()).isEqualTo(1);

        assertThat(gateway.asked).isEmpty();
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.caseOf(payment).lastResult()).isEqualTo("NOT_ASKED: no account at channel testpay");
    }

    @Test
    void aCreateThatNeverCommittedIsResolvedWhenTheChannelHoldsNoPaymentAndFlaggedWhenItWasPaid() {
        PaymentId neverStored = new PaymentId("pay_neverstored1");
        PaymentId paidButNeverStored = new PaymentId("pay_neverstored2");
        f.transactions.inTransaction(() -> {
            f.cases.open(SHOP, neverStored, CHANNEL, "PAYMENT_CREATE_COMMIT", T0);
            f.cases.open(SHOP, paidButNeverStored, CHANNEL, "PAYMENT_CREATE_COMMIT", T0);
            f.ledger.record(new UnknownOutcomeLedger.NewEntry(SHOP, neverStored, CHANNEL,
                    UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT, "k-1", "commit timed out", T0));
        });
        gateway.then(notFound()).then(says(ChannelTradeStatus.SUCCESS, 1999));

        resolver.resolveDue();

        UnknownCaseView resolved = f.views.unknownCase(SHOP, neverStored).orElseThrow();
        assertThat(resolved.status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(resolved.paymentStatus()).isNull();
        assertThat(resolved.unknownOutcomes()).singleElement().satisfies(e -> assertThat(e.resolvedAt()).isNotNull());
        assertThat(f.views.unknownCase(SHOP, paidButNeverStored).orElseThrow().status())
                .isEqualTo(ResolutionStatus.FLAGGED);
    }

    @Test
    void aTimeoutAtTheCreateCommitIsAnswered202AndResolvedToTheTrueState() {
        IdempotentCommands gate = IdempotencyServices.idempotentCommands(new InMemoryIdempotencyStore(),
                f.transactions, f.clock, UUID::randomUUID, IdempotencySettings.defaults());
        CreatePaymentUseCase create = PaymentServices.createPayment(gate, f.payments, f.credentials, List.of(gateway),
                f.clock, TestIds.paymentIds(), ResolutionServices.recordUnknownOutcome(f.ledger, f.cases, f.payments,
                        f.transactions, f.clock, Duration.ofSeconds(30)));
        gateway.onRegister = () -> f.transactions.failNextAtCommit(new PersistenceFailure(OutcomeClass.UNKNOWN,
                "commit timed out", null));
        var renderer = new RecordingPaymentRenderer();
        var answer = create.createPayment(new CreatePaymentCommand(SHOP, new IdempotencyKey("k-1"),
                RequestFingerprint.of("POST", "/api/v1/payments", "{}"),
                new PaymentRequest("o-1", 1999L, "CNY", CHANNEL, "u-1", "course:java-101", "", List.of()), renderer));
        assertThat(answer.response().status()).isEqualTo(202);
        Payment stored = f.payments.all().get(0);
        assertThat(stored.status()).as("the commit did happen; until the channel answers, nobody knows more")
                .isEqualTo(PaymentStatus.UNKNOWN);

        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(Duration.ofSeconds(30));
        ResolverRun run = resolver.resolveDue();

        assertThat(run.resolved()).isEqualTo(1);
        assertThat(f.statusOf(stored)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(f.ledger.rows()).singleElement().satisfies(e -> {
            assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT);
            assertThat(e.open()).isFalse();
        });
    }
}
