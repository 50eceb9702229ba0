package dev.tristate.application.shared.port.in;

import dev.tristate.domain.console.AuditEntry;
import java.util.Objects;

/**
 * What became of an operator action: its audit entry (with the result) and whether this submission was a repeat of
 * one already done (same action key), in which case nothing was done again.
 */
public record ActionResult(AuditEntry entry, boolean repeated) {
    public ActionResult {
        Objects.requireNonNull(entry, "audit entry");
    }
}
