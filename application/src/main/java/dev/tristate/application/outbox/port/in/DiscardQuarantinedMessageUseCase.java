package dev.tristate.application.outbox.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.event.EventId;
import java.util.Objects;

/** Gives up on a quarantined outbox event for good: OPERATOR only, reason required, audited, idempotent. */
public interface DiscardQuarantinedMessageUseCase {

    ActionResult discard(DiscardCommand command);

    record DiscardCommand(EventId eventId, Reason reason, Operator operator, ActionKey actionKey) {
        public DiscardCommand {
            Objects.requireNonNull(eventId, "event id");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }
}
