package dev.tristate.application.port.in;

import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.task.TaskKey;
import java.util.Objects;

/**
 * Replays or discards a quarantined consumer message or task: OPERATOR only, reason required, audited in the
 * transaction of the effect, idempotent. Replay makes it due again at once, for one more attempt by its runner, with
 * the same message (same event id: the consumer's inbox makes an already applied message a duplicate) or the same
 * task key. What is no longer quarantined is left alone (result NOT_QUARANTINED); the same form twice acts once.
 */
public interface ReleaseQuarantinedWorkUseCase {

    ActionResult replayDelivery(DeliveryCommand command);

    ActionResult discardDelivery(DeliveryCommand command);

    ActionResult replayTask(TaskCommand command);

    ActionResult discardTask(TaskCommand command);

    record DeliveryCommand(String consumer, String deliveryKey, Reason reason, Operator operator,
                           ActionKey actionKey) {
        public DeliveryCommand {
            if (consumer == null || consumer.isBlank() || deliveryKey == null || deliveryKey.isBlank()) {
                throw new IllegalArgumentException("the consumer and the delivery key are required");
            }
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record TaskCommand(TaskKey taskKey, Reason reason, Operator operator, ActionKey actionKey) {
        public TaskCommand {
            Objects.requireNonNull(taskKey, "task key");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }
}
