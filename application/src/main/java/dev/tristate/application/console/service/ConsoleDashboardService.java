package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.ConsoleDashboardQuery;
import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.outbox.OutboxBacklog;
import dev.tristate.domain.payment.PaymentStatus;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;

class ConsoleDashboardService implements ConsoleDashboardQuery {

    private final PaymentRepository payments;
    private final OutboxRelayStore outbox;
    private final ReviewCases reviewCases;
    private final DurabilityPostureQuery durability;
    private final RefundStore refunds;
    private final Clock clock;

    ConsoleDashboardService(PaymentRepository payments, OutboxRelayStore outbox, ReviewCases reviewCases,
                            DurabilityPostureQuery durability, RefundStore refunds, Clock clock) {
        this.payments = payments;
        this.outbox = outbox;
        this.reviewCases = reviewCases;
        this.durability = durability;
        this.refunds = refunds;
        this.clock = clock;
    }

    @Override
    public ConsoleDashboard dashboard() {
        Map<PaymentStatus, Long> byStatus = new EnumMap<>(PaymentStatus.class);
        for (PaymentStatus s : PaymentStatus.values()) {
            byStatus.put(s, 0L);
        }
        byStatus.putAll(payments.countByStatus(null));
        long unresolved = byStatus.entrySet().stream().filter(e -> e.getKey().isUnresolved())
                .mapToLong(Map.Entry::getValue).sum();
        OutboxBacklog backlog = outbox.backlog();
        RefundStore.OpenRefunds open = refunds.countOpen();
        return new ConsoleDashboard(byStatus, unresolved, backlog, backlog.oldestPendingAge(clock.instant()),
                reviewCases.countOpen(), durability.durabilityPosture(), open.pending(), open.unknown());
    }
}
