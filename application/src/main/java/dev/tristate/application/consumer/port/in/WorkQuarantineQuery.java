package dev.tristate.application.consumer.port.in;

import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import java.util.List;
import java.util.Optional;

/**
 * For the admin console: consumer messages and tasks given up on (quarantined), beside the outbox's
 * ({@link QuarantineQuery}). A delivery comes whole: body, headers, consumer, last error and attempt history.
 */
public interface WorkQuarantineQuery {

    /** Quarantined consumer deliveries, the most recently changed first. */
    List<ConsumerDelivery> quarantinedDeliveries(int limit);

    Optional<ConsumerDelivery> delivery(String consumer, String deliveryKey);

    long countQuarantinedDeliveries();

    /** Quarantined tasks, the most recently quarantined first. */
    List<Task> quarantinedTasks(int limit);

    Optional<Task> task(TaskKey key);

    long countQuarantinedTasks();
}
