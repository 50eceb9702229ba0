package dev.tristate.application.shared.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import java.util.List;
import java.util.Optional;

/** The audit log of operator actions. Append-only. */
public interface AuditTrail {

    /**
     * Appends the entry, inside the caller's transaction (the one of the action's effect). An entry with the same
     * action key exists already: {@link PersistenceFailure.AlreadyExists}, and the caller's effect must roll back.
     */
    void record(AuditEntry entry);

    Optional<AuditEntry> findByActionKey(ActionKey key);

    /** Newest first; every filter field may be null. */
    Page<AuditEntry> search(Filter filter, PageRequest page);

    /** Every entry about one subject, oldest first. */
    List<AuditEntry> forSubject(String subjectType, String subjectId);

    record Filter(String operator, String action, String subjectId) {
        public Filter {
            operator = blankToNull(operator);
            action = blankToNull(action);
            subjectId = blankToNull(subjectId);
        }

        public static Filter none() {
            return new Filter(null, null, null);
        }

        private static String blankToNull(String s) {
            return s == null || s.isBlank() ? null : s.strip();
        }
    }
}
