package dev.tristate.application.shared.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.AuditTrail.Filter;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link AuditTrail} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class AuditTrailContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T09:00:00.123456Z");

    protected abstract AuditTrail audit();

    /** Each test's own operator and subject, so that rows of other tests in a shared database do not match. */
    private final String operator = "op-" + UUID.randomUUID().toString().substring(0, 8);
    private final String subject = "s-" + UUID.randomUUID();

    private static ActionKey aKey() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private AuditEntry entry(String action, String subjectId, Instant at) {
        return new AuditEntry(aKey(), operator, action, "tenant", subjectId, "a reason", "DONE", "one line", at);
    }

    @Test
    void aRecordedEntryIsFoundByItsActionKeyAsWritten() {
        AuditEntry entry = entry("CREATE_TENANT", subject, T0);

        audit().record(entry);

        assertThat(audit().findByActionKey(entry.actionKey())).contains(entry);
        assertThat(audit().findByActionKey(aKey())).isEmpty();
    }

    @Test
    void aSecondEntryUnderTheSameKeyIsAlreadyExistsAndTheFirstStays() {
        AuditEntry first = entry("CREATE_TENANT", subject, T0);
        audit().record(first);

        assertThatThrownBy(() -> audit().record(new AuditEntry(first.actionKey(), operator, "ROTATE_API_KEY",
                "tenant", subject, null, "ROTATED", null, T0.plusSeconds(1))))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(audit().findByActionKey(first.actionKey())).contains(first);
    }

    @Test
    void anEntryWithoutReasonOrDetailIsReadBackWithout() {
        AuditEntry bare = new AuditEntry(aKey(), operator, "SET_WEBHOOK", "tenant", subject, null, "SET", null, T0);

        audit().record(bare);

        assertThat(audit().findByActionKey(bare.actionKey())).contains(bare);
    }

    @Test
    void searchingGivesTheMatchingEntriesNewestFirstWithTheirTotal() {
        AuditEntry first = entry("CREATE_TENANT", subject, T0);
        AuditEntry second = entry("ROTATE_API_KEY", subject, T0.plusSeconds(1));
        AuditEntry third = entry("ROTATE_API_KEY", subject, T0.plusSeconds(2));
        audit().record(first);
        audit().record(second);
        audit().record(third);

        Page<AuditEntry> page = audit().search(new Filter(operator, null, null), PageRequest.first(2));

        assertThat(page.items()).containsExactly(third, second);
        assertThat(page.total()).isEqualTo(3);
        assertThat(audit().search(new Filter(operator, null, null), new PageRequest(1, 2)).items())
                .containsExactly(first);
    }

    @Test
    void everyGivenFilterMustMatch() {
        AuditEntry create = entry("CREATE_TENANT", subject, T0);
        AuditEntry rotate = entry("ROTATE_API_KEY", subject, T0.plusSeconds(1));
        AuditEntry elsewhere = entry("ROTATE_API_KEY", "s-" + UUID.randomUUID(), T0.plusSeconds(2));
        audit().record(create);
        audit().record(rotate);
        audit().record(elsewhere);

        assertThat(audit().search(new Filter(operator, "ROTATE_API_KEY", subject), PageRequest.first(10)).items())
                .containsExactly(rotate);
        assertThat(audit().search(new Filter(null, null, subject), PageRequest.first(10)).items())
                .containsExactly(rotate, create);
        assertThat(audit().search(new Filter(operator, "CREATE_TENANT", "s-" + UUID.randomUUID()),
                PageRequest.first(10)).total()).isZero();
    }

    @Test
    void aSubjectsEntriesComeOldestFirstAndOnlyOfThatSubjectType() {
        AuditEntry first = entry("CREATE_TENANT", subject, T0);
        AuditEntry second = entry("ROTATE_API_KEY", subject, T0.plusSeconds(1));
        AuditEntry otherType = new AuditEntry(aKey(), operator, "CREATE_USER", "console-user", subject, null,
                "CREATED", null, T0.plusSeconds(2));
        audit().record(first);
        audit().record(second);
        audit().record(otherType);

        assertThat(audit().forSubject("tenant", subject)).containsExactly(first, second);
    }
}
