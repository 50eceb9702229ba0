package dev.tristate.application.refund.port.out;

import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Reconciliation's view of the refunds (REFUND_MISMATCH): the statement's REFUND lines compared with our refund
 * records, and the repair that asks the channel about the refund. A build without refunds supplies
 * {@link #notAvailable(String)}: the class is skipped, the refund lines are counted but not compared, and every run
 * says so.
 */
public interface RefundLedgerView {

    /** Empty when this view can answer; else why not (the run records it as a skipped check). */
    Optional<String> unavailableBecause();

    /**
     * The refund lines of the statement of {@code day} that disagree with our refund records, and our refunds that
     * succeeded on that day without a line, each with why.
     */
    List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day, List<StatementLine> refundLines);

    /** Asks the channel about the refund of this mismatch; returns what it did. */
    String queryRefund(TenantId tenantId, String channel, String subject, String operator, String reason);

    /**
     * {@code subject}: the key of the mismatch within its class (the refund's out_trade_no or trade_no);
     * {@code paymentId}: null when the line names no payment id of ours.
     */
    record RefundMismatch(StatementLine line, String subject, PaymentId paymentId, String detail) {
        public RefundMismatch {
            Objects.requireNonNull(subject, "subject");
            Objects.requireNonNull(detail, "detail");
        }
    }

    static RefundLedgerView notAvailable(String why) {
        return new RefundLedgerView() {
            @Override
            public Optional<String> unavailableBecause() {
                return Optional.of(why);
            }

            @Override
            public List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day,
                                                List<StatementLine> refundLines) {
                throw new IllegalStateException("refunds are not available: " + why);
            }

            @Override
            public String queryRefund(TenantId tenantId, String channel, String subject, String operator,
                                      String reason) {
                throw new IllegalStateException("refunds are not available: " + why);
            }
        };
    }
}
