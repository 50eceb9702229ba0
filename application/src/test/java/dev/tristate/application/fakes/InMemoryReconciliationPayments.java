package dev.tristate.application.fakes;

import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** The payments paid during a statement day, read from the payment fake as they are stored now. */
public class InMemoryReconciliationPayments implements ReconciliationPayments {

    private final InMemoryPaymentRepository payments;

    public InMemoryReconciliationPayments(InMemoryPaymentRepository payments) {
        this.payments = payments;
    }

    @Override
    public List<Payment> paidBetween(TenantId tenantId, String channel, Instant from, Instant to) {
        return payments.all().stream()
                .filter(p -> p.tenantId().equals(tenantId) && p.channel().equals(channel) && p.paidAt() != null
                        && !p.paidAt().isBefore(from) && p.paidAt().isBefore(to))
                .sorted(Comparator.comparing(Payment::paidAt)).toList();
    }
}
