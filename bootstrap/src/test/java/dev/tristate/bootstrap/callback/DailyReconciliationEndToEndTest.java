package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.AccountResult;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.DailyRound;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.Outcome;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunStatus;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ReconciliationServices;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.sandbox.SandboxMerchants;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * The daily reconciliation round on the integration database with the sandbox channel in this process: yesterday is
 * reconciled only once the day has settled, once per account (a second round finds the completed run), and an account
 * whose statement the channel does not give is tried again on the next round, never marked done. The rounds run at a
 * day far in the past so that they meet no other test's runs.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class DailyReconciliationEndToEndTest extends ApplicationOverHttpTest {

    private static final LocalDate DAY = LocalDate.parse("2001-03-03");

    @Autowired StartReconciliationUseCase reconciliation;
    @Autowired SandboxMerchants sandboxMerchants;
    @Autowired ChannelCredentialStore credentials;
    @Autowired ReconciliationRecords records;

    private DailyRound roundAt(String instant) {
        return roundAt(instant, "sandbox");
    }

    private DailyRound roundAt(String instant, String channel) {
        return ReconciliationServices.dailyReconciliations(reconciliation, credentials, records,
                Clock.fixed(Instant.parse(instant), ZoneOffset.UTC), Map.of(channel, ZoneOffset.UTC),
                Duration.ofHours(2))
                .runDue();
    }

    private static AccountResult of(DailyRound round, TenantId tenant) {
        return round.results().stream().filter(r -> r.tenantId().equals(tenant)).findFirst().orElseThrow();
    }

    @Test
    void yesterdayIsReconciledOnceItSettledAndOnlyOncePerAccount() {
        TenantId tenant = CallbackTestSupport.sandboxTenant(tenants, sandboxMerchants, "daily", "Daily shop").tenant();

        DailyRound tooEarly = roundAt("2001-03-04T01:00:00Z");
        assertThat(tooEarly.day()).as("before settle-after, the day before yesterday is the one due")
                .isEqualTo(DAY.minusDays(1));

        DailyRound first = roundAt("2001-03-04T03:00:00Z");
        assertThat(first.day()).isEqualTo(DAY);
        assertThat(of(first, tenant).outcome()).isEqualTo(Outcome.RECONCILED);
        List<StoredRun> runs = runsOf(tenant);
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(runs.get(0).startedBy()).isEqualTo(RunDailyReconciliationsUseCase.SCHEDULER);

        DailyRound second = roundAt("2001-03-04T04:00:00Z");
        assertThat(of(second, tenant).outcome()).isEqualTo(Outcome.ALREADY_DONE);
        assertThat(runsOf(tenant)).as("no second run of the day").hasSize(1);
    }

    @Test
    void anAccountWhoseStatementIsNotGivenIsTriedAgainOnTheNextRound() {
        // An Alipay-style account: that channel gives no statement download here.
        TenantId tenant = CallbackTestSupport.sandboxTenant(tenants, sandboxMerchants, "dailyx", "No statement")
                .tenant();
        credentials.bindAccount(tenant, "alipay", "2088-" + tenant.value(), Instant.now());

        DailyRound first = roundAt("2001-03-04T03:00:00Z", "alipay");
        DailyRound second = roundAt("2001-03-04T04:00:00Z", "alipay");

        assertThat(of(first, tenant).outcome()).isEqualTo(Outcome.UNAVAILABLE);
        assertThat(of(first, tenant).detail()).isNotBlank();
        assertThat(of(second, tenant).outcome()).as("not done: tried again").isEqualTo(Outcome.UNAVAILABLE);
        assertThat(records.runs(tenant, 100)).noneMatch(run -> run.status() == RunStatus.COMPLETED);
    }

    private List<StoredRun> runsOf(TenantId tenant) {
        return records.runs(tenant, 100).stream().filter(run -> run.day().equals(DAY)).toList();
    }
}
