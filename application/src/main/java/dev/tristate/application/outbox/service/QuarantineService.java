package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.domain.console.OutboxEventView;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outbox.OutboxStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** The quarantine page's reads and repairs (outbox events; consumer messages and tasks join when they exist). */
public class QuarantineService implements QuarantineQuery, ReplayQuarantinedMessageUseCase,
        DiscardQuarantinedMessageUseCase {

    public static final String SUBJECT = "outbox_event";

    private final OutboxQuarantine outbox;
    private final AuditedActions actions;

    public QuarantineService(OutboxQuarantine outbox, AuditTrail audit, Transactions transactions, Clock clock) {
        this.outbox = outbox;
        this.actions = new AuditedActions(audit, transactions, clock);
    }

    @Override
    public Page<OutboxEventView> quarantinedEvents(TenantId tenantOrNull, String eventTypeOrNull, PageRequest page) {
        return outbox.search(OutboxStatus.QUARANTINED, tenantOrNull, eventTypeOrNull, page);
    }

    @Override
    public Optional<OutboxEventView> outboxEvent(EventId eventId) {
        return outbox.find(eventId);
    }

    @Override
    public long countQuarantined() {
        return outbox.countQuarantined();
    }

    @Override
    public ActionResult replay(ReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay");
        requireExists(command.eventId());
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY", SUBJECT,
                        command.eventId().toString(), command.reason().text()),
                now -> outbox.release(command.eventId(), now)
                        ? new Outcome("REPLAYED", "queued for sending again with the same event id")
                        : new Outcome("NOT_QUARANTINED", "no longer quarantined: nothing changed"));
    }

    @Override
    public ActionResult replayAll(BulkReplayCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "replay");
        return actions.run(new Action(command.actionKey(), command.operator(), "REPLAY_ALL", SUBJECT, "*",
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
                        SUBJECT, id.toString(), command.reason().text()), now,
                        released ? new Outcome("REPLAYED", "bulk replay") : new Outcome("NOT_QUARANTINED", "bulk"));
            }
            return new Outcome("REPLAYED", replayed + " of " + command.confirmedCount() + " confirmed");
        });
    }

    @Override
    public ActionResult discard(DiscardCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "discard");
        requireExists(command.eventId());
        return actions.run(new Action(command.actionKey(), command.operator(), "DISCARD", SUBJECT,
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
