package dev.tristate.application.reconciliation.service;

import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.CHANNEL;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.DAY;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.HEADER;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.TENANT;
import static dev.tristate.application.reconciliation.service.ReconciliationTestBed.paymentLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.reconciliation.port.in.DiscrepancyView;
import dev.tristate.application.reconciliation.port.in.ReconciliationNotFound;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyUseCase.RepairDiscrepancyCommand;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewRun;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ReconciliationQueryServiceTest {

    private static final TenantId OTHER = new TenantId("t-other");

    private final ReconciliationTestBed bed = new ReconciliationTestBed();

    private ReconciliationRunView twoDiscrepancies() {
        Payment pending = bed.stored(PaymentStatus.PENDING, 1999, null);
        Payment paid = bed.stored(PaymentStatus.SUCCEEDED, 500, Instant.parse("2031-05-14T10:00:00Z"));
        return bed.upload(DAY, HEADER + paymentLine(pending, "SUCCESS", "2031-05-14T09:00:00Z"));
    }

    @Test
    void aRunCountsItsDiscrepanciesByClassAndTheRepairsStillOpen() {
        ReconciliationRunView run = twoDiscrepancies();
        DiscrepancyView paidThere = bed.query().listDiscrepancies(TENANT, run.id(),
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE).get(0);
        bed.repair().repairDiscrepancy(new RepairDiscrepancyCommand(TENANT, paidThere.id(), "carol", "checked",
                ActionAudit.NONE));

        ReconciliationRunView now = bed.query().run(TENANT, run.id()).orElseThrow();

        assertThat(now.byClass()).containsEntry(DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1)
                .containsEntry(DiscrepancyClass.HERE_NOT_AT_CHANNEL, 1).hasSize(2);
        assertThat(now.repairsOpen()).isEqualTo(1);
        assertThat(bed.query().listDiscrepancies(TENANT, run.id(), null)).hasSize(2);
        assertThat(bed.query().listDiscrepancies(TENANT, run.id(), DiscrepancyClass.STATUS_MISMATCH)).isEmpty();
    }

    @Test
    void runsAreListedNewestFirstPerTenantOrForAll() {
        ReconciliationRunView first = bed.upload(DAY, HEADER);
        ReconciliationRunView second = bed.upload(DAY.plusDays(1), HEADER);
        long others = bed.records.startRun(new NewRun(OTHER, CHANNEL, DAY, "UPLOAD", "x.csv", null, "bob",
                bed.clock.instant()));

        assertThat(bed.query().listRuns(TENANT, 10)).extracting(ReconciliationRunView::id)
                .containsExactly(second.id(), first.id());
        assertThat(bed.query().listRuns(null, 10)).extracting(ReconciliationRunView::id)
                .containsExactly(others, second.id(), first.id());
        assertThat(bed.query().listRuns(null, 1)).hasSize(1);
        assertThat(bed.query().lastRunSummary(TENANT)).map(ReconciliationRunView::id).contains(second.id());
        assertThat(bed.query().lastRunSummary(null)).map(ReconciliationRunView::id).contains(others);
    }

    @Test
    void aRunStillRunningShowsNoTotals() {
        long running = bed.records.startRun(new NewRun(TENANT, CHANNEL, DAY, "FETCH", null, null, "scheduler",
                bed.clock.instant()));

        ReconciliationRunView run = bed.query().run(TENANT, running).orElseThrow();

        assertThat(run.status()).isEqualTo("RUNNING");
        assertThat(run.statementLines()).isZero();
        assertThat(run.discrepancies()).isZero();
        assertThat(run.skippedChecks()).isEmpty();
    }

    @Test
    void anotherTenantsRunIsNotFound() {
        ReconciliationRunView run = twoDiscrepancies();

        assertThat(bed.query().run(OTHER, run.id())).isEmpty();
        assertThatThrownBy(() -> bed.query().listDiscrepancies(OTHER, run.id(), null))
                .isInstanceOf(ReconciliationNotFound.class);
        assertThat(bed.query().lastRunSummary(OTHER)).isEmpty();
    }
}
