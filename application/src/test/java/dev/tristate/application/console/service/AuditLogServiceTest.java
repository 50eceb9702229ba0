package dev.tristate.application.console.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.PageRequest;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AuditLogServiceTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final AuditLogService service = new AuditLogService(audit);

    private AuditEntry recorded(String operator, String action, String subject) {
        AuditEntry entry = new AuditEntry(new ActionKey(UUID.randomUUID().toString()), operator, action, "tenant",
                subject, null, "DONE", null, NOW);
        audit.record(entry);
        return entry;
    }

    @Test
    void blankFiltersMatchEverythingNewestFirst() {
        AuditEntry first = recorded("olivia", "CREATE_TENANT", "tenant-a");
        AuditEntry second = recorded("sam", "SET_WEBHOOK", "tenant-b");

        assertThat(service.auditLog(" ", "", null, PageRequest.first(10)).items()).containsExactly(second, first);
    }

    @Test
    void givenFiltersAreStrippedAndMustAllMatch() {
        recorded("olivia", "CREATE_TENANT", "tenant-a");
        AuditEntry wanted = recorded("olivia", "SET_WEBHOOK", "tenant-a");
        recorded("sam", "SET_WEBHOOK", "tenant-a");

        assertThat(service.auditLog(" olivia ", "SET_WEBHOOK", "tenant-a", PageRequest.first(10)).items())
                .containsExactly(wanted);
    }
}
