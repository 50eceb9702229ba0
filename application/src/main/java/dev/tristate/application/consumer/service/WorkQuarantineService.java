package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.task.TaskStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The console's quarantine of consumer messages and tasks. Each action is a compare-and-set on the row's version in
 * the transaction that writes its audit entry: a row no longer quarantined (replayed, discarded or changed by a
 * runner meanwhile) is left alone and audited as NOT_QUARANTINED; the same form twice meets its action key.
 */
class WorkQuarantineService implements ReleaseQuarantinedWorkUseCase {

    static final String DELIVERY_SUBJECT = "consumer_delivery";
    static final String TASK_SUBJECT = "task";

    private final ConsumerDeliveryStore deliveries;
    private final TaskStore tasks;
    private final AuditedActions actions;

    WorkQuarantineService(ConsumerDeliveryStore deliveries, TaskStore tasks, AuditTrail audit,
                          Transactions transactions, Clock clock) {
        this.deliveries = deliveries;
        this.tasks = tasks;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult replayDelivery(DeliveryCommand command) {
        return onDelivery(command, "REPLAY_DELIVERY", "REPLAYED", (d, now) -> d.released(now,
                command.operator().username()));
    }

    @Override
    public ActionResult discardDelivery(DeliveryCommand command) {
        return onDelivery(command, "DISCARD_DELIVERY", "DISCARDED", (d, now) -> d.discarded(now,
                command.operator().username()));
    }

    @Override
    public ActionResult replayTask(TaskCommand command) {
        return onTask(command, "REPLAY_TASK", "REPLAYED", (t, now) -> t.released(now));
    }

    @Override
    public ActionResult discardTask(TaskCommand command) {
        return onTask(command, "DISCARD_TASK", "DISCARDED", (t, now) -> t.discarded(now));
    }

    /**
     * Replays the newest quarantined consumer messages (the ones the list shows), at most the count the person
     * confirmed: one audit entry for the bulk action and one per message (key {@code <key>:<n>}), each replay a
     * compare-and-set like a single replay, all in one transaction. The same form twice replays nothing again.
     */
    @Override
    public ActionResult replayAllDeliveries(BulkReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay all consumer messages");
        String by = command.operator().username();
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY_ALL_DELIVERIES",
                DELIVERY_SUBJECT, "*", command.reason().text()), now -> bulk(command,
                deliveries.findByStatus(DeliveryStatus.QUARANTINED, command.confirmedCount()), now,
                (d, key) -> new Action(key, command.operator(), "REPLAY_DELIVERY", DELIVERY_SUBJECT,
                        ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey()), command.reason().text()),
                d -> changeDelivery(d.consumer(), d.deliveryKey(), now, "REPLAYED", (c, t) -> c.released(t, by))));
    }

    /** As {@link #replayAllDeliveries}, for quarantined tasks. */
    @Override
    public ActionResult replayAllTasks(BulkReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay all tasks");
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY_ALL_TASKS", TASK_SUBJECT, "*",
                command.reason().text()), now -> bulk(command,
                tasks.findByStatus(TaskStatus.QUARANTINED, command.confirmedCount()), now,
                (t, key) -> new Action(key, command.operator(), "REPLAY_TASK", TASK_SUBJECT,
                        ReleaseQuarantinedWorkUseCase.auditSubject(t.key().value()), command.reason().text()),
                t -> changeTask(t.key(), now, "REPLAYED", (c, at) -> c.released(at))));
    }

    private <T> Outcome bulk(BulkReplayCommand command, List<T> items, Instant now,
                             BiFunction<T, ActionKey, Action> partOf, Function<T, Outcome> replay) {
        int replayed = 0;
        int n = 0;
        for (T item : items) {
            Outcome outcome = replay.apply(item);
            if ("REPLAYED".equals(outcome.result())) {
                replayed++;
            }
            // Each item gets its own line (its page's audit link shows it), in this same transaction.
            actions.recordPart(partOf.apply(item, command.actionKey().part(Integer.toString(n++))), now,
                    new Outcome(outcome.result(), "bulk replay: " + outcome.detail()));
        }
        return new Outcome("REPLAYED", replayed + " of " + command.confirmedCount() + " confirmed");
    }

    private interface Change<T> {
        T apply(T current, Instant now);
    }

    private ActionResult onDelivery(DeliveryCommand command, String action, String done,
                                    Change<ConsumerDelivery> change) {
        AuditedActions.requireRepairRole(command.operator(), action.toLowerCase().replace('_', ' '));
        deliveries.find(command.consumer(), command.deliveryKey()).orElseThrow(() -> new NotFoundInConsole(
                "no delivery " + command.deliveryKey() + " of consumer " + command.consumer()));
        return actions.run(new Action(command.actionKey(), command.operator(), action, DELIVERY_SUBJECT,
                ReleaseQuarantinedWorkUseCase.auditSubject(command.deliveryKey()), command.reason().text()),
                now -> changeDelivery(command.consumer(), command.deliveryKey(), now, done, change));
    }

    /** The change, only where the delivery is still quarantined: a compare-and-set on its version. */
    private Outcome changeDelivery(String consumer, String deliveryKey, Instant now, String done,
                                   Change<ConsumerDelivery> change) {
        ConsumerDelivery current = deliveries.find(consumer, deliveryKey).orElseThrow();
        if (current.status() != DeliveryStatus.QUARANTINED) {
            return new Outcome("NOT_QUARANTINED", "it is " + current.status());
        }
        return deliveries.update(change.apply(current, now))
                ? new Outcome(done, current.consumer() + ": " + current.message().type() + " "
                        + current.message().messageId() + " (attempts " + current.attempts() + ")")
                : new Outcome("NOT_QUARANTINED", "changed by someone else meanwhile");
    }

    private ActionResult onTask(TaskCommand command, String action, String done, Change<Task> change) {
        AuditedActions.requireRepairRole(command.operator(), action.toLowerCase().replace('_', ' '));
        tasks.find(command.taskKey()).orElseThrow(() -> new NotFoundInConsole("no task " + command.taskKey()));
        return actions.run(new Action(command.actionKey(), command.operator(), action, TASK_SUBJECT,
                ReleaseQuarantinedWorkUseCase.auditSubject(command.taskKey().value()), command.reason().text()),
                now -> changeTask(command.taskKey(), now, done, change));
    }

    /** The change, only where the task is still quarantined: a compare-and-set on its version. */
    private Outcome changeTask(TaskKey key, Instant now, String done, Change<Task> change) {
        Task current = tasks.find(key).orElseThrow();
        if (current.status() != TaskStatus.QUARANTINED) {
            return new Outcome("NOT_QUARANTINED", "it is " + current.status());
        }
        return tasks.update(change.apply(current, now))
                ? new Outcome(done, current.type() + " for payment " + current.paymentId().value()
                        + " (attempts " + current.attempts() + ")")
                : new Outcome("NOT_QUARANTINED", "changed by someone else meanwhile");
    }
}
