package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.event.EventId;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An {@link Inbox} in memory, held to the same contract as the MyBatis adapter; rolls back with the unit of work. */
public class InMemoryInbox implements Inbox, InMemoryTransactions.Participant {

    private record Key(String consumer, EventId eventId) {
    }

    private final Map<Key, InboxEntry> rows = new HashMap<>();

    @Override
    public synchronized Optional<InboxEntry> find(String consumer, EventId eventId) {
        return Optional.ofNullable(rows.get(new Key(consumer, eventId)));
    }

    @Override
    public synchronized void record(InboxEntry entry) {
        if (rows.putIfAbsent(new Key(entry.consumer(), entry.eventId()), entry) != null) {
            throw new PersistenceFailure.AlreadyExists("inbox row exists", null);
        }
    }

    @Override
    public synchronized List<InboxEntry> forEvent(EventId eventId) {
        return rows.values().stream().filter(e -> e.eventId().equals(eventId))
                .sorted(Comparator.comparing(InboxEntry::processedAt)).toList();
    }

    public synchronized List<InboxEntry> all() {
        return List.copyOf(rows.values());
    }

    @Override
    public synchronized Object snapshot() {
        return new HashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows.clear();
        rows.putAll((Map<Key, InboxEntry>) snapshot);
    }
}
