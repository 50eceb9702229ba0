package dev.tristate.application.resolution.port.in;

import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

/**
 * A payment the resolver works on: its case, the queries made (oldest first) and the unknown outcomes that led to
 * it. {@code paymentStatus} is null when the payment was never stored (a create whose commit did not happen).
 */
public record UnknownCaseView(TenantId tenantId, PaymentOrRefundId paymentId, String channel, String paymentStatus,
                              ResolutionStatus status, String reason, int attempts, Instant nextQueryAt,
                              String lastResult, Instant openedAt, Instant updatedAt, List<QueryAttempt> history,
                              List<LedgerEntry> unknownOutcomes) {

    public UnknownCaseView {
        history = history == null ? List.of() : List.copyOf(history);
        unknownOutcomes = unknownOutcomes == null ? List.of() : List.copyOf(unknownOutcomes);
    }

    /** One status query: what the channel answered and what that did to the payment. */
    public record QueryAttempt(int attempt, Instant askedAt, String answer, String effect, String detail) {
    }

    /** One unknown outcome recorded for the payment. */
    public record LedgerEntry(UnknownOutcomeOrigin origin, String reference, String detail, Instant occurredAt,
                              Instant resolvedAt, String resolution) {
    }
}
