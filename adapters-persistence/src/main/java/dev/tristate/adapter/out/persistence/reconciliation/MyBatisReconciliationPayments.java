package dev.tristate.adapter.out.persistence.reconciliation;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.payment.PaymentRowConverter;
import dev.tristate.application.reconciliation.port.out.ReconciliationPayments;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

public class MyBatisReconciliationPayments implements ReconciliationPayments {

    private final ReconciliationMapper mapper;

    public MyBatisReconciliationPayments(ReconciliationMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public List<Payment> paidBetween(TenantId tenantId, String channel, Instant from, Instant to) {
        return translate(() -> mapper.paidBetween(tenantId.value(), channel, Rows.utc(from), Rows.utc(to))).stream()
                .map(PaymentRowConverter::toDomain).toList();
    }
}
