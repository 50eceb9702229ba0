package dev.tristate.application.resolution.service;

import static dev.tristate.application.resolution.service.ResolverFixture.CHANNEL;
import static dev.tristate.application.resolution.service.ResolverFixture.FIRST_QUERY_AFTER;
import static dev.tristate.application.resolution.service.ResolverFixture.SHOP;
import static dev.tristate.application.resolution.service.ResolverFixture.STALE_AFTER;
import static dev.tristate.application.resolution.service.ResolverFixture.T0;
import static dev.tristate.application.resolution.service.ScriptedQueries.timesOut;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A refund's case on in-memory fakes: the refund query's every answer, applied the way the refund request applies
 * it.
 */
class RefundResolverTest {

    private static final Money REFUNDED = Money.of(500, "CNY");

    private final ResolverFixture f = new ResolverFixture();
    private final ScriptedQueries gateway = f.gateway;
    private final ResolvePaymentsService resolver = f.resolver();
    private final Payment paid = PaymentTestData.aPendingPayment().withTenant(SHOP).withChannel(CHANNEL)
            .withAmount(1999, "CNY").withStatus(PaymentStatus.SUCCEEDED).withChannelTxnId("T-1")
            .withCreatedAt(T0).withPaidAt(T0).build();

    RefundResolverTest() {
        f.payments.insert(paid);
    }

    /** A refund whose channel call timed out: UNKNOWN, with its ledger entry and its case due after the first wait. */
    private Refund aRefundWhoseCallTimedOut() {
        Refund refund = aPendingRefund();
        // What the refund request writes down for a timed-out call: its ledger entry, its case and the refund UNKNOWN.
        Instant now = f.clock.instant().truncatedTo(ChronoUnit.MICROS);
        f.transactions.inTransaction(() -> {
            f.ledger.record(new UnknownOutcomeLedger.NewEntry(refund.tenantId(), refund.id(), refund.channel(),
                    UnknownOutcomeOrigin.REFUND_CHANNEL_CALL, refund.paymentId().value(), "read timed out", now));
            f.cases.open(refund.tenantId(), refund.id(), refund.channel(),
                    UnknownOutcomeOrigin.REFUND_CHANNEL_CALL.name(), now.plus(FIRST_QUERY_AFTER));
            f.refunds.markUnknown(refund, now);
        });
        f.clock.advance(FIRST_QUERY_AFTER);
        return refund;
    }

    private Refund aPendingRefund() {
        Refund refund = Refund.request(new RefundId(RefundId.PREFIX + UUID.randomUUID().toString().replace("-", "")),
                paid, REFUNDED, "damaged", T0);
        f.refunds.insert(refund);
        return refund;
    }

    private RefundStatus statusOf(Refund refund) {
        return f.refunds.find(SHOP, refund.id()).orElseThrow().status();
    }

    private ResolutionCases.CaseView caseOf(Refund refund) {
        return f.cases.find(SHOP, refund.id()).orElseThrow();
    }

    private ResolutionCases.Attempt lastQueryOf(Refund refund) {
        var history = f.cases.history(SHOP, refund.id());
        return history.get(history.size() - 1);
    }

    @Test
    void aRefundTheChannelConfirmsSucceedsAndItsCaseIsResolved() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(() -> new RefundAnswer.Succeeded("ch-r1", REFUNDED, T0, "{}"));

        ResolverRun run = resolver.resolveDue();

        assertThat(run).isEqualTo(new ResolverRun(0, 1, 1, 0, 0, 0, Map.of("REFUND_SUCCESS", 1)));
        assertThat(gateway.refundsAsked).containsExactly(refund.id() + "@m-shop");
        assertThat(statusOf(refund)).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(f.statusOf(paid)).isEqualTo(PaymentStatus.PARTIALLY_REFUNDED);
        assertThat(caseOf(refund).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(lastQueryOf(refund).answer()).isEqualTo("REFUND_SUCCESS");
        assertThat(lastQueryOf(refund).effect()).isEqualTo("SUCCEEDED");
        assertThat(f.ledger.rows()).singleElement().satisfies(e -> assertThat(e.open()).isFalse());
    }

    @Test
    void aRefundTheChannelNeverSawFailsAndItsCaseIsResolved() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(() -> new RefundAnswer.NotFound("{}"));

        resolver.resolveDue();

        assertThat(statusOf(refund)).isEqualTo(RefundStatus.FAILED);
        assertThat(f.statusOf(paid)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(caseOf(refund).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(lastQueryOf(refund).answer()).isEqualTo("REFUND_NOT_FOUND");
        assertThat(lastQueryOf(refund).effect()).isEqualTo("FAILED");
    }

    @Test
    void aRefundQueryThatTimesOutNeverFailsTheRefund() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(timesOut());

        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);

        assertThat(statusOf(refund)).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(caseOf(refund).status()).isEqualTo(ResolutionStatus.OPEN);
        assertThat(lastQueryOf(refund).answer()).isEqualTo("NO_ANSWER");
    }

    @Test
    void aRefundStillProcessingIsAskedAgainUntilTheScheduleIsUsedUpThenFlagged() {
        Refund refund = aRefundWhoseCallTimedOut();
        for (int i = 0; i < 3; i++) {
            gateway.thenRefund(() -> new RefundAnswer.Processing("{}"));
        }

        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        f.clock.advance(Duration.ofMinutes(1));
        assertThat(resolver.resolveDue().rescheduled()).isEqualTo(1);
        f.clock.advance(Duration.ofMinutes(5));
        assertThat(resolver.resolveDue().flagged()).isEqualTo(1);

        assertThat(statusOf(refund)).as("out of patience is not evidence").isEqualTo(RefundStatus.UNKNOWN);
        assertThat(caseOf(refund).status()).isEqualTo(ResolutionStatus.FLAGGED);
        assertThat(caseOf(refund).lastResult()).contains("schedule used up after 3 queries");
        assertThat(lastQueryOf(refund).answer()).isEqualTo("REFUND_PROCESSING");
    }

    @Test
    void everyAnswerOfTheRefundQueryIsKeptWithTheRefundInTheChannelsOwnWordsTheLatestWinning() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(() -> new RefundAnswer.Processing("{\"refund_status\":\"REFUND_PROCESSING\"}"));
        gateway.thenRefund(() -> new RefundAnswer.Succeeded("ch-r1", REFUNDED, T0,
                "{\"refund_status\":\"REFUND_SUCCESS\",\"refund_no\":\"ch-r1\"}"));
        Instant firstAsked = f.clock.instant().truncatedTo(ChronoUnit.MICROS);

        resolver.resolveDue();

        Refund processing = f.refunds.find(SHOP, refund.id()).orElseThrow();
        assertThat(processing.status()).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(processing.lastAnswer().text()).isEqualTo("{\"refund_status\":\"REFUND_PROCESSING\"}");
        assertThat(processing.lastAnswer().receivedAt()).isEqualTo(firstAsked);

        f.clock.advance(Duration.ofMinutes(1));
        resolver.resolveDue();

        Refund succeeded = f.refunds.find(SHOP, refund.id()).orElseThrow();
        assertThat(succeeded.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(succeeded.lastAnswer().text()).contains("\"refund_no\":\"ch-r1\"");
        assertThat(succeeded.lastAnswer().receivedAt()).isEqualTo(firstAsked.plus(Duration.ofMinutes(1)));
    }

    @Test
    void anAnswerAboutARefundSettledWhileTheChannelWasAskedIsKeptThoughItChangesNothing() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(() -> {
            f.refunds.markFailed(refund, "refused by the channel: settled by another path", f.clock.instant());
            return new RefundAnswer.Refused("REFUND_REFUSED", "{\"code\":\"REFUND_REFUSED\"}");
        });

        resolver.resolveDue();

        Refund settled = f.refunds.find(SHOP, refund.id()).orElseThrow();
        assertThat(lastQueryOf(refund).effect()).isEqualTo("ALREADY_SETTLED");
        assertThat(settled.failureReason()).isEqualTo("refused by the channel: settled by another path");
        assertThat(settled.lastAnswer().text()).isEqualTo("{\"code\":\"REFUND_REFUSED\"}");
    }

    @Test
    void aRefundQueryThatTimesOutKeepsNoAnswer() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(timesOut());

        resolver.resolveDue();

        assertThat(f.refunds.find(SHOP, refund.id()).orElseThrow().lastAnswer()).as("a timeout is no answer")
                .isNull();
    }

    @Test
    void aRefundOfAnotherAmountAtTheChannelChangesNothingAndIsFlaggedForAPerson() {
        Refund refund = aRefundWhoseCallTimedOut();
        gateway.thenRefund(() -> new RefundAnswer.Succeeded("ch-r1", Money.of(400, "CNY"), T0, "{}"));

        assertThat(resolver.resolveDue().flagged()).isEqualTo(1);

        assertThat(statusOf(refund)).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(f.statusOf(paid)).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(lastQueryOf(refund).detail()).startsWith("MISMATCH");
    }

    @Test
    void aRefundWhoseCreateNeverCommittedIsResolvedWithoutAskingTheChannel() {
        RefundId neverStored = new RefundId(RefundId.PREFIX + "neverstored1");
        f.transactions.inTransaction(() -> {
            f.cases.open(SHOP, neverStored, CHANNEL, "REFUND_CREATE_COMMIT", T0);
        });

        assertThat(resolver.resolveDue().resolved()).isEqualTo(1);

        assertThat(gateway.refundsAsked).isEmpty();
        assertThat(f.cases.find(SHOP, neverStored).orElseThrow().lastResult()).isEqualTo("NOT_ASKED: refund never"
                + " stored (its create did not commit); nothing was sent to the channel");
    }

    @Test
    void aRefundSettledSinceItsCaseOpenedIsResolvedWithoutAskingTheChannel() {
        Refund refund = aRefundWhoseCallTimedOut();
        f.refundOutcomes.apply(refund, new RefundAnswer.Refused("insufficient balance", "{}"));

        resolver.resolveDue();

        assertThat(gateway.refundsAsked).isEmpty();
        assertThat(caseOf(refund).status()).isEqualTo(ResolutionStatus.RESOLVED);
        assertThat(caseOf(refund).lastResult()).isEqualTo("NOT_ASKED: refund already FAILED");
    }

    @Test
    void anOpenRefundNobodyAskedAboutForAWhileGetsACaseOfItsOwn() {
        Refund refund = aPendingRefund();
        gateway.thenRefund(() -> new RefundAnswer.Succeeded("ch-r1", REFUNDED, T0, "{}"));
        f.clock.advance(STALE_AFTER.plusSeconds(1));

        ResolverRun run = resolver.resolveDue();

        assertThat(run.opened()).isEqualTo(1);
        assertThat(caseOf(refund).reason()).isEqualTo("STALE_REFUND");
        assertThat(statusOf(refund)).isEqualTo(RefundStatus.SUCCEEDED);
    }
}
