package dev.tristate.application.reconciliation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.reconciliation.port.in.ApplyDiscrepancyRepairUseCase.ApplyRepairCommand;
import dev.tristate.application.reconciliation.port.in.ApplyDiscrepancyRepairUseCase;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.reconciliation.port.in.RunReconciliationUseCase.RunReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
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

class ReconciliationConsoleServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-recon");
    private static final LocalDate DAY = LocalDate.parse("2026-11-29");
    private static final Operator OPERATOR = new Operator("olga", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final List<ApplyRepairCommand> repairs = new ArrayList<>();
    private final List<StartReconciliationCommand> starts = new ArrayList<>();

    private ReconciliationConsoleService service(Function<StartReconciliationCommand, ReconciliationRunView> runs,
                                                 Function<ApplyRepairCommand, DiscrepancyView> repairer) {
        StartReconciliationUseCase start = command -> {
            starts.add(command);
            return runs.apply(command);
        };
        ApplyDiscrepancyRepairUseCase repair = command -> {
            repairs.add(command);
            return repairer.apply(command);
        };
        return new ReconciliationConsoleService(start, repair, audit, new InMemoryTransactions(audit),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private ReconciliationConsoleService repairing(Function<ApplyRepairCommand, DiscrepancyView> repairer) {
        return service(c -> { throw new AssertionError("no run expected"); }, repairer);
    }

    private static DiscrepancyView discrepancy(RepairStatus status, String by, Instant at, String result) {
        return new DiscrepancyView(7, TENANT, "sandbox", DAY, DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE,
                Repair.APPLY_CHANNEL_RESULT, "pay_1", "pay_1", "T-1", "SUCCESS", 1999L, "CNY", NOW, "PENDING",
                "paid at the channel", status, result, by, "because", at, 3, NOW);
    }

    private static ReconciliationRunView run(long id) {
        return new ReconciliationRunView(id, TENANT, "sandbox", DAY, "UPLOAD", "day.csv", "olga", NOW, NOW,
                "FINISHED", null, 2, 2, 0, 1, 0, 0, 0, 1, 1, 1, 0, 0,
                Map.of(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1), List.of());
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private static RepairDiscrepancyCommand repairCommand(Operator who, ActionKey key) {
        return new RepairDiscrepancyCommand(TENANT, 7, new Reason("statement says paid"), who, key);
    }

    private static RunReconciliationCommand upload(Operator who, ActionKey key) {
        return new RunReconciliationCommand(TENANT, "sandbox", DAY,
                new StatementSource.Upload("day.csv", "x".getBytes(StandardCharsets.UTF_8)), who, key);
    }

    @Test
    void anOperatorsRepairIsAppliedWithTheReasonAndAudited() {
        ActionResult result = repairing(c -> discrepancy(RepairStatus.APPLIED, c.operator(), NOW, "APPLIED"))
                .repairDiscrepancy(repairCommand(OPERATOR, key()));

        assertThat(result.repeated()).isFalse();
        assertThat(result.entry().result()).isEqualTo("REPAIRED");
        assertThat(repairs).singleElement().satisfies(c -> {
            assertThat(c.operator()).isEqualTo("olga");
            assertThat(c.reason()).isEqualTo("statement says paid");
            assertThat(c.discrepancyId()).isEqualTo(7);
        });
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("REPAIR_DISCREPANCY");
            assertThat(e.subjectType()).isEqualTo("discrepancy");
            assertThat(e.subjectId()).isEqualTo("7");
            assertThat(e.reason()).isEqualTo("statement says paid");
        });
    }

    @Test
    void theSameRepairFormSubmittedTwiceRepairsOnce() {
        ReconciliationConsoleService service = repairing(c -> discrepancy(RepairStatus.APPLIED, c.operator(), NOW,
                "APPLIED"));
        ActionKey key = key();
        service.repairDiscrepancy(repairCommand(OPERATOR, key));

        ActionResult again = service.repairDiscrepancy(repairCommand(OPERATOR, key));

        assertThat(again.repeated()).isTrue();
        assertThat(again.entry().result()).isEqualTo("REPAIRED");
        assertThat(repairs).hasSize(1);
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aRepairAlreadyAppliedBySomeoneElseIsAuditedAsSuch() {
        ActionResult result = repairing(c -> discrepancy(RepairStatus.APPLIED, "auto",
                NOW.minusSeconds(3600), "APPLIED")).repairDiscrepancy(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("ALREADY_APPLIED");
        assertThat(result.entry().detail()).contains("auto");
    }

    @Test
    void aFailedRepairIsAuditedAsFailed() {
        ActionResult result = repairing(c -> discrepancy(RepairStatus.FAILED, c.operator(), NOW, "boom"))
                .repairDiscrepancy(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("REPAIR_FAILED");
        assertThat(result.entry().detail()).contains("boom");
    }

    @Test
    void aRepairWhoseLedgerIsMissingIsAuditedAsNotAvailable() {
        ActionResult result = repairing(c -> { throw new RepairNotAvailable("refunds are not part of this build"); })
                .repairDiscrepancy(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("NOT_AVAILABLE");
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void supportStaffMayNotRepairAndNothingIsTouched() {
        ReconciliationConsoleService service = repairing(c -> discrepancy(RepairStatus.APPLIED, "x", NOW, "x"));

        assertThatThrownBy(() -> service.repairDiscrepancy(repairCommand(SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(repairs).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void anUnknownDiscrepancyIsNotFoundAndNotAudited() {
        ReconciliationConsoleService service = repairing(c -> { throw new ReconciliationNotFound("no"); });

        assertThatThrownBy(() -> service.repairDiscrepancy(repairCommand(OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void aStartedRunIsAuditedWithTheRunAsSubjectAndTheSameFormStartsOnce() {
        ReconciliationConsoleService service = service(c -> run(42), c -> null);
        ActionKey key = key();

        ActionResult first = service.runReconciliation(upload(OPERATOR, key));
        ActionResult again = service.runReconciliation(upload(OPERATOR, key));

        assertThat(first.entry().subjectType()).isEqualTo(ReconciliationConsoleService.RUN_SUBJECT);
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
        ReconciliationConsoleService service = service(c -> { throw rejected; }, c -> null);

        assertThatThrownBy(() -> service.runReconciliation(upload(OPERATOR, key()))).isSameAs(rejected);
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.result()).isEqualTo("REJECTED");
            assertThat(e.detail()).contains("line 1, amount_minor: missing column");
            assertThat(e.subjectType()).isEqualTo(ReconciliationConsoleService.DAY_SUBJECT);
        });
    }

    @Test
    void anUnavailableStatementIsAuditedAndReported() {
        ReconciliationConsoleService service = service(c -> {
            throw new StatementUnavailable("channel timed out", null);
        }, c -> null);

        assertThatThrownBy(() -> service.runReconciliation(new RunReconciliationCommand(TENANT, "sandbox", DAY,
                new StatementSource.FetchFromChannel(), OPERATOR, key()))).isInstanceOf(StatementUnavailable.class);
        assertThat(audit.entries()).singleElement().satisfies(e -> assertThat(e.result()).isEqualTo("UNAVAILABLE"));
    }

    @Test
    void supportStaffMayNotStartARun() {
        ReconciliationConsoleService service = service(c -> run(1), c -> null);

        assertThatThrownBy(() -> service.runReconciliation(upload(SUPPORT, key()))).isInstanceOf(NotPermitted.class);
        assertThat(starts).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }
}
