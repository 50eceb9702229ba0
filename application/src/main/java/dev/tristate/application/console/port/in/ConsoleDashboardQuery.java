package dev.tristate.application.console.port.in;

import dev.tristate.application.console.port.in.DurabilityPostureQuery.DurabilityPosture;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.payment.PaymentStatus;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** The console's first page: is anything unclean, and where. */
public interface ConsoleDashboardQuery {

    ConsoleDashboard dashboard();

    /**
     * {@code unresolvedPayments}: PENDING, PROCESSING and UNKNOWN together (the resolver's work list).
     * {@code quarantinedOutboxEvents} is also in the backlog. {@code refundsPending} and {@code refundsUnknown}: refunds
     * still waiting for the channel's answer (the resolver asks about them; none is ever assumed failed).
     */
    record ConsoleDashboard(Map<PaymentStatus, Long> paymentsByStatus, long unresolvedPayments,
                            OutboxBacklog outboxBacklog, Duration oldestPendingAge, long openReviewCases,
                            DurabilityPosture durabilityPosture, long refundsPending, long refundsUnknown) {
        public ConsoleDashboard {
            // In the enum's order (the state machine's), as the dashboard lists them.
            paymentsByStatus = Collections.unmodifiableMap(new EnumMap<>(paymentsByStatus));
        }
    }
}
