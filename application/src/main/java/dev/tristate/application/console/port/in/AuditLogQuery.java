package dev.tristate.application.console.port.in;

import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;

/** The audit log, newest first; operator, action and subject filters may be blank. */
public interface AuditLogQuery {

    Page<AuditEntry> auditLog(String operator, String action, String subjectId, PageRequest page);
}
