package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.PaymentStatus.CLOSED;
import static dev.tristate.domain.payment.PaymentStatus.FAILED;
import static dev.tristate.domain.payment.PaymentStatus.PARTIALLY_REFUNDED;
import static dev.tristate.domain.payment.PaymentStatus.PENDING;
import static dev.tristate.domain.payment.PaymentStatus.PROCESSING;
import static dev.tristate.domain.payment.PaymentStatus.REFUNDED;
import static dev.tristate.domain.payment.PaymentStatus.SUCCEEDED;
import static dev.tristate.domain.payment.PaymentStatus.UNKNOWN;
import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.aReportFor;
import static dev.tristate.domain.payment.PaymentTestData.at;
import static dev.tristate.domain.payment.PaymentTestData.channelStatusFor;
import static dev.tristate.domain.payment.TransitionRule.ANOMALY;
import static dev.tristate.domain.payment.TransitionRule.APPLY;
import static dev.tristate.domain.payment.TransitionRule.DUPLICATE;
import static dev.tristate.domain.payment.TransitionRule.REJECT;
import static dev.tristate.domain.payment.TransitionRule.STALE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PaymentTransitions.Row;
import dev.tristate.domain.payment.TransitionOutcome.Anomaly;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import dev.tristate.domain.payment.TransitionOutcome.Duplicate;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.RejectionReason;
import dev.tristate.domain.payment.TransitionOutcome.Stale;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PaymentTransitionsTest {

    private static final Instant NOW = at(300);

    static Stream<Row> rows() {
        return PaymentTransitions.rows().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyRowIsWhatTheAggregateDoes(Row row) {
        Payment payment = aPendingPayment().withStatus(row.from()).build();

        Optional<TransitionOutcome> asked = askFor(payment, row.to());
        assumeTrue(asked.isPresent(), "no method of Payment asks for " + row.to());
        TransitionOutcome outcome = asked.get();

        switch (row.rule()) {
            case APPLY -> {
                assertThat(outcome).isInstanceOf(Applied.class);
                Applied applied = (Applied) outcome;
                assertThat(applied.before()).isSameAs(payment);
                assertThat(applied.after().status()).isEqualTo(row.to());
                assertThat(applied.after().version()).isEqualTo(payment.version().next());
            }
            case DUPLICATE -> assertThat(outcome).isEqualTo(new Duplicate(row.from()));
            case STALE -> assertThat(outcome).isEqualTo(new Stale(row.from(), row.to()));
            case ANOMALY -> {
                assertThat(outcome).isInstanceOf(Anomaly.class);
                assertThat(((Anomaly) outcome).reason()).isEqualTo(AnomalyReason.SUCCESS_AFTER_CLOSE);
            }
            case REJECT -> {
                assertThat(outcome).isInstanceOf(Rejected.class);
                if (!row.from().isPaid()) {
                    assertThat(((Rejected) outcome).reason()).isEqualTo(RejectionReason.NOT_PAID);
                }
            }
        }
    }

    @Test
    void onlyTheRowTowardsPendingCannotBeAskedForThroughThePayment() {
        List<Row> unaskable = new ArrayList<>();
        for (Row row : PaymentTransitions.rows()) {
            if (askFor(aPendingPayment().withStatus(row.from()).build(), row.to()).isEmpty()) {
                unaskable.add(row);
            }
        }

        assertThat(unaskable).containsExactly(new Row(PENDING, PENDING, DUPLICATE));
    }

    @Test
    void theTableHasARowForEveryPairExceptTheMovesBackToPending() {
        List<String> missing = new ArrayList<>();
        for (PaymentStatus from : PaymentStatus.values()) {
            for (PaymentStatus to : PaymentStatus.values()) {
                if (PaymentTransitions.rows().stream().noneMatch(r -> r.from() == from && r.to() == to)) {
                    missing.add(from + "->" + to);
                }
            }
        }

        // Nothing asks for PENDING: a payment starts there and never returns (see onlyTheRowTowardsPending...).
        assertThat(missing).containsExactlyInAnyOrder(
                "UNKNOWN->PENDING", "PROCESSING->PENDING", "FAILED->PENDING", "CLOSED->PENDING",
                "SUCCEEDED->PENDING", "PARTIALLY_REFUNDED->PENDING", "REFUNDED->PENDING");
        assertThat(PaymentTransitions.rows()).hasSize(8 * 8 - missing.size());
    }

    @Test
    void aPairWithoutARowIsAProgrammingError() {
        assertThatThrownBy(() -> PaymentTransitions.rule(SUCCEEDED, PENDING))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("SUCCEEDED -> PENDING");
    }

    @Test
    void ruleReadsTheTable() {
        assertThat(PaymentTransitions.rule(PENDING, SUCCEEDED)).isEqualTo(APPLY);
        assertThat(PaymentTransitions.rule(SUCCEEDED, FAILED)).isEqualTo(STALE);
        assertThat(PaymentTransitions.rule(CLOSED, SUCCEEDED)).isEqualTo(ANOMALY);
        assertThat(PaymentTransitions.rule(PENDING, REFUNDED)).isEqualTo(REJECT);
        assertThat(PaymentTransitions.rule(FAILED, FAILED)).isEqualTo(DUPLICATE);
    }

    @Test
    void theTableAgreesWithPriorityExceptTheDocumentedExceptions() {
        assertThat(rowsDisagreeingWithTheJavadoc()).isEmpty();
    }

    @Test
    void eachTargetIsReachedFromExactlyTheSourcesTheTableApplies() {
        assertThat(sourcesThatApply(SUCCEEDED)).containsExactly(PENDING, UNKNOWN, PROCESSING, FAILED);
        assertThat(sourcesThatApply(CLOSED)).containsExactly(PENDING, UNKNOWN, PROCESSING, FAILED);
        assertThat(sourcesThatApply(FAILED)).containsExactly(PENDING, UNKNOWN, PROCESSING);
        assertThat(sourcesThatApply(UNKNOWN)).containsExactly(PENDING, PROCESSING);
        assertThat(sourcesThatApply(PARTIALLY_REFUNDED))
                .containsExactly(SUCCEEDED, PARTIALLY_REFUNDED);
        assertThat(sourcesThatApply(PENDING)).isEmpty();
    }

    @Test
    void theTableCannotBeChangedByItsReaders() {
        assertThatThrownBy(() -> PaymentTransitions.rows().add(new Row(SUCCEEDED, FAILED, APPLY)))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    private static List<PaymentStatus> sourcesThatApply(PaymentStatus to) {
        return PaymentTransitions.rows().stream().filter(row -> row.to() == to && row.rule() == APPLY)
                .map(Row::from).toList();
    }

    private static List<Row> rowsDisagreeingWithTheJavadoc() {
        List<Row> disagreeing = new ArrayList<>();
        for (Row row : PaymentTransitions.rows()) {
            if (documentedRule(row.from(), row.to()).filter(rule -> rule == row.rule()).isEmpty()) {
                disagreeing.add(row);
            }
        }
        return disagreeing;
    }

    /**
     * What the javadoc of {@link PaymentTransitions} says a row must be: APPLY towards a higher priority, STALE
     * towards a lower one, DUPLICATE for the same state, and then its bullets, each written out here.
     */
    private static Optional<TransitionRule> documentedRule(PaymentStatus from, PaymentStatus to) {
        if (from == CLOSED && to == SUCCEEDED) {
            return Optional.of(ANOMALY); // "SUCCEEDED on CLOSED is an ANOMALY"
        }
        if ((from == PARTIALLY_REFUNDED || from == REFUNDED) && to == SUCCEEDED) {
            return Optional.of(DUPLICATE); // "SUCCEEDED on a (partially) refunded payment is a DUPLICATE"
        }
        if (to == UNKNOWN) { // "UNKNOWN only moves a payment nobody has settled; a settled one stays"
            return Optional.of(from == UNKNOWN ? DUPLICATE : from.isUnresolved() ? APPLY : STALE);
        }
        if (to == PARTIALLY_REFUNDED || to == REFUNDED) { // "only from a payment with money left to refund"
            return Optional.of(from == SUCCEEDED || from == PARTIALLY_REFUNDED ? APPLY : REJECT);
        }
        if (from == to) {
            return Optional.of(DUPLICATE);
        }
        int comparison = Integer.compare(to.priority(), from.priority());
        return comparison > 0 ? Optional.of(APPLY) : comparison < 0 ? Optional.of(STALE) : Optional.empty();
    }

    /** Asks the payment for {@code to} the way production code would; empty when no method can ask for it. */
    private static Optional<TransitionOutcome> askFor(Payment payment, PaymentStatus to) {
        Money captured = payment.amount();
        long remaining = captured.minor() - payment.refunded().minor();
        RefundId refundId = new RefundId("rf-1");
        return switch (to) {
            case PENDING -> Optional.empty();
            case UNKNOWN -> Optional.of(payment.markUnknown(NOW));
            case PROCESSING, FAILED, CLOSED, SUCCEEDED ->
                    Optional.of(payment.apply(aReportFor(payment, channelStatusFor(to)), NOW));
            // One minor unit leaves some of the default amount unrefunded, whatever the source; a refunded payment
            // has nothing left, so one unit is also the smallest refund it could be asked for.
            case PARTIALLY_REFUNDED -> Optional.of(payment.applyRefund(refundId, Money.of(1, captured.currencyCode()), NOW));
            case REFUNDED -> Optional.of(payment.applyRefund(refundId,
                    Money.of(remaining > 0 ? remaining : 1, captured.currencyCode()), NOW));
        };
    }
}
