package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A {@link TaskStore} in memory, held to the same contract as the MyBatis adapter. */
public class InMemoryTaskStore implements TaskStore, InMemoryTransactions.Participant {

    private final Map<TaskKey, Task> rows = new LinkedHashMap<>();

    @Override
    public synchronized void insert(Task task) {
        if (rows.putIfAbsent(task.key(), task) != null) {
            throw new PersistenceFailure.AlreadyExists("task exists", null);
        }
    }

    @Override
    public synchronized Optional<Task> find(TaskKey key) {
        return Optional.ofNullable(rows.get(key));
    }

    @Override
    public synchronized boolean update(Task next) {
        Task current = rows.get(next.key());
        if (current == null || current.version() != next.version() - 1) {
            return false;
        }
        rows.put(next.key(), next);
        return true;
    }

    @Override
    public synchronized List<Task> findDue(Instant now, int limit) {
        return rows.values().stream().filter(t -> t.status() == TaskStatus.PENDING && !t.nextRunAt().isAfter(now))
                .sorted(Comparator.comparing(Task::nextRunAt)).limit(limit).toList();
    }

    @Override
    public synchronized List<Task> findByStatus(TaskStatus status, int limit) {
        return rows.values().stream().filter(t -> t.status() == status)
                .sorted(Comparator.comparing(Task::nextRunAt).reversed()).limit(limit).toList();
    }

    @Override
    public synchronized long count(TaskStatus status) {
        return rows.values().stream().filter(t -> t.status() == status).count();
    }

    @Override
    public synchronized List<Task> forPayment(TenantId tenantId, PaymentId paymentId) {
        return rows.values().stream().filter(t -> t.tenantId().equals(tenantId) && t.paymentId().equals(paymentId))
                .sorted(Comparator.comparing(Task::createdAt)).toList();
    }

    public synchronized List<Task> all() {
        return List.copyOf(rows.values());
    }

    @Override
    public synchronized Object snapshot() {
        return new LinkedHashMap<>(rows);
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized void restore(Object snapshot) {
        rows.clear();
        rows.putAll((Map<TaskKey, Task>) snapshot);
    }
}
