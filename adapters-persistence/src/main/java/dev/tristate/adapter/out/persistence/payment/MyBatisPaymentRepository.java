package dev.tristate.adapter.out.persistence.payment;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.jdbc.PaymentRow;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;

public class MyBatisPaymentRepository implements PaymentRepository {

    private final PaymentMapper mapper;
    private final CallbackStatements statements;

    public MyBatisPaymentRepository(PaymentMapper mapper, CallbackStatements statements) {
        this.mapper = mapper;
        this.statements = statements;
    }

    @Override
    public void insert(Payment payment) {
        translate(() -> mapper.insert(PaymentRowConverter.toRow(payment)));
    }

    /** On every callback: plain JDBC (CallbackStatements), not the mapper. */
    @Override
    public Optional<Payment> findById(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> Optional.ofNullable(statements.findPayment(tenantId.value(), paymentId.value()))
                .map(PaymentRowConverter::toDomain));
    }

    @Override
    public Optional<Payment> lockById(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> Optional.ofNullable(mapper.lockById(tenantId.value(), paymentId.value()))
                .map(PaymentRowConverter::toDomain));
    }

    @Override
    public Map<PaymentId, PaymentStatus> lockStatuses(TenantId tenantId, SortedSet<PaymentId> paymentIds) {
        if (paymentIds.isEmpty()) {
            return Map.of();
        }
        List<String> ids = paymentIds.stream().map(PaymentId::value).toList();
        Map<PaymentId, PaymentStatus> statuses = new HashMap<>();
        for (PaymentRow row : translate(() -> mapper.lockStatuses(tenantId.value(), ids))) {
            statuses.put(new PaymentId(row.id), PaymentStatus.valueOf(row.status));
        }
        return statuses;
    }

    @Override
    public Optional<TenantId> findOwner(PaymentId paymentId) {
        return translate(() -> Optional.ofNullable(mapper.findOwner(paymentId.value())).map(TenantId::new));
    }

    /** On every callback: plain JDBC (CallbackStatements), not the mapper. */
    @Override
    public boolean update(Payment before, Payment after) {
        if (!before.id().equals(after.id()) || !before.tenantId().equals(after.tenantId())) {
            throw new IllegalArgumentException("before and after must be the same payment");
        }
        return translate(() -> statements.updatePaymentWhereUnchanged(PaymentRowConverter.toRow(after),
                before.status().name(), before.version().value())) == 1;
    }

    @Override
    public Map<PaymentStatus, Long> countByStatus(TenantId tenantIdOrNull) {
        Map<PaymentStatus, Long> counts = new EnumMap<>(PaymentStatus.class);
        translate(() -> mapper.countByStatus(tenantIdOrNull == null ? null : tenantIdOrNull.value()))
                .forEach(row -> counts.put(PaymentStatus.valueOf(String.valueOf(column(row, "status"))),
                        ((Number) column(row, "n")).longValue()));
        return counts;
    }

    /** H2 and MySQL differ in the case of column labels in a map result. */
    private static Object column(Map<String, Object> row, String name) {
        Object value = row.get(name);
        return value != null ? value : row.get(name.toUpperCase(java.util.Locale.ROOT));
    }
}
