package dev.tristate.application.outbox.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.event.EventId;
import java.util.Objects;

/**
 * Sends a quarantined outbox event again, with the same event id (consumers dedupe by it). OPERATOR only, reason
 * required, audited in the transaction of the replay, idempotent: the same form twice replays once, and replaying an
 * event that is no longer quarantined changes nothing (result NOT_QUARANTINED).
 */
public interface ReplayQuarantinedMessageUseCase {

    /** The audit log's subject type of a replay or discard; the subject id is the event id. */
    String AUDIT_SUBJECT = "outbox_event";

    ActionResult replay(ReplayCommand command);

    /** Replays the oldest quarantined events, at most {@code confirmedCount}: the count the person confirmed. */
    ActionResult replayAll(BulkReplayCommand command);

    record ReplayCommand(EventId eventId, Reason reason, Operator operator, ActionKey actionKey) {
        public ReplayCommand {
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record BulkReplayCommand(int confirmedCount, Reason reason, Operator operator, ActionKey actionKey) {
        public static final int MAX = 500;

        public BulkReplayCommand {
            if (confirmedCount < 1 || confirmedCount > MAX) {
                throw new IllegalArgumentException("a bulk replay covers 1 to " + MAX + " events");
            }
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }
}
