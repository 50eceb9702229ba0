package dev.tristate.adapter.out.persistence.resolution;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Columns;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

public class MyBatisUnknownOutcomeLedger implements UnknownOutcomeLedger {

    private final UnknownOutcomeMapper mapper;

    public MyBatisUnknownOutcomeLedger(UnknownOutcomeMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public long record(NewEntry e) {
        UnknownOutcomeMapper.Row row = new UnknownOutcomeMapper.Row();
        row.tenantId = e.tenantId().value();
        row.paymentId = e.paymentId();
        row.channel = e.channel();
        row.origin = e.origin().name();
        row.reference = Columns.clip(e.reference(), 255);
        row.detail = Columns.clip(e.detail(), 512);
        row.occurredAt = Rows.utc(e.occurredAt());
        translate(() -> mapper.insert(row));
        return row.id;
    }

    @Override
    public int resolve(TenantId tenantId, String paymentId, String resolution, Instant resolvedAt) {
        return translate(() -> mapper.resolve(tenantId.value(), paymentId, Columns.clip(resolution, 512),
                Rows.utc(resolvedAt)));
    }

    @Override
    public List<Entry> forPayment(TenantId tenantId, String paymentId) {
        return translate(() -> mapper.forPayment(tenantId.value(), paymentId)).stream()
                .map(MyBatisUnknownOutcomeLedger::toEntry).toList();
    }

    @Override
    public List<Entry> recent(TenantId tenantIdOrNull, boolean openOnly, int limit) {
        return translate(() -> mapper.recent(tenantIdOrNull == null ? null : tenantIdOrNull.value(), openOnly, limit))
                .stream().map(MyBatisUnknownOutcomeLedger::toEntry).toList();
    }

    private static Entry toEntry(UnknownOutcomeMapper.Row r) {
        return new Entry(r.id, new TenantId(r.tenantId), r.paymentId, r.channel, UnknownOutcomeOrigin.valueOf(r.origin),
                r.reference, r.detail, Rows.instant(r.occurredAt), Rows.instant(r.resolvedAt), r.resolution);
    }
}
