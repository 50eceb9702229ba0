package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper.InboxRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

public class MyBatisInbox implements Inbox {

    private final ConsumerMapper mapper;
    private final ConsumerBatchStatements batches;

    public MyBatisInbox(ConsumerMapper mapper, ConsumerBatchStatements batches) {
        this.mapper = mapper;
        this.batches = batches;
    }

    @Override
    public Optional<InboxEntry> find(String consumer, EventId eventId) {
        return translate(() -> Optional.ofNullable(mapper.findInbox(consumer, eventId.toString())))
                .map(MyBatisInbox::toEntry);
    }

    @Override
    public List<InboxEntry> forEvent(EventId eventId) {
        return translate(() -> mapper.inboxForEvent(eventId.toString())).stream().map(MyBatisInbox::toEntry).toList();
    }

    private static InboxEntry toEntry(InboxRow row) {
        return new InboxEntry(row.consumer, EventId.of(row.eventId), row.eventType, new TenantId(row.tenantId),
                new ContentHash(row.contentHash), row.outcome, Rows.instant(row.processedAt));
    }

    @Override
    public Map<EventId, InboxEntry> findAll(String consumer, Collection<EventId> eventIds) {
        if (eventIds.isEmpty()) {
            return Map.of();
        }
        List<String> ids = eventIds.stream().map(EventId::toString).toList();
        Map<EventId, InboxEntry> found = new HashMap<>();
        for (InboxRow row : translate(() -> mapper.findInboxes(consumer, ids))) {
            InboxEntry entry = toEntry(row);
            found.put(entry.eventId(), entry);
        }
        return found;
    }

    @Override
    public void recordAll(List<InboxEntry> entries) {
        if (!entries.isEmpty()) {
            List<InboxRow> rows = entries.stream().map(MyBatisInbox::toRow).toList();
            translate(() -> batches.insertInbox(rows));
        }
    }

    @Override
    public void record(InboxEntry entry) {
        InboxRow row = toRow(entry);
        translate(() -> mapper.insertInbox(row));
    }

    private static InboxRow toRow(InboxEntry entry) {
        InboxRow row = new InboxRow();
        row.consumer = entry.consumer();
        row.eventId = entry.eventId().toString();
        row.eventType = entry.eventType();
        row.tenantId = entry.tenantId().value();
        row.contentHash = entry.contentHash().sha256Hex();
        row.outcome = entry.outcome();
        row.processedAt = Rows.utc(entry.processedAt());
        return row;
    }
}
