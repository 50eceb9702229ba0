package dev.tristate.application.consumer.port.in;

import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.shared.port.in.ActionResult;
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

    /**
     * Replays the quarantined consumer messages the list shows (the newest), at most the confirmed count, each as a
     * single replay would and audited on its own besides the bulk action's entry; the same form twice acts once.
     */
    ActionResult replayAllDeliveries(BulkReplayCommand command);

    /** As {@link #replayAllDeliveries}, for quarantined tasks. */
    ActionResult replayAllTasks(BulkReplayCommand command);

    /**
     * The audit log's subject id for a delivery key or task key: the key itself when it fits the log's 64 characters,
     * else its first 47 characters, "~" and 16 hex digits of its SHA-256 (still readable, still distinct).
     */
    static String auditSubject(String key) {
        if (key.length() <= 64) {
            return key;
        }
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return key.substring(0, 47) + "~" + java.util.HexFormat.of().formatHex(hash, 0, 8);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

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
