package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.PaymentStatisticsQuery;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.domain.payment.PaymentStatus;
import java.util.EnumMap;
import java.util.Map;

class PaymentStatisticsService implements PaymentStatisticsQuery {

    private final PaymentRepository payments;

    PaymentStatisticsService(PaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public Map<PaymentStatus, Long> paymentsByStatus() {
        Map<PaymentStatus, Long> counts = new EnumMap<>(PaymentStatus.class);
        for (PaymentStatus status : PaymentStatus.values()) {
            counts.put(status, 0L);
        }
        payments.countByStatus(null).forEach(counts::put);
        return counts;
    }
}
