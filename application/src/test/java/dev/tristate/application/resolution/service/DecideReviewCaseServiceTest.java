package dev.tristate.application.resolution.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.CreateRefundCommand;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase.DecideReviewCaseCommand;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.console.ReviewDecision;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A review case decided on fakes: "refund at the channel" refunds what is left of a paid payment through the refund
 * flow once per case, with the refund id in its own audit entry; where Tristate cannot refund, nothing is asked of
 * the refund flow (or it refuses) and the entry says NOT_REFUNDED and why.
 */
class DecideReviewCaseServiceTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private static final Operator OPERATOR = new Operator("olivia", ConsoleRole.OPERATOR);

    private final InMemoryNotificationStores.Reviews reviews = new InMemoryNotificationStores.Reviews();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryTransactions transactions = new InMemoryTransactions(reviews, audit, payments);
    private final ScriptedRefunds refunds = new ScriptedRefunds();
    private final DecideReviewCaseUseCase service = ResolutionServices.decideReviewCase(reviews, audit,
            transactions, Clock.fixed(T0, ZoneOffset.UTC), payments, refunds);

    /** The refund flow, answering through the renderer it is given, as the real one does. */
    static final class ScriptedRefunds implements CreateRefundUseCase {
        final List<CreateRefundCommand> asked = new ArrayList<>();
        Function<CreateRefundCommand, IdempotentResponse> answer = c -> IdempotentResponse.fresh(c.renderer()
                .answered(Refund.request(new RefundId("ref_" + asked.size()), PaymentTestData.aPendingPayment()
                        .withStatus(PaymentStatus.SUCCEEDED).withChannelTxnId("txn-1")
                        .withPaidAt(PaymentTestData.at(60)).build(), PaymentTestData.DEFAULT_AMOUNT, "r", T0)));

        @Override
        public IdempotentResponse createRefund(CreateRefundCommand command) {
            asked.add(command);
            return answer.apply(command);
        }
    }

    private Payment stored(PaymentStatus status) {
        Payment p = status == PaymentStatus.PENDING ? PaymentTestData.aPendingPayment().build()
                : PaymentTestData.aPendingPayment().withStatus(status).withChannelTxnId("txn-1")
                        .withPaidAt(PaymentTestData.at(60)).build();
        payments.insert(p);
        return p;
    }

    private ReviewCase openCase(Payment p, AnomalyReason reason) {
        reviews.open(new ReviewCases.NewCase(PaymentTestData.DEFAULT_TENANT_ID, p == null ? null : p.id(),
                reviews.search(false, new PageRequest(0, 100)).items().size() + 1L, reason, "detail", T0));
        return reviews.search(false, new PageRequest(0, 100)).items().get(0);
    }

    private static DecideReviewCaseCommand decide(ReviewCase c, ReviewDecision decision, String key) {
        return new DecideReviewCaseCommand(c.id(), decision, new Reason("customer paid twice"), OPERATOR,
                new ActionKey(key));
    }

    private List<AuditEntry> refundEntries() {
        return audit.entries().stream().filter(e -> e.action().equals(DecideReviewCaseUseCase.REFUND_ACTION))
                .toList();
    }

    @Test
    void refundAtTheChannelRefundsWhatIsLeftOfAPaidPaymentOncePerCaseWithTheRefundIdAudited() {
        Payment paid = stored(PaymentStatus.SUCCEEDED);
        ReviewCase c = openCase(paid, AnomalyReason.AMOUNT_MISMATCH);
        String key = UUID.randomUUID().toString();

        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, key));
        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, key));
        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refunds.asked).singleElement().satisfies(command -> {
            assertThat(command.idempotencyKey().value()).isEqualTo("review-case-" + c.id());
            assertThat(command.paymentId()).isEqualTo(paid.id());
            assertThat(command.request().amountMinor()).isEqualTo(paid.amount().minor());
            assertThat(command.request().reason()).isEqualTo("review case #" + c.id() + ": customer paid twice");
        });
        assertThat(refundEntries()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo("PENDING");
            assertThat(e.detail()).isEqualTo("refund ref_1 at the channel for review case #" + c.id());
            assertThat(e.subjectId()).isEqualTo(Long.toString(c.id()));
            assertThat(e.actionKey().value()).isEqualTo(key + ":refund");
        });
        assertThat(reviews.find(c.id()).orElseThrow().open()).isFalse();
    }

    @Test
    void aPaymentNotPaidHereIsNotRefundedAndTheEntrySaysWhy() {
        ReviewCase c = openCase(stored(PaymentStatus.PENDING), AnomalyReason.AMOUNT_MISMATCH);

        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refunds.asked).isEmpty();
        assertThat(refundEntries()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo(DecideReviewCaseUseCase.NOT_REFUNDED);
            assertThat(e.detail()).isEqualTo("not refunded here: the payment is PENDING");
        });
    }

    @Test
    void aCaseWithoutAPaymentOfOursIsNotRefunded() {
        ReviewCase c = openCase(null, AnomalyReason.UNKNOWN_PAYMENT);

        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refunds.asked).isEmpty();
        assertThat(refundEntries()).singleElement().extracting(AuditEntry::detail)
                .isEqualTo("not refunded here: no payment of ours");
    }

    @Test
    void aRefusalOfTheRefundFlowIsNotRefundedWithItsReason() {
        ReviewCase c = openCase(stored(PaymentStatus.SUCCEEDED), AnomalyReason.AMOUNT_MISMATCH);
        refunds.answer = command -> IdempotentResponse.fresh(command.renderer()
                .rejected(new Rejection.ChannelNotConfigured("sandbox")));

        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refundEntries()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo(DecideReviewCaseUseCase.NOT_REFUNDED);
            assertThat(e.detail()).isEqualTo("not refunded here: the channel sandbox is not set up for this tenant");
        });
    }

    @Test
    void aChannelThatCannotBeReachedLeavesTheRefundToTheResolverAndSaysSo() {
        ReviewCase c = openCase(stored(PaymentStatus.SUCCEEDED), AnomalyReason.AMOUNT_MISMATCH);
        refunds.answer = command -> {
            throw new ChannelUnavailable("sandbox");
        };

        service.decide(decide(c, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refundEntries()).singleElement().extracting(AuditEntry::result).isEqualTo("CHANNEL_UNAVAILABLE");
    }

    @Test
    void otherDecisionsAndCasesDecidedAlreadyRefundNothing() {
        ReviewCase dismissed = openCase(stored(PaymentStatus.SUCCEEDED), AnomalyReason.AMOUNT_MISMATCH);

        service.decide(decide(dismissed, ReviewDecision.DISMISS, UUID.randomUUID().toString()));
        service.decide(decide(dismissed, ReviewDecision.REFUND_AT_CHANNEL, UUID.randomUUID().toString()));

        assertThat(refunds.asked).isEmpty();
        assertThat(refundEntries()).isEmpty();
    }
}
