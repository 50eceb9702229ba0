package dev.tristate.application.reconciliation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase.RepairDiscrepancyAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairOutcome;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase;
import dev.tristate.application.reconciliation.port.in.RepairNotAvailable;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RepairDiscrepancyAsOperatorServiceTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-recon");
    private static final LocalDate DAY = LocalDate.parse("2026-11-29");
    private static final Operator OPERATOR = new Operator("olga", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);

    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final List<RepairDiscrepancyCommand> repairs = new ArrayList<>();

    private RepairDiscrepancyAsOperatorService repairing(Function<RepairDiscrepancyCommand, RepairOutcome> repairer) {
        RepairDiscrepancyUseCase repair = command -> {
            repairs.add(command);
            return repairer.apply(command);
        };
        return new RepairDiscrepancyAsOperatorService(repair, audit, new InMemoryTransactions(audit),
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private static DiscrepancyView discrepancy(RepairStatus status, String by, Instant at, String result) {
        return new DiscrepancyView(7, TENANT, "sandbox", DAY, DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE,
                Repair.APPLY_CHANNEL_RESULT, "pay_1", new PaymentId("pay_1"), "T-1", "SUCCESS", 1999L, "CNY", NOW, "PENDING",
                "paid at the channel", status, result, by, "because", at, 3, NOW);
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private static RepairDiscrepancyAsOperatorCommand repairCommand(Operator who, ActionKey key) {
        return new RepairDiscrepancyAsOperatorCommand(TENANT, 7, new Reason("statement says paid"), who, key);
    }

    @Test
    void anOperatorsRepairIsAppliedWithTheReasonAndAudited() {
        ActionResult result = repairing(c -> new RepairOutcome.Repaired(
                discrepancy(RepairStatus.APPLIED, c.operator(), NOW, "APPLIED")))
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

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
        RepairDiscrepancyAsOperatorService service = repairing(c -> new RepairOutcome.Repaired(
                discrepancy(RepairStatus.APPLIED, c.operator(), NOW, "APPLIED")));
        ActionKey key = key();
        service.repairDiscrepancyAsOperator(repairCommand(OPERATOR, key));

        ActionResult again = service.repairDiscrepancyAsOperator(repairCommand(OPERATOR, key));

        assertThat(again.repeated()).isTrue();
        assertThat(again.entry().result()).isEqualTo("REPAIRED");
        assertThat(repairs).hasSize(1);
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aRepairAlreadyAppliedBySomeoneElseIsAuditedAsSuch() {
        ActionResult result = repairing(c -> new RepairOutcome.AlreadyApplied(discrepancy(RepairStatus.APPLIED,
                "auto", NOW.minusSeconds(3600), "APPLIED")))
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("ALREADY_APPLIED");
        assertThat(result.entry().detail()).contains("auto");
    }

    @Test
    void aFailedRepairIsAuditedAsFailed() {
        ActionResult result = repairing(c -> new RepairOutcome.RepairFailed(
                discrepancy(RepairStatus.FAILED, c.operator(), NOW, "boom")))
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("REPAIR_FAILED");
        assertThat(result.entry().detail()).contains("boom");
    }

    @Test
    void aRepairWhoseLedgerIsMissingIsAuditedAsNotAvailable() {
        ActionResult result = repairing(c -> { throw new RepairNotAvailable("refunds are not part of this build"); })
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

        assertThat(result.entry().result()).isEqualTo("NOT_AVAILABLE");
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void supportStaffMayNotRepairAndNothingIsTouched() {
        RepairDiscrepancyAsOperatorService service = repairing(c -> new RepairOutcome.Repaired(
                discrepancy(RepairStatus.APPLIED, "x", NOW, "x")));

        assertThatThrownBy(() -> service.repairDiscrepancyAsOperator(repairCommand(SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(repairs).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void anUnknownDiscrepancyIsNotFoundAndNotAudited() {
        RepairDiscrepancyAsOperatorService service = repairing(c -> { throw new ReconciliationNotFound("no"); });

        assertThatThrownBy(() -> service.repairDiscrepancyAsOperator(repairCommand(OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }
    @Test
    void theEntryTheRepairWroteInItsTransactionIsTheAnswer() {
        ActionResult result = repairing(c -> {
            c.audit().record(RepairDiscrepancyUseCase.REPAIRED, "written with the effect", NOW);
            return new RepairOutcome.Repaired(discrepancy(RepairStatus.APPLIED, c.operator(), NOW, "APPLIED"));
        }).repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

        assertThat(result.entry().detail()).isEqualTo("written with the effect");
        assertThat(audit.entries()).hasSize(1);
    }

    @Test
    void aRepairSettledElsewhereMeanwhileIsAuditedByWhereItStands() {
        ActionResult applied = repairing(c -> new RepairOutcome.SettledElsewhere(
                discrepancy(RepairStatus.APPLIED, "reconciliation", NOW, "APPLIED")))
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));
        ActionResult stillOpen = repairing(c -> new RepairOutcome.SettledElsewhere(
                discrepancy(RepairStatus.PENDING, null, null, null)))
                .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key()));

        assertThat(applied.entry().result()).isEqualTo("ALREADY_APPLIED");
        assertThat(applied.entry().detail()).contains("applied by reconciliation");
        assertThat(stillOpen.entry().result()).isEqualTo("REPAIR_FAILED");
        assertThat(stillOpen.entry().detail()).contains("still PENDING");
    }

    @Test
    void aSubmissionWhoseActionKeyTheOtherSubmissionTookIsAnsweredWithTheOthersEntry() {
        ActionKey key = key();
        RepairDiscrepancyAsOperatorService service = repairing(c -> {
            new RepairDiscrepancyAsOperatorService(command -> {
                command.audit().record(RepairDiscrepancyUseCase.REPAIRED, "the other submission", NOW);
                return new RepairOutcome.Repaired(discrepancy(RepairStatus.APPLIED, "olga", NOW, "APPLIED"));
            }, audit, new InMemoryTransactions(audit), Clock.fixed(NOW, ZoneOffset.UTC))
                    .repairDiscrepancyAsOperator(repairCommand(OPERATOR, key));
            try {
                c.audit().record(RepairDiscrepancyUseCase.REPAIRED, "this submission", NOW);
            } catch (PersistenceFailure.AlreadyExists taken) {
                return new RepairOutcome.SettledElsewhere(discrepancy(RepairStatus.APPLIED, "olga", NOW, "APPLIED"));
            }
            throw new AssertionError("the key was taken");
        });

        ActionResult result = service.repairDiscrepancyAsOperator(repairCommand(OPERATOR, key));

        assertThat(result.repeated()).isTrue();
        assertThat(result.entry().detail()).isEqualTo("the other submission");
        assertThat(audit.entries()).hasSize(1);
    }
}
