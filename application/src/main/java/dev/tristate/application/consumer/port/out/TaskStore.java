package dev.tristate.application.consumer.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The task table: one row per task key, unique; every change a compare-and-set on the version. */
public interface TaskStore {

    /** {@link PersistenceFailure.AlreadyExists} when a task of this key exists. */
    void insert(Task task);

    /**
     * New tasks, inside the caller's unit of work; {@link PersistenceFailure.AlreadyExists} when any key exists, and
     * the unit of work must then be rolled back. An adapter should write them in one statement.
     */
    default void insertAll(List<Task> tasks) {
        tasks.forEach(this::insert);
    }

    Optional<Task> find(TaskKey key);

    /** Writes {@code next} only if the row is still at {@code next.version() - 1}; false otherwise. */
    boolean update(Task next);

    /**
     * Claims each of {@code due} that is still at the version it was read at, as {@code claimedUntil(until, now)}
     * writes it; returns the claimed tasks in the order given. A task changed since it was read (another runner
     * claimed it, an operator released it) is left alone and not returned. An adapter should claim them in one
     * statement.
     */
    default List<Task> claimAll(List<Task> due, Instant until, Instant now) {
        List<Task> claimed = new ArrayList<>(due.size());
        for (Task task : due) {
            Task next = task.claimedUntil(until, now);
            if (update(next)) {
                claimed.add(next);
            }
        }
        return claimed;
    }

    /** PENDING tasks due at {@code now}, the longest due first. */
    List<Task> findDue(Instant now, int limit);

    /** Tasks in this status, the most recently scheduled (for QUARANTINED: quarantined) first. */
    List<Task> findByStatus(TaskStatus status, int limit);

    long count(TaskStatus status);

    /** Every task of one payment (the console's timeline), oldest first. */
    List<Task> forPayment(TenantId tenantId, PaymentId paymentId);
}
