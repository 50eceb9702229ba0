package dev.tristate.domain.console;

import java.time.Instant;
import java.util.Objects;

/**
 * One line of the audit log: who did what, to what, why, when, and the result. Written in the transaction of the
 * action's effect; {@code actionKey} is unique, so one submitted form acts once.
 */
public record AuditEntry(ActionKey actionKey, String operator, String action, String subjectType, String subjectId,
                         String reason, String result, String detail, Instant at) {
    public AuditEntry {
        Objects.requireNonNull(actionKey, "action key");
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(subjectType, "subject type");
        Objects.requireNonNull(subjectId, "subject id");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(at, "time");
    }
}
