package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.consumer.TaskMapper.TaskRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxRelayStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The task table and the tenants' webhook endpoints on MyBatis. A task written without a trace context of its own
 * stores the current one (the consumer's delivery, a refund's request ...), as the outbox does for its events.
 */
public class MyBatisTaskStore implements TaskStore, TenantWebhooks {

    private final TaskMapper mapper;
    private final ConsumerBatchStatements batches;
    private final TraceContext trace;

    public MyBatisTaskStore(TaskMapper mapper, ConsumerBatchStatements batches, TraceContext trace) {
        this.mapper = mapper;
        this.batches = batches;
        this.trace = trace;
    }

    @Override
    public void insert(Task task) {
        TaskRow row = toRow(traced(task, trace.traceparent().orElse(null)));
        translate(() -> mapper.insert(row));
    }

    @Override
    public void insertAll(List<Task> tasks) {
        if (tasks.isEmpty()) {
            return;
        }
        String current = trace.traceparent().orElse(null);
        List<TaskRow> rows = tasks.stream().map(task -> toRow(traced(task, current))).toList();
        translate(() -> batches.insertTasks(rows));
    }

    @Override
    public Optional<Task> find(TaskKey key) {
        return translate(() -> Optional.ofNullable(mapper.find(key.value()))).map(MyBatisTaskStore::toTask);
    }

    @Override
    public boolean update(Task next) {
        return translate(() -> mapper.update(toRow(next), next.version() - 1)) == 1;
    }

    @Override
    public List<Task> claimAll(List<Task> due, Instant until, Instant now) {
        if (due.isEmpty()) {
            return List.of();
        }
        List<ConsumerBatchStatements.TaskVersion> read = due.stream()
                .map(task -> new ConsumerBatchStatements.TaskVersion(task.key().value(), task.version())).toList();
        Set<String> claimed = translate(() -> batches.claimTasks(read, Rows.utc(until), Rows.utc(now)));
        return due.stream().filter(task -> claimed.contains(task.key().value()))
                .map(task -> task.claimedUntil(until, now)).toList();
    }

    @Override
    public List<Task> findDue(Instant now, int limit) {
        return translate(() -> mapper.findDue(Rows.utc(now), limit)).stream().map(MyBatisTaskStore::toTask).toList();
    }

    @Override
    public List<Task> findByStatus(TaskStatus status, int limit) {
        return translate(() -> mapper.findByStatus(status.name(), limit)).stream().map(MyBatisTaskStore::toTask)
                .toList();
    }

    @Override
    public long count(TaskStatus status) {
        return translate(() -> mapper.count(status.name()));
    }

    @Override
    public List<Task> forPayment(TenantId tenantId, PaymentId paymentId) {
        return translate(() -> mapper.forPayment(tenantId.value(), paymentId.value())).stream()
                .map(MyBatisTaskStore::toTask).toList();
    }

    @Override
    public Optional<URI> endpointOf(TenantId tenantId) {
        return translate(() -> Optional.ofNullable(mapper.findWebhook(tenantId.value()))).map(URI::create);
    }

    @Override
    public void setEndpoint(TenantId tenantId, URI endpoint, Instant now) {
        translate(() -> mapper.updateWebhook(tenantId.value(), endpoint.toString(), Rows.utc(now)) == 1 ? 1
                : mapper.insertWebhook(tenantId.value(), endpoint.toString(), Rows.utc(now)));
    }

    /** The task with its own trace context, or else the current one (which may be none). */
    private static Task traced(Task task, String current) {
        return task.traceparent() != null ? task : task.tracedBy(current);
    }

    private static TaskRow toRow(Task task) {
        TaskRow row = new TaskRow();
        row.taskKey = task.key().value();
        row.taskType = task.type();
        row.tenantId = task.tenantId().value();
        row.paymentId = task.paymentId().value();
        row.userId = task.userId();
        row.sku = task.sku();
        row.status = task.status().name();
        row.attempts = task.attempts();
        row.firstFailedAt = Rows.utc(task.firstFailedAt());
        row.nextRunAt = Rows.utc(task.nextRunAt());
        row.lastError = task.lastError() == null ? null : MyBatisOutboxRelayStore.truncate(task.lastError());
        row.createdAt = Rows.utc(task.createdAt());
        row.updatedAt = Rows.utc(task.updatedAt());
        row.version = task.version();
        row.traceParent = task.traceparent();
        return row;
    }

    private static Task toTask(TaskRow row) {
        return new Task(new TaskKey(row.taskKey), row.taskType, new TenantId(row.tenantId), new PaymentId(row.paymentId),
                row.userId, row.sku, TaskStatus.valueOf(row.status), row.attempts, Rows.instant(row.firstFailedAt),
                Rows.instant(row.nextRunAt), row.lastError, Rows.instant(row.createdAt), Rows.instant(row.updatedAt),
                row.version, row.traceParent);
    }
}
