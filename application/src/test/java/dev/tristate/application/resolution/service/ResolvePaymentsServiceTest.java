package dev.tristate.application.resolution.service;

import static dev.tristate.application.resolution.service.ResolverFixture.EXPIRY;
import static dev.tristate.application.resolution.service.ResolverFixture.SHOP;
import static dev.tristate.application.resolution.service.ResolverFixture.STALE_AFTER;
import static dev.tristate.application.resolution.service.ResolverFixture.T0;
import static dev.tristate.application.resolution.service.ScriptedQueries.says;
import static dev.tristate.application.resolution.service.ScriptedQueries.timesOut;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.domain.resolution.ResolutionStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One round of the resolver on in-memory fakes: which cases it opens and leases, and how it counts what became of
 * them.
 */
class ResolvePaymentsServiceTest {

    private final ResolverFixture f = new ResolverFixture();
    private final ScriptedQueries gateway = f.gateway;
    private final InMemoryNotificationStores.Outbox outbox = f.outbox;
    private final ResolvePaymentsService resolver = f.resolver();

    @Test
    void aStalePaymentPaidAtTheChannelIsFoundByQueryAndAppliedLikeACallback() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        ResolverRun run = resolver.resolveDue();

        assertThat(run).isEqualTo(new ResolverRun(1, 1, 1, 0, 0, 0, Map.of("SUCCESS", 1)));
        assertThat(gateway.asked).containsExactly(payment.id() + "@m-shop");
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).singleElement().satisfies(e -> assertThat(e.type())
                .isEqualTo(EventType.PaymentSucceeded));
        assertThat(f.log.rows()).singleElement().satisfies(n -> {
            assertThat(n.entry().source()).isEqualTo("QUERY");
            assertThat(n.entry().paymentId()).isEqualTo(payment.id().value());
            assertThat(n.completion().outcome()).isEqualTo(NotificationOutcome.APPLIED);
        });
        assertThat(f.caseOf(payment).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(f.caseOf(payment).history()).singleElement().satisfies(a -> {
            assertThat(a.answer()).isEqualTo("SUCCESS");
            assertThat(a.effect()).isEqualTo("APPLIED");
        });
    }

    @Test
    void theRoundCountsTheQuestionsByWhatTheChannelSaidAndASilenceAsNoAnswer() {
        f.aPayment(SHOP, T0);
        f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999)).then(ScriptedQueries.timesOut());
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        ResolverRun run = resolver.resolveDue();

        assertThat(run.answers()).isEqualTo(Map.of("SUCCESS", 1, "NO_ANSWER", 1));
    }

    @Test
    void aDeadlockWhileOpeningOrClaimingCasesIsTriedAgainNotReported() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "Deadlock found", null);
        // The transaction opening cases is aborted once, as InnoDB aborts one side of a deadlock: tried again.
        f.transactions.failNextBeforeWork(deadlock);

        ResolverRun run = resolver.resolveDue();

        assertThat(run.opened()).isEqualTo(1);
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void conflictsThatDoNotGoAwayReachTheCallerAndChangeNothing() {
        Payment payment = f.aPayment(SHOP, T0);
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure deadlock = new PersistenceFailure(OutcomeClass.RETRYABLE, "Deadlock found", null);
        f.transactions.failNextBeforeWork(deadlock, deadlock, deadlock);

        assertThatThrownBy(resolver::resolveDue).isSameAs(deadlock);
        assertThat(gateway.asked).isEmpty();
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.transactions.workloads()).as("tried as often as allowed, no more")
                .hasSize(CaseLeases.CONFLICT_ATTEMPTS);
    }

    @Test
    void aDefiniteFailureIsNotTriedAgain() {
        f.aPayment(SHOP, T0);
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        PersistenceFailure broken = new PersistenceFailure(OutcomeClass.DEFINITE, "table missing", null);
        f.transactions.failNextBeforeWork(broken);

        assertThatThrownBy(resolver::resolveDue).isSameAs(broken);
        assertThat(f.transactions.workloads()).hasSize(1);
    }

    @Test
    void aFreshPaymentIsNotAskedAbout() {
        f.aPayment(SHOP, T0);
        f.clock.advance(STALE_AFTER.minusSeconds(1));

        assertThat(resolver.resolveDue().claimed()).isZero();
        assertThat(gateway.asked).isEmpty();
    }

    @Test
    void eachChannelHasItsOwnSchedule() {
        ScriptedQueries slow = new ScriptedQueries("slowpay").then(timesOut());
        f.credentials.bindAccount(SHOP, "slowpay", "m-slow", T0);
        ResolverFixture.Parts withSlow = f.parts(List.of(gateway, slow),
                new ResolverSettings(10, Duration.ofMinutes(1), STALE_AFTER, EXPIRY,
                        new QuerySchedule(List.of(Duration.ofMinutes(1))),
                        Map.of("slowpay", new QuerySchedule(List.of(Duration.ofHours(1))))));
        Payment payment = Payment.initiate(new PaymentId("pay_slow1"), SHOP, new MerchantOrderId("o-1"),
                Money.of(1999, "CNY"), "slowpay", "u-1", "sku-1", "", T0);
        f.payments.insert(payment);
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        withSlow.round().resolveDue();

        assertThat(f.views.unknownCase(SHOP, payment.id()).orElseThrow().nextQueryAt())
                .isEqualTo(f.clock.instant().plus(Duration.ofHours(1)));
    }

    @Test
    void onlyCasesOnAChannelWithAGatewayAreLeased() {
        Payment elsewhere = Payment.initiate(new PaymentId("pay_elsewhere1"), SHOP, new MerchantOrderId("o-2"),
                Money.of(1999, "CNY"), "nopay", "u-1", "sku-1", "", T0);
        f.payments.insert(elsewhere);
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        ResolverRun run = resolver.resolveDue();

        assertThat(run.opened()).isEqualTo(1);
        assertThat(run.claimed()).isZero();
        assertThat(f.caseOf(elsewhere).status()).isEqualTo(ResolutionStatus.OPEN);
    }

    @Test
    void aCaseTakenOverWhileTheChannelWasAskedIsCountedLostAndLeftToItsNewHolder() {
        Payment payment = f.aPayment(SHOP, T0);
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        InMemoryResolutionCases cases = f.cases;
        gateway.then(() -> {
            // Our lease ran out while the channel took its time; another resolver leased the case meanwhile.
            f.clock.advance(Duration.ofMinutes(2));
            cases.claimNow(SHOP, payment.id(), new LeaseToken(UUID.randomUUID()), f.clock.instant(),
                    f.clock.instant().plus(Duration.ofMinutes(1)));
            return ScriptedQueries.notFound().get();
        });

        ResolverRun run = resolver.resolveDue();

        assertThat(run).as("asked, though the answer is the new holder's to write")
                .isEqualTo(new ResolverRun(1, 1, 0, 0, 0, 1, Map.of("NOT_FOUND", 1)));
        assertThat(f.caseOf(payment).history()).as("the new holder writes the case").isEmpty();
        assertThat(f.caseOf(payment).attempts()).isZero();
    }

    @Test
    void aFailureWhileApplyingAnAnswerLeavesTheCaseLeasedToBeAskedAgain() {
        Payment payment = f.aPayment(SHOP, T0);
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        gateway.then(() -> {
            // The transaction that would apply the answer is aborted.
            f.transactions.failNextBeforeWork(new PersistenceFailure(OutcomeClass.RETRYABLE, "lock wait", null));
            return says(ChannelTradeStatus.SUCCESS, 1999).get();
        }).then(says(ChannelTradeStatus.SUCCESS, 1999));

        ResolverRun first = resolver.resolveDue();

        assertThat(first).isEqualTo(new ResolverRun(1, 1, 0, 0, 0, 1));
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(f.resolver().resolveDue().claimed()).as("still leased").isZero();
        f.clock.advance(Duration.ofMinutes(1));
        assertThat(resolver.resolveDue().resolved()).as("the lease ran out: due and asked again").isEqualTo(1);
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    @Test
    void aPaymentThatKeptChangingWhileTheAnswerWasAppliedLeavesItsCaseLeasedForTheNextRun() {
        Payment payment = f.aPayment(SHOP, T0);
        gateway.then(says(ChannelTradeStatus.SUCCESS, 1999));
        f.clock.advance(STALE_AFTER.plusSeconds(1));
        f.payments.loseNextUpdates(ApplyChannelReportUseCase.MAX_REREADS);

        ResolverRun run = resolver.resolveDue();

        assertThat(run).isEqualTo(new ResolverRun(1, 1, 0, 0, 0, 1));
        assertThat(f.statusOf(payment)).isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
    }
}
