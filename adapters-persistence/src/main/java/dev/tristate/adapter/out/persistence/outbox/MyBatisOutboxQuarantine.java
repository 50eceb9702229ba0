package dev.tristate.adapter.out.persistence.outbox;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.outbox.OutboxQuarantineMapper.EventRow;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

public class MyBatisOutboxQuarantine implements OutboxQuarantine {

    private final OutboxQuarantineMapper mapper;

    public MyBatisOutboxQuarantine(OutboxQuarantineMapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public Page<OutboxEventView> search(OutboxStatus status, TenantId tenant, String eventType, PageRequest page) {
        String tenantId = tenant == null ? null : tenant.value();
        String type = eventType == null || eventType.isBlank() ? null : eventType.strip();
        return translate(() -> new Page<>(mapper.search(status.name(), tenantId, type, page.size(), page.offset())
                .stream().map(MyBatisOutboxQuarantine::toView).toList(), page,
                mapper.count(status.name(), tenantId, type)));
    }

    @Override
    public Optional<OutboxEventView> find(EventId eventId) {
        return translate(() -> Optional.ofNullable(mapper.find(eventId.toString())))
                .map(MyBatisOutboxQuarantine::toView);
    }

    @Override
    public List<OutboxEventView> forAggregate(TenantId tenantId, String aggregateId) {
        return translate(() -> mapper.forAggregate(tenantId.value(), aggregateId)).stream()
                .map(MyBatisOutboxQuarantine::toView).toList();
    }

    @Override
    public List<EventId> oldestQuarantined(int limit) {
        return translate(() -> mapper.oldestQuarantined(limit)).stream().map(EventId::of).toList();
    }

    @Override
    public long countQuarantined() {
        return translate(() -> mapper.count(OutboxStatus.QUARANTINED.name(), null, null));
    }

    @Override
    public boolean release(EventId eventId, Instant now) {
        return translate(() -> mapper.release(eventId.toString(), Rows.utc(now))) == 1;
    }

    @Override
    public boolean discard(EventId eventId, Instant now) {
        return translate(() -> mapper.discard(eventId.toString(), Rows.utc(now))) == 1;
    }

    private static OutboxEventView toView(EventRow row) {
        return new OutboxEventView(EventId.of(row.eventId), new TenantId(row.tenantId), row.aggregateId,
                row.eventType, OutboxStatus.valueOf(row.status), row.attempts, row.payload, row.lastError,
                Rows.instant(row.createdAt), Rows.instant(row.firstFailedAt), Rows.instant(row.quarantinedAt),
                Rows.instant(row.sentAt));
    }
}
