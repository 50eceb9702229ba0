package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import java.util.List;
import java.util.Optional;

/** The console's lists and counts of quarantined consumer messages and tasks. */
class WorkQuarantineQueryService implements WorkQuarantineQuery {

    private final ConsumerDeliveryStore deliveries;
    private final TaskStore tasks;

    WorkQuarantineQueryService(ConsumerDeliveryStore deliveries, TaskStore tasks) {
        this.deliveries = deliveries;
        this.tasks = tasks;
    }

    @Override
    public List<ConsumerDelivery> quarantinedDeliveries(int limit) {
        return deliveries.findByStatus(DeliveryStatus.QUARANTINED, limit);
    }

    @Override
    public Optional<ConsumerDelivery> delivery(String consumer, String deliveryKey) {
        return deliveries.find(consumer, deliveryKey);
    }

    @Override
    public long countQuarantinedDeliveries() {
        return deliveries.count(DeliveryStatus.QUARANTINED);
    }

    @Override
    public List<Task> quarantinedTasks(int limit) {
        return tasks.findByStatus(TaskStatus.QUARANTINED, limit);
    }

    @Override
    public Optional<Task> task(TaskKey key) {
        return tasks.find(key);
    }

    @Override
    public long countQuarantinedTasks() {
        return tasks.count(TaskStatus.QUARANTINED);
    }
}
