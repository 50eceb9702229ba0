package dev.tristate.domain.payment;

import static dev.tristate.domain.payment.PaymentStatus.CLOSED;
import static dev.tristate.domain.payment.PaymentStatus.FAILED;
import static dev.tristate.domain.payment.PaymentStatus.PARTIALLY_REFUNDED;
import static dev.tristate.domain.payment.PaymentStatus.PENDING;
import static dev.tristate.domain.payment.PaymentStatus.PROCESSING;
import static dev.tristate.domain.payment.PaymentStatus.REFUNDED;
import static dev.tristate.domain.payment.PaymentStatus.SUCCEEDED;
import static dev.tristate.domain.payment.PaymentStatus.UNKNOWN;
import static dev.tristate.domain.payment.TransitionRule.ANOMALY;
import static dev.tristate.domain.payment.TransitionRule.APPLY;
import static dev.tristate.domain.payment.TransitionRule.DUPLICATE;
import static dev.tristate.domain.payment.TransitionRule.REJECT;
import static dev.tristate.domain.payment.TransitionRule.STALE;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The payment state machine, in one table. Every pair (from, to) that the system can be asked for has a row; a pair
 * without a row is a programming error. Read it with {@link PaymentStatus#priority()}: APPLY where the target ranks
 * higher, STALE where it ranks lower, and these deliberate exceptions:
 * <ul>
 *   <li>SUCCEEDED on CLOSED is an ANOMALY: the channel says it took money for a payment we closed; a person decides.</li>
 *   <li>SUCCEEDED on a (partially) refunded payment is a DUPLICATE: it succeeded before it was refunded.</li>
 *   <li>UNKNOWN (our own call timed out) only moves a payment nobody has settled; a settled one stays.</li>
 *   <li>Refund targets are reached only from a payment with money left to refund (SUCCEEDED, PARTIALLY_REFUNDED);
 *   elsewhere, a REFUNDED payment included, they are REJECTed.</li>
 * </ul>
 */
public final class PaymentTransitions {

    /** One row of the table. */
    public record Row(PaymentStatus from, PaymentStatus to, TransitionRule rule) {
    }

    private static final List<Row> ROWS = List.of(
            //   from                 to                  rule
            row(PENDING,             PENDING,            DUPLICATE),
            row(PENDING,             UNKNOWN,            APPLY),
            row(PENDING,             PROCESSING,         APPLY),
            row(PENDING,             FAILED,             APPLY),
            row(PENDING,             CLOSED,             APPLY),
            row(PENDING,             SUCCEEDED,          APPLY),
            row(PENDING,             PARTIALLY_REFUNDED, REJECT),
            row(PENDING,             REFUNDED,           REJECT),

            row(UNKNOWN,             UNKNOWN,            DUPLICATE),
            row(UNKNOWN,             PROCESSING,         APPLY),
            row(UNKNOWN,             FAILED,             APPLY),
            row(UNKNOWN,             CLOSED,             APPLY),
            row(UNKNOWN,             SUCCEEDED,          APPLY),
            row(UNKNOWN,             PARTIALLY_REFUNDED, REJECT),
            row(UNKNOWN,             REFUNDED,           REJECT),

            row(PROCESSING,          UNKNOWN,            APPLY),
            row(PROCESSING,          PROCESSING,         DUPLICATE),
            row(PROCESSING,          FAILED,             APPLY),
            row(PROCESSING,          CLOSED,             APPLY),
            row(PROCESSING,          SUCCEEDED,          APPLY),
            row(PROCESSING,          PARTIALLY_REFUNDED, REJECT),
            row(PROCESSING,          REFUNDED,           REJECT),

            row(FAILED,              UNKNOWN,            STALE),
            row(FAILED,              PROCESSING,         STALE),
            row(FAILED,              FAILED,             DUPLICATE),
            row(FAILED,              CLOSED,             APPLY),
            row(FAILED,              SUCCEEDED,          APPLY),
            row(FAILED,              PARTIALLY_REFUNDED, REJECT),
            row(FAILED,              REFUNDED,           REJECT),

            row(CLOSED,              UNKNOWN,            STALE),
            row(CLOSED,              PROCESSING,         STALE),
            row(CLOSED,              FAILED,             STALE),
            row(CLOSED,              CLOSED,             DUPLICATE),
            row(CLOSED,              SUCCEEDED,          ANOMALY),
            row(CLOSED,              PARTIALLY_REFUNDED, REJECT),
            row(CLOSED,              REFUNDED,           REJECT),

            row(SUCCEEDED,           UNKNOWN,            STALE),
            row(SUCCEEDED,           PROCESSING,         STALE),
            row(SUCCEEDED,           FAILED,             STALE),
            row(SUCCEEDED,           CLOSED,             STALE),
            row(SUCCEEDED,           SUCCEEDED,          DUPLICATE),
            row(SUCCEEDED,           PARTIALLY_REFUNDED, APPLY),
            row(SUCCEEDED,           REFUNDED,           APPLY),

            row(PARTIALLY_REFUNDED,  UNKNOWN,            STALE),
            row(PARTIALLY_REFUNDED,  PROCESSING,         STALE),
            row(PARTIALLY_REFUNDED,  FAILED,             STALE),
            row(PARTIALLY_REFUNDED,  CLOSED,             STALE),
            row(PARTIALLY_REFUNDED,  SUCCEEDED,          DUPLICATE),
            row(PARTIALLY_REFUNDED,  PARTIALLY_REFUNDED, APPLY),
            row(PARTIALLY_REFUNDED,  REFUNDED,           APPLY),

            row(REFUNDED,            UNKNOWN,            STALE),
            row(REFUNDED,            PROCESSING,         STALE),
            row(REFUNDED,            FAILED,             STALE),
            row(REFUNDED,            CLOSED,             STALE),
            row(REFUNDED,            SUCCEEDED,          DUPLICATE),
            row(REFUNDED,            PARTIALLY_REFUNDED, REJECT),
            row(REFUNDED,            REFUNDED,           REJECT));

    private static final Map<PaymentStatus, Map<PaymentStatus, TransitionRule>> TABLE = index(ROWS);

    private PaymentTransitions() {
    }

    public static TransitionRule rule(PaymentStatus from, PaymentStatus to) {
        TransitionRule rule = TABLE.get(from).get(to);
        if (rule == null) {
            throw new IllegalArgumentException("no transition row for " + from + " -> " + to);
        }
        return rule;
    }

    public static List<Row> rows() {
        return ROWS;
    }

    private static Row row(PaymentStatus from, PaymentStatus to, TransitionRule rule) {
        return new Row(from, to, rule);
    }

    private static Map<PaymentStatus, Map<PaymentStatus, TransitionRule>> index(List<Row> rows) {
        Map<PaymentStatus, Map<PaymentStatus, TransitionRule>> table = new EnumMap<>(PaymentStatus.class);
        for (PaymentStatus status : PaymentStatus.values()) {
            table.put(status, new EnumMap<>(PaymentStatus.class));
        }
        for (Row row : rows) {
            if (table.get(row.from()).put(row.to(), row.rule()) != null) {
                throw new IllegalStateException("two rows for " + row.from() + " -> " + row.to());
            }
        }
        return table;
    }
}
