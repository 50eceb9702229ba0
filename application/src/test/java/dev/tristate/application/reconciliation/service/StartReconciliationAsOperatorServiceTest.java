package dev.tristate.application.reconciliation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase.StartReconciliationAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class StartReconciliationAsOperatorServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-recon");
    private static final LocalDate DAY = LocalDate.parse("2026-11-29");
    private static final Operator OPERATOR = new Operator("olga", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final List<StartReconciliationCommand> starts = new ArrayList<>();

    private StartReconciliationAsOperatorService service(
            Function<StartReconciliationCommand, ReconciliationRunView> runs) {
        StartReconciliationUseCase start = command -> {
            starts.add(command);
            return runs.apply(command);
        };
        return new StartReconciliationAsOperatorService(start, audit, new InMemoryTransactions(audit),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static ReconciliationRunView run(long id) {
        return new ReconciliationRunView(id, TENANT, "sandbox", DAY, "UPLOAD", "day.csv", "olga", NOW, NOW,
                "FINISHED", null, 2, 2, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0,
                Map.of(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1), List.of());
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private static StartReconciliationAsOperatorCommand upload(Operator who, ActionKey key) {
        return new StartReconciliationAsOperatorCommand(TENANT, "sandbox", DAY,
                new StatementSource.Upload("day.csv", "x".getBytes(StandardCharsets.UTF_8)), who, key);
    }

    @Test
    void aStartedRunIsAuditedWithTheRunAsSubjectAndTheSameFormStartsOnce() {
        StartReconciliationAsOperatorService service = service(c -> run(42));
        ActionKey key = key();

        ActionResult first = service.startReconciliationAsOperator(upload(OPERATOR, key));
        ActionResult again = service.startReconciliationAsOperator(upload(OPERATOR, key));

        assertThat(first.entry().subjectType()).isEqualTo(StartReconciliationAsOperatorService.RUN_SUBJECT);
        assertThat(first.entry().subjectId()).isEqualTo("42");
        assertThat(first.entry().result()).isEqualTo("FINISHED");
        assertThat(first.entry().reason()).contains("day.csv");
        assertThat(again.repeated()).isTrue();
        assertThat(starts).singleElement().satisfies(c -> {
            assertThat(c.operator()).isEqualTo("olga");
            assertThat(c.day()).isEqualTo(DAY);
        });
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aRejectedStatementIsAuditedAndItsProblemsReachTheCaller() {
        StatementRejected rejected = new StatementRejected(List.of(
                new StatementRejected.Problem(1, "amount_minor", "missing column")));
        StartReconciliationAsOperatorService service = service(c -> { throw rejected; });

        assertThatThrownBy(() -> service.startReconciliationAsOperator(upload(OPERATOR, key()))).isSameAs(rejected);
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo("REJECTED");
            assertThat(e.detail()).contains("line 1, amount_minor: missing column");
            assertThat(e.subjectType()).isEqualTo(StartReconciliationAsOperatorService.DAY_SUBJECT);
        });
    }

    @Test
    void anUnavailableStatementIsAuditedAndReported() {
        StartReconciliationAsOperatorService service = service(c -> {
            throw new StatementUnavailable("channel timed out", null);
        });

        assertThatThrownBy(() -> service.startReconciliationAsOperator(new StartReconciliationAsOperatorCommand(
                TENANT, "sandbox", DAY, new StatementSource.FetchFromChannel(), OPERATOR, key())))
                .isInstanceOf(StatementUnavailable.class);
        assertThat(audit.entries()).singleElement().satisfies(e -> assertThat(e.result()).isEqualTo("UNAVAILABLE"));
    }

    @Test
    void supportStaffMayNotStartARun() {
        StartReconciliationAsOperatorService service = service(c -> run(1));

        assertThatThrownBy(() -> service.startReconciliationAsOperator(upload(SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(starts).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }
}
