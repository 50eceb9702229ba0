package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryStatus;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A {@link ConsumerDeliveryStore} in memory, held to the same contract as the MyBatis adapter. */
public class InMemoryConsumerDeliveryStore implements ConsumerDeliveryStore, InMemoryTransactions.Participant {

    private record Key(String consumer, String deliveryKey) {
    }

    private final Map<Key, ConsumerDelivery> rows = new LinkedHashMap<>();
    private int updatesToLose;

    /** The next {@code count} updates find the row moved, as if another runner wrote it first. */
    public synchronized InMemoryConsumerDeliveryStore loseNextUpdates(int count) {
        updatesToLose = count;
        return this;
    }

    @Override
    public synchronized Optional<ConsumerDelivery> find(String consumer, String deliveryKey) {
        return Optional.ofNullable(rows.get(new Key(consumer, deliveryKey)));
    }

    @Override
    public synchronized void insert(ConsumerDelivery delivery) {
        if (rows.putIfAbsent(new Key(delivery.consumer(), delivery.deliveryKey()), delivery) != null) {
            throw new PersistenceFailure.AlreadyExists("delivery exists", null);
        }
    }

    @Override
    public synchronized boolean update(ConsumerDelivery next) {
        Key key = new Key(next.consumer(), next.deliveryKey());
        ConsumerDelivery current = rows.get(key);
        if (current == null || current.version() != next.version() - 1) {
            return false;
        }
        if (updatesToLose > 0) {
            updatesToLose--;
            return false;
        }
        rows.put(key, next);
        return true;
    }

    @Override
    public synchronized List<ConsumerDelivery> findDue(String consumer, Instant now, int limit) {
        return rows.values().stream()
                .filter(d -> d.consumer().equals(consumer) && d.status() == DeliveryStatus.RETRYING
                        && !d.nextAttemptAt().isAfter(now))
                .sorted(Comparator.comparing(ConsumerDelivery::nextAttemptAt)).limit(limit).toList();
    }

    @Override
    public synchronized List<ConsumerDelivery> findByStatus(DeliveryStatus status, int limit) {
        return rows.values().stream().filter(d -> d.status() == status)
                .sorted(Comparator.comparing(ConsumerDelivery::updatedAt).reversed()).limit(limit).toList();
    }

    @Override
    public synchronized List<ConsumerDelivery> forMessage(String messageId) {
        return rows.values().stream().filter(d -> messageId.equals(d.message().messageId()))
                .sorted(Comparator.comparing(ConsumerDelivery::createdAt)).toList();
    }

    @Override
    public synchronized long count(DeliveryStatus status) {
        return rows.values().stream().filter(d -> d.status() == status).count();
    }

    @Override
    public synchronized Object snapshot() {
        return new LinkedHashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows.clear();
        rows.putAll((Map<Key, ConsumerDelivery>) snapshot);
    }
}
