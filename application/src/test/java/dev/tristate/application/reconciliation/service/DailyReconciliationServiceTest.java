package dev.tristate.application.reconciliation.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryReconciliationRecords;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.AccountResult;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.DailyRound;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.Outcome;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunTotals;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class DailyReconciliationServiceTest {

    private static final TenantId DONE = new TenantId("t-done");
    private static final TenantId FRESH = new TenantId("t-fresh");
    private static final LocalDate YESTERDAY = LocalDate.parse("2031-05-14");

    private final SettableClock clock = new SettableClock(Instant.parse("2031-05-15T03:00:00Z"));
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final InMemoryReconciliationRecords records = new InMemoryReconciliationRecords();
    private final List<StartReconciliationCommand> started = new ArrayList<>();

    private DailyReconciliationService daily(Function<StartReconciliationCommand, ReconciliationRunView> runs) {
        StartReconciliationUseCase start = command -> {
            started.add(command);
            return runs.apply(command);
        };
        return new DailyReconciliationService(start, credentials, records, clock, Map.of("sandbox", ZoneOffset.UTC),
                Duration.ofHours(2));
    }

    private static ReconciliationRunView run(long id, StartReconciliationCommand c) {
        return new ReconciliationRunView(id, c.tenantId(), c.channel(), c.day(), "FETCH", null, c.operator(),
                Instant.EPOCH, Instant.EPOCH, "COMPLETED", null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of(),
                List.of());
    }

    private void completedRunOf(TenantId tenant, LocalDate day) {
        long id = records.startRun(new NewRun(tenant, "sandbox", day, "FETCH", null, null, "scheduler",
                clock.instant()));
        records.finishRun(id, RunTotals.none(), clock.instant());
    }

    @Test
    void yesterdayIsReconciledForEveryAccountWhoseDayHasNoCompletedRun() {
        credentials.bindAccount(DONE, "sandbox", "acct-done", clock.instant());
        credentials.bindAccount(FRESH, "sandbox", "acct-fresh", clock.instant());
        completedRunOf(DONE, YESTERDAY);

        DailyRound round = daily(c -> run(42, c)).runDue();

        assertThat(round.day()).isEqualTo(YESTERDAY);
        assertThat(round.count(Outcome.ALREADY_DONE)).isEqualTo(1);
        assertThat(round.results()).filteredOn(r -> r.outcome() == Outcome.RECONCILED).singleElement()
                .satisfies(r -> {
                    assertThat(r.tenantId()).isEqualTo(FRESH);
                    assertThat(r.detail()).isEqualTo("run 42");
                });
        assertThat(started).singleElement().satisfies(c -> {
            assertThat(c.source()).isInstanceOf(StatementSource.FetchFromChannel.class);
            assertThat(c.operator()).isEqualTo(DailyReconciliationService.SCHEDULER);
            assertThat(c.day()).isEqualTo(YESTERDAY);
        });
    }

    @Test
    void aDayIsNotDueUntilItsStatementHasSettled() {
        clock.set(Instant.parse("2031-05-15T01:00:00Z"));

        assertThat(daily(c -> run(1, c)).runDue().day()).isEqualTo(YESTERDAY.minusDays(1));
    }

    @Test
    void anAccountThatFailsDoesNotStopTheOthersAndIsTriedAgainNextRound() {
        credentials.bindAccount(new TenantId("t-a"), "sandbox", "acct-a", clock.instant());
        credentials.bindAccount(new TenantId("t-b"), "sandbox", "acct-b", clock.instant());
        credentials.bindAccount(new TenantId("t-c"), "sandbox", "acct-c", clock.instant());
        Map<String, RuntimeException> failures = Map.of(
                "t-a", new StatementUnavailable("not yet", null),
                "t-b", new StatementRejected(List.of(new StatementRejected.Problem(0, null, "empty"))),
                "t-c", new IllegalStateException("boom"));

        DailyRound round = daily(c -> {
            throw failures.get(c.tenantId().value());
        }).runDue();

        assertThat(round.results()).extracting(AccountResult::tenantId, AccountResult::outcome)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(new TenantId("t-a"), Outcome.UNAVAILABLE),
                        org.assertj.core.groups.Tuple.tuple(new TenantId("t-b"), Outcome.FAILED),
                        org.assertj.core.groups.Tuple.tuple(new TenantId("t-c"), Outcome.FAILED));
        assertThat(round.results()).filteredOn(r -> r.tenantId().equals(new TenantId("t-c"))).singleElement()
                .satisfies(r -> assertThat(r.detail()).contains("boom"));
    }

    @Test
    void aFailedRunOfTheDayIsTriedAgain() {
        credentials.bindAccount(FRESH, "sandbox", "acct-fresh", clock.instant());
        long failed = records.startRun(new NewRun(FRESH, "sandbox", YESTERDAY, "FETCH", null, null, "scheduler",
                clock.instant()));
        records.failRun(failed, "channel down", clock.instant());

        assertThat(daily(c -> run(2, c)).runDue().count(Outcome.RECONCILED)).isEqualTo(1);
    }

    @Test
    void aStatementSettlesWithinTheDay() {
        assertThatThrownBy(() -> new DailyReconciliationService(c -> null, credentials, records, clock,
                Map.of("sandbox", ZoneOffset.UTC), Duration.ofHours(24))).isInstanceOf(IllegalArgumentException.class);
    }
}
