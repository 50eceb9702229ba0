package dev.tristate.application.refund.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryIdempotencyStore;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.InMemoryTaskStore;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.InMemoryUnknownOutcomeLedger;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.CreateRefundCommand;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest;
import dev.tristate.application.refund.port.in.RefundResponseRenderer;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.idempotency.IdempotencyKey;
import dev.tristate.domain.idempotency.IdempotencyRecord.State;
import dev.tristate.domain.idempotency.RequestFingerprint;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.payment.TestIds;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The refund's create on in-memory fakes, with a failure injected at each place where its outcome can be unknown: the
 * channel call, the COMMIT of the refund, the COMMIT of the channel's answer. None of them is ever FAILED.
 */
class CreateRefundServiceTest {

    private static final Instant T0 = Instant.parse("2026-11-30T08:00:00.123456Z");
    private static final TenantId TENANT = PaymentTestData.DEFAULT_TENANT_ID;
    private static final String CHANNEL = PaymentTestData.DEFAULT_CHANNEL;

    private final Clock clock = Clock.fixed(T0, ZoneOffset.UTC);
    private final InMemoryIdempotencyStore keys = new InMemoryIdempotencyStore();
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final InMemoryUnknownOutcomeLedger ledger = new InMemoryUnknownOutcomeLedger();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final InMemoryTaskStore tasks = new InMemoryTaskStore();
    private final InMemoryTransactions fakes = new InMemoryTransactions(keys, payments, refunds, ledger, cases, outbox,
            tasks);
    private final CommitFailures transactions = new CommitFailures(fakes);
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final ScriptedChannel channel = new ScriptedChannel();
    private final RefundOutcomes outcomes = RefundServices.outcomes(refunds, payments, outbox, tasks, ledger, cases,
            transactions, clock, Duration.ofSeconds(30));
    private final CreateRefundService service = new CreateRefundService(
            IdempotencyServices.idempotentCommands(keys, transactions, clock, UUID::randomUUID,
                    IdempotencySettings.defaults()),
            payments, refunds, credentials, List.of(channel), outcomes, transactions, clock, TestIds.refundIds());
    private final Payment paid = PaymentTestData.aPendingPayment().withStatus(PaymentStatus.SUCCEEDED)
            .withChannelTxnId("txn-1").withPaidAt(PaymentTestData.at(60)).build();

    CreateRefundServiceTest() {
        credentials.bindAccount(TENANT, CHANNEL, "merchant-a", T0);
        payments.insert(paid);
    }

    /** Transactions that fail the n-th top-level one at COMMIT (its work kept: the outcome is unknown). */
    static final class CommitFailures implements Transactions {
        private final InMemoryTransactions delegate;
        private int calls;
        private int failAt = -1;
        private int depth;

        CommitFailures(InMemoryTransactions delegate) {
            this.delegate = delegate;
        }

        void failCommitOf(int nthFromNow) {
            failAt = calls + nthFromNow;
        }

        @Override
        public <T> T inTransaction(Workload workload, Supplier<T> work) {
            if (depth == 0 && ++calls == failAt) {
                delegate.failNextAtCommit(new PersistenceFailure(OutcomeClass.UNKNOWN,
                        "Communications link failure during commit", null));
            }
            depth++;
            try {
                return delegate.inTransaction(workload, work);
            } finally {
                depth--;
            }
        }
    }

    static final class ScriptedChannel implements ChannelGateway {
        final List<String> asked = new ArrayList<>();
        Function<RefundRequest, RefundAnswer> answer = r -> new RefundAnswer.Succeeded("ch-" + r.outRefundNo(),
                r.amount(), T0, "{}");
        Runnable whileAsked = () -> { };

        @Override
        public String channel() {
            return CHANNEL;
        }

        @Override
        public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
            throw new AssertionError("not here");
        }

        @Override
        public RefundAnswer refund(RefundRequest request, String merchantAccount) {
            asked.add(request.outRefundNo());
            whileAsked.run();
            return answer.apply(request);
        }
    }

    /** Renders "status STATUS refund_id" so that the tests can read the answer. */
    static final class Renderer implements RefundResponseRenderer {
        @Override
        public RenderedResponse answered(Refund refund) {
            return new RenderedResponse(refund.status().isOpen() ? 202 : 201,
                    refund.status() + " " + refund.id());
        }

        @Override
        public RenderedResponse rejected(Rejection rejection) {
            return new RenderedResponse(rejection instanceof Rejection.PaymentNotRefundable ? 409 : 422,
                    rejection.getClass().getSimpleName());
        }

        @Override
        public RenderedResponse outcomeUnknown(RefundId refundId, Money amount) {
            return new RenderedResponse(202, "UNKNOWN " + refundId);
        }
    }

    private IdempotentResponse refund(String key, long amount) {
        RefundRequest request = new RefundRequest(amount, "r", List.of());
        return service.createRefund(new CreateRefundCommand(TENANT, new IdempotencyKey(key),
                RequestFingerprint.of("POST", "/refunds", request.toString()), paid.id(), request, new Renderer()));
    }

    private static RefundId refundIdIn(IdempotentResponse answer) {
        return new RefundId(answer.response().body().split(" ")[1]);
    }

    private Refund stored(RefundId id) {
        return refunds.find(TENANT, id).orElseThrow();
    }

    @Test
    void aChannelTimeoutIsUnknownRecordedAndNeverFailed() {
        channel.answer = r -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };

        IdempotentResponse answer = refund("k-1", 400);

        assertThat(answer.response().status()).isEqualTo(202);
        assertThat(answer.response().body()).startsWith("UNKNOWN");
        RefundId id = refundIdIn(answer);
        assertThat(stored(id).status()).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(ledger.forPayment(TENANT, id)).singleElement()
                .satisfies(e -> assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.REFUND_CHANNEL_CALL));
        assertThat(cases.find(TENANT, id)).isPresent();
        assertThat(refunds.heldMinor(TENANT, paid.id())).isEqualTo(400);
        assertThat(payments.findById(TENANT, paid.id()).orElseThrow().refunded().minor()).isZero();
    }

    @Test
    void theRefundsCommitOfUnknownOutcomeIsAnswered202AndNotSentToTheChannel() {
        transactions.failCommitOf(2); // 1: the key's insert, 2: the refund's insert

        IdempotentResponse answer = refund("k-1", 400);

        assertThat(answer.response().status()).isEqualTo(202);
        assertThat(answer.response().body()).startsWith("UNKNOWN");
        RefundId id = refundIdIn(answer);
        assertThat(channel.asked).isEmpty();
        // The fake kept the commit's work: the refund exists and is UNKNOWN, not FAILED; the key stays in flight.
        assertThat(stored(id).status()).isEqualTo(RefundStatus.UNKNOWN);
        assertThat(ledger.forPayment(TENANT, id)).singleElement()
                .satisfies(e -> assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.REFUND_CREATE_COMMIT));
        assertThat(keys.find(TENANT, new IdempotencyKey("k-1")).orElseThrow().record().state())
                .isEqualTo(State.IN_FLIGHT);
    }

    @Test
    void theAnswersCommitOfUnknownOutcomeIsAnswered202AndTheRefundIsNeverFailed() {
        channel.whileAsked = () -> transactions.failCommitOf(1); // the transaction that applies the answer

        IdempotentResponse answer = refund("k-1", 400);

        assertThat(answer.response().status()).isEqualTo(202);
        assertThat(answer.response().body()).startsWith("UNKNOWN");
        RefundId id = refundIdIn(answer);
        assertThat(stored(id).status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(ledger.forPayment(TENANT, id)).extracting(e -> e.origin())
                .contains(UnknownOutcomeOrigin.REFUND_RESULT_COMMIT);
        assertThat(outbox.events()).singleElement()
                .satisfies(e -> assertThat(e.type()).isEqualTo(EventType.RefundSucceeded));
    }

    @Test
    void aPaymentThatMovedWhileTheAnswerWasAppliedAsksTheClientToRetryAndTheSameKeyContinues() {
        channel.whileAsked = () -> payments.loseNextUpdates(1);

        assertThatThrownBy(() -> refund("k-1", 400)).isInstanceOf(ChangedMeanwhile.class)
                .hasMessageContaining("moved under its lock");
        RefundId first = new RefundId(channel.asked.get(0));
        assertThat(stored(first).status()).as("the answer's transaction rolled back").isEqualTo(RefundStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
        assertThat(ledger.forPayment(TENANT, first)).as("a conflict is no unknown outcome").isEmpty();

        channel.whileAsked = () -> { };
        IdempotentResponse retried = refund("k-1", 400);

        assertThat(refundIdIn(retried)).isEqualTo(first);
        assertThat(stored(first).status()).isEqualTo(RefundStatus.SUCCEEDED);
    }

    @Test
    void aRefusedRefundFailsAndFreesItsAmount() {
        channel.answer = r -> new RefundAnswer.Refused("REFUND_REFUSED: no", "{}");

        IdempotentResponse refused = refund("k-1", 10_000);

        assertThat(refused.response().status()).isEqualTo(201);
        assertThat(stored(refundIdIn(refused)).status()).isEqualTo(RefundStatus.FAILED);
        assertThat(refunds.heldMinor(TENANT, paid.id())).isZero();
        channel.answer = new ScriptedChannel().answer;
        assertThat(refund("k-2", 10_000).response().body()).startsWith("SUCCEEDED");
        assertThat(payments.findById(TENANT, paid.id()).orElseThrow().status()).isEqualTo(PaymentStatus.REFUNDED);
        assertThat(tasks.find(dev.tristate.domain.task.TaskKey.entitlementsRevoked(paid.id()))).isPresent();
    }

    @Test
    void whenNothingReachedTheChannelTheSameKeyContinuesTheSameRefund() {
        channel.answer = r -> {
            throw new ChannelFailure(OutcomeClass.RETRYABLE, "Connection refused", null);
        };
        assertThatThrownBy(() -> refund("k-1", 400)).isInstanceOf(ChannelUnavailable.class);
        assertThat(channel.asked).hasSize(1);
        RefundId first = new RefundId(channel.asked.get(0));
        assertThat(stored(first).status()).isEqualTo(RefundStatus.PENDING);

        channel.answer = new ScriptedChannel().answer;
        IdempotentResponse retried = refund("k-1", 400);

        assertThat(refundIdIn(retried)).isEqualTo(first);
        assertThat(channel.asked).containsExactly(first.value(), first.value());
        assertThat(stored(first).status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(payments.findById(TENANT, paid.id()).orElseThrow().refunded().minor()).isEqualTo(400);
    }

    @Test
    void theChannelsAnswerToTheRequestIsKeptWithTheRefundEvenWhenItIsStillProcessing() {
        channel.answer = r -> new RefundAnswer.Processing("<xml><result_code>PROCESSING</result_code></xml>");

        IdempotentResponse answer = refund("k-1", 400);

        Refund kept = stored(refundIdIn(answer));
        assertThat(kept.status()).isEqualTo(RefundStatus.PENDING);
        assertThat(kept.lastAnswer().text()).isEqualTo("<xml><result_code>PROCESSING</result_code></xml>");
        assertThat(kept.lastAnswer().receivedAt()).isEqualTo(T0);
        assertThat(kept.updatedAt()).as("an answer is no settlement").isEqualTo(T0);
    }

    @Test
    void aRefusalIsKeptInTheChannelsWordsBesideWhyItFailed() {
        channel.answer = r -> new RefundAnswer.Refused("REFUND_REFUSED: no",
                "{\"code\":\"40004\",\"sub_msg\":\"no\"}");

        Refund failed = stored(refundIdIn(refund("k-1", 400)));

        assertThat(failed.status()).isEqualTo(RefundStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo("refused by the channel: REFUND_REFUSED: no");
        assertThat(failed.lastAnswer().text()).isEqualTo("{\"code\":\"40004\",\"sub_msg\":\"no\"}");
    }

    @Test
    void aChannelTimeoutKeepsNoAnswer() {
        channel.answer = r -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null);
        };

        assertThat(stored(refundIdIn(refund("k-1", 400))).lastAnswer()).isNull();
    }

    @Test
    void anAnswerWhoseEffectRolledBackIsNotKeptEither() {
        channel.whileAsked = () -> payments.loseNextUpdates(1);

        assertThatThrownBy(() -> refund("k-1", 400)).isInstanceOf(ChangedMeanwhile.class);

        assertThat(stored(new RefundId(channel.asked.get(0))).lastAnswer()).isNull();
    }
}
