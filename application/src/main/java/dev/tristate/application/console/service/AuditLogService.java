package dev.tristate.application.console.service;

import dev.tristate.application.console.port.in.AuditLogQuery;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;

class AuditLogService implements AuditLogQuery {

    private final AuditTrail audit;

    AuditLogService(AuditTrail audit) {
        this.audit = audit;
    }

    @Override
    public Page<AuditEntry> auditLog(String operator, String action, String subjectId, PageRequest page) {
        return audit.search(new AuditTrail.Filter(operator, action, subjectId), page);
    }
}
