package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase.DiscardCommand;
import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.event.EventId;
import java.time.Clock;
import java.util.List;

/**
 * The quarantine page's repairs of outbox events. It implements {@link DiscardQuarantinedMessageUseCase} only through
 * {@link OutboxServices}' method reference, so that each port is a bean of its own.
 */
class QuarantineService implements ReplayQuarantinedMessageUseCase {

    private final OutboxQuarantine outbox;
    private final AuditedActions actions;

    QuarantineService(OutboxQuarantine outbox, AuditTrail audit, Transactions transactions, Clock clock) {
        this.outbox = outbox;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public ActionResult replay(ReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay");
        requireExists(command.eventId());
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY", AUDIT_SUBJECT,
                        command.eventId().toString(), command.reason().text()),
                now -> outbox.release(command.eventId(), now)
                        ? new Outcome("REPLAYED", "queued for sending again with the same event id")
                        : new Outcome("NOT_QUARANTINED", "no longer quarantined: nothing changed"));
    }

    @Override
    public ActionResult replayAll(BulkReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay");
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY_ALL", AUDIT_SUBJECT, "*",
                command.reason().text()), now -> {
            List<EventId> ids = outbox.oldestQuarantined(command.confirmedCount());
            int replayed = 0;
            for (EventId id : ids) {
                boolean released = outbox.release(id, now);
                if (released) {
                    replayed++;
                }
                // Each event gets its own line, so its page shows the replay; in this same transaction.
                actions.recordPart(new Action(command.actionKey().part(id.toString()), command.operator(), "REPLAY",
                        AUDIT_SUBJECT, id.toString(), command.reason().text()), now,
                        released ? new Outcome("REPLAYED", "bulk replay") : new Outcome("NOT_QUARANTINED", "bulk"));
            }
            return new Outcome("REPLAYED", replayed + " of " + command.confirmedCount() + " confirmed");
        });
    }

    public ActionResult discard(DiscardCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "discard");
        requireExists(command.eventId());
        return actions.run(new Action(command.actionKey(), command.operator(), "DISCARD", AUDIT_SUBJECT,
                        command.eventId().toString(), command.reason().text()),
                now -> outbox.discard(command.eventId(), now)
                        ? new Outcome("DISCARDED", "will not be sent")
                        : new Outcome("NOT_QUARANTINED", "no longer quarantined: nothing changed"));
    }

    private void requireExists(EventId eventId) {
        if (outbox.find(eventId).isEmpty()) {
            throw new NotFoundInConsole("no outbox event " + eventId);
        }
    }
}
