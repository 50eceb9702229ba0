package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.ChannelTradeStatus.CLOSED;
import static dev.tristate.domain.payment.ChannelTradeStatus.SUCCESS;
import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.aReportFor;
import static dev.tristate.domain.payment.PaymentTestData.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.TransitionOutcome.Anomaly;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.RejectionReason;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Properties of the payment state machine over many channel histories, each run against a fresh payment.
 *
 * <p>The order-independence property draws only consistent histories, which never hold both SUCCESS and CLOSED. A
 * success after a close is deliberately order-dependent: SUCCEEDED on CLOSED is an ANOMALY held for review, while
 * CLOSED on SUCCEEDED is stale (see {@link PaymentTransitions}). The success-is-final property covers exactly those
 * mixed histories instead.
 */
class PaymentStateMachineProperties {

    private static final List<ChannelTradeStatus> ALL_REPORTS = List.of(ChannelTradeStatus.values());

    @Property(tries = 1000)
    void everyOrderOfAConsistentHistoryEndsInItsHighestPriorityState(
            @ForAll("consistentHistoryAndAPermutation") HistoryAndPermutation drawn) {
        PaymentStatus highest = drawn.history().stream()
                .map(ChannelTradeStatus::target)
                .max(Comparator.comparingInt(PaymentStatus::priority))
                .orElseThrow();

        PaymentStatus inDrawnOrder = run(aPendingPayment().build(), drawn.history()).payment().status();
        PaymentStatus permuted = run(aPendingPayment().build(), drawn.permutation()).payment().status();

        assertThat(inDrawnOrder).isEqualTo(highest);
        assertThat(permuted).isEqualTo(inDrawnOrder);
        Statistics.label("highest").collect(highest).coverage(coverage -> {
            for (ChannelTradeStatus status : ALL_REPORTS) {
                coverage.check(status.target()).percentage(percent -> percent > 5);
            }
        });
    }

    @Property(tries = 1000)
    void onceSucceededAPaymentStaysSucceededAndSucceedsAtMostOnce(@ForAll("anyHistory") List<ChannelTradeStatus> history) {
        Run run = run(aPendingPayment().build(), history);

        for (int step = 1; step < run.statuses().size(); step++) {
            if (run.statuses().get(step - 1) == PaymentStatus.SUCCEEDED) {
                assertThat(run.statuses().get(step)).as("status after step %d", step).isEqualTo(PaymentStatus.SUCCEEDED);
            }
        }
        long successEvents = run.events().stream().filter(e -> e.type() == EventType.PaymentSucceeded).count();
        assertThat(successEvents).isLessThanOrEqualTo(1);

        int firstSuccess = history.indexOf(SUCCESS);
        int firstClose = history.indexOf(CLOSED);
        String order;
        if (firstSuccess >= 0 && (firstClose < 0 || firstSuccess < firstClose)) {
            order = "success first";
            assertThat(successEvents).isEqualTo(1);
            assertThat(run.payment().status()).isEqualTo(PaymentStatus.SUCCEEDED);
        } else if (firstClose >= 0) {
            order = firstSuccess >= 0 ? "close, then success" : "close, no success";
            assertThat(successEvents).isZero();
            assertThat(run.payment().status()).isEqualTo(PaymentStatus.CLOSED);
            for (int step = firstClose + 1; step < history.size(); step++) {
                if (history.get(step) == SUCCESS) {
                    assertThat(run.outcomes().get(step)).as("outcome of step %d", step)
                            .isInstanceOfSatisfying(Anomaly.class, anomaly ->
                                    assertThat(anomaly.reason()).isEqualTo(AnomalyReason.SUCCESS_AFTER_CLOSE));
                }
            }
        } else {
            order = "neither";
            assertThat(successEvents).isZero();
        }
        Statistics.label("order").collect(order).coverage(coverage -> {
            coverage.check("success first").percentage(percent -> percent > 10);
            coverage.check("close, then success").percentage(percent -> percent > 10);
        });
    }

    @Property(tries = 1000)
    void refundsNeverExceedTheCapturedAmountAndRefundedMeansAllOfIt(
            @ForAll("capturedAmountAndRefunds") CapturedAndRefunds drawn) {
        Payment payment = aPendingPayment().withAmount(drawn.captured(), "CNY")
                .withStatus(PaymentStatus.SUCCEEDED).build();
        long sum = 0;

        for (int i = 0; i < drawn.refunds().size(); i++) {
            long refund = drawn.refunds().get(i);
            TransitionOutcome outcome = payment.applyRefund(new RefundId("rf-" + i), Money.of(refund, "CNY"), at(i));
            if (outcome instanceof Applied applied) {
                sum += refund;
                payment = applied.after();
                assertThat(payment.refunded().minor()).isEqualTo(sum);
            } else {
                assertThat(outcome).isInstanceOfSatisfying(Rejected.class, rejected -> assertThat(rejected.reason())
                        .isIn(RejectionReason.REFUND_EXCEEDS_CAPTURED, RejectionReason.NOTHING_LEFT_TO_REFUND));
                assertThat(sum + refund).as("a refund that fits is never rejected").isGreaterThan(drawn.captured());
            }
            assertThat(sum).isLessThanOrEqualTo(drawn.captured());
        }

        assertThat(payment.status() == PaymentStatus.REFUNDED).isEqualTo(sum == drawn.captured());
        assertThat(payment.status() == PaymentStatus.PARTIALLY_REFUNDED).isEqualTo(sum > 0 && sum < drawn.captured());
        String end = payment.status().name();
        Statistics.label("end").collect(end).coverage(coverage -> {
            coverage.check("REFUNDED").percentage(percent -> percent > 10);
            coverage.check("PARTIALLY_REFUNDED").percentage(percent -> percent > 10);
        });
    }

    @Property(tries = 1000)
    void eachEventIsRaisedAtMostOnceAndKeepsItsIdWhenTheSequenceIsReplayed(@ForAll("operations") List<Operation> ops) {
        Payment fresh = aPendingPayment().build();

        Run first = run(fresh, ops, at(0));
        Run replay = run(fresh, ops, at(3_600));

        List<EventId> ids = first.events().stream().map(PaymentEvent::eventId).collect(Collectors.toList());
        assertThat(ids).doesNotHaveDuplicates();
        for (EventType oneOff : EnumSet.of(EventType.PaymentSucceeded, EventType.PaymentFailed, EventType.PaymentClosed)) {
            assertThat(first.events().stream().filter(e -> e.type() == oneOff).count()).as(oneOff.name())
                    .isLessThanOrEqualTo(1);
        }
        long refundsApplied = first.outcomes().stream()
                .filter(o -> o instanceof Applied applied && applied.after().refunded().minor()
                        > applied.before().refunded().minor())
                .count();
        assertThat(first.events().stream().filter(e -> e.type() == EventType.RefundSucceeded).count())
                .isEqualTo(refundsApplied);
        assertThat(first.events()).allSatisfy(e -> assertThat(e.paymentId()).isEqualTo(fresh.id()));
        assertThat(replay.events().stream().map(PaymentEvent::eventId).collect(Collectors.toList())).isEqualTo(ids);
        Statistics.label("events").collect(ids.size() >= 2 ? "two or more" : "fewer")
                .coverage(coverage -> coverage.check("two or more").percentage(percent -> percent > 20));
    }

    // --- generators -------------------------------------------------------------------------------------------

    record HistoryAndPermutation(List<ChannelTradeStatus> history, List<ChannelTradeStatus> permutation) {
    }

    record CapturedAndRefunds(long captured, List<Long> refunds) {
    }

    /** One thing that can happen to a payment: a channel report, our own timeout, or a confirmed refund. */
    sealed interface Operation {
    }

    record Report(ChannelTradeStatus status) implements Operation {
    }

    record MarkUnknown() implements Operation {
    }

    record Refund(long minor) implements Operation {
    }

    @Provide
    Arbitrary<HistoryAndPermutation> consistentHistoryAndAPermutation() {
        return Arbitraries.of(SUCCESS, CLOSED)
                .flatMap(left -> Arbitraries.of(withoutStatus(left)).list().ofMinSize(1).ofMaxSize(12))
                .flatMap(history -> Arbitraries.shuffle(history)
                        .map(permutation -> new HistoryAndPermutation(history, permutation)));
    }

    @Provide
    Arbitrary<List<ChannelTradeStatus>> anyHistory() {
        return Arbitraries.of(ChannelTradeStatus.class).list().ofMinSize(1).ofMaxSize(15);
    }

    @Provide
    Arbitrary<CapturedAndRefunds> capturedAmountAndRefunds() {
        // Small amounts make "the refunds add up to exactly the captured amount" common, large ones cover the rest.
        Arbitrary<Long> captured = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(1, 20)),
                Tuple.of(1, Arbitraries.longs().between(21, 10_000_000)));
        return captured.flatMap(amount -> Arbitraries.longs().between(1, amount + amount / 2)
                .list().ofMaxSize(10)
                .map(refunds -> new CapturedAndRefunds(amount, refunds)));
    }

    @Provide
    Arbitrary<List<Operation>> operations() {
        Arbitrary<Operation> report = Arbitraries.of(ChannelTradeStatus.class).map(Report::new);
        Arbitrary<Operation> unknown = Arbitraries.just(new MarkUnknown());
        Arbitrary<Operation> refund = Arbitraries.longs().between(1, 4_000).map(Refund::new);
        return Arbitraries.frequencyOf(Tuple.of(5, report), Tuple.of(1, unknown), Tuple.of(2, refund))
                .list().ofMinSize(1).ofMaxSize(15);
    }

    private static Set<ChannelTradeStatus> withoutStatus(ChannelTradeStatus left) {
        return EnumSet.complementOf(EnumSet.of(left));
    }

    // --- running a sequence -----------------------------------------------------------------------------------

    /** The payment at the end, its status after each step (index 0 is the start), each outcome and all events. */
    record Run(Payment payment, List<PaymentStatus> statuses, List<TransitionOutcome> outcomes,
               List<PaymentEvent> events) {
    }

    private static Run run(Payment start, List<ChannelTradeStatus> history) {
        return run(start, history.stream().<Operation>map(Report::new).collect(Collectors.toList()), at(0));
    }

    private static Run run(Payment start, List<Operation> ops, Instant startTime) {
        Payment payment = start;
        List<PaymentStatus> statuses = new ArrayList<>(List.of(start.status()));
        List<TransitionOutcome> outcomes = new ArrayList<>();
        List<PaymentEvent> events = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Instant now = startTime.plusSeconds(i + 1);
            Operation op = ops.get(i);
            TransitionOutcome outcome;
            if (op instanceof Report report) {
                outcome = payment.apply(aReportFor(payment, report.status()), now);
            } else if (op instanceof Refund refund) {
                outcome = payment.applyRefund(new RefundId("rf-" + i), Money.of(refund.minor(), "CNY"), now);
            } else {
                outcome = payment.markUnknown(now);
            }
            if (outcome instanceof Applied applied) {
                payment = applied.after();
                events.addAll(applied.events());
            }
            outcomes.add(outcome);
            statuses.add(payment.status());
        }
        return new Run(payment, statuses, outcomes, events);
    }
}
