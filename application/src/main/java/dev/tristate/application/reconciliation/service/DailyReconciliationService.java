package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RunStatus;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;

/**
 * Reconciles yesterday for every account of the statement channels, once the day's statement is complete
 * ({@code settleAfter} past the channel's midnight, so late trades of the day are on it). Each channel's day is cut
 * in its own zone (UTC for the sandbox and Stripe, China time for Alipay). A day is skipped for an account once a
 * run of it COMPLETED, whoever started it; a run that failed or a statement the channel does not give yet is tried
 * again on the next round. Several instances may run rounds: two runs of one day find the same discrepancies and
 * repeat no repair (StartReconciliationService), so a race costs a second run, not a second repair.
 */
class DailyReconciliationService implements RunDailyReconciliationsUseCase {

    /** Runs of one tenant looked at to find the day's completed run (newest first; a day's run is recent). */
    private static final int RECENT_RUNS = 200;

    private final StartReconciliationUseCase reconciliation;
    private final ChannelCredentialStore credentials;
    private final ReconciliationRecords records;
    private final Clock clock;
    private final Map<String, ZoneId> channels;
    private final Duration settleAfter;

    DailyReconciliationService(StartReconciliationUseCase reconciliation, ChannelCredentialStore credentials,
                               ReconciliationRecords records, Clock clock, Map<String, ZoneId> channels,
                               Duration settleAfter) {
        this.reconciliation = Objects.requireNonNull(reconciliation, "reconciliation");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.records = Objects.requireNonNull(records, "records");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.channels = new TreeMap<>(channels);
        Objects.requireNonNull(settleAfter, "settle after");
        if (settleAfter.isNegative() || settleAfter.compareTo(Duration.ofHours(23)) > 0) {
            throw new IllegalArgumentException("a statement settles between 0 and 23 h after midnight UTC, not "
                    + settleAfter);
        }
        this.settleAfter = settleAfter;
    }

    @Override
    public DailyRound runDue() {
        Instant settled = clock.instant().minus(settleAfter);
        List<AccountResult> results = new ArrayList<>();
        channels.forEach((channel, zone) -> {
            LocalDate day = LocalDate.ofInstant(settled, zone).minusDays(1);
            for (ChannelAccount account : credentials.accounts(channel)) {
                results.add(reconcile(account, day));
            }
        });
        return new DailyRound(LocalDate.ofInstant(settled, ZoneOffset.UTC).minusDays(1), results);
    }

    private AccountResult reconcile(ChannelAccount account, LocalDate day) {
        TenantId tenant = account.tenantId();
        boolean done = records.runs(account.tenantId(), RECENT_RUNS).stream()
                .anyMatch(run -> run.channel().equals(account.channel()) && run.day().equals(day)
                        && run.status() == RunStatus.COMPLETED);
        if (done) {
            return new AccountResult(tenant, account.channel(), day, Outcome.ALREADY_DONE, null);
        }
        try {
            ReconciliationRunView run = reconciliation.startReconciliation(new StartReconciliationCommand(
                    account.tenantId(), account.channel(), day, new StatementSource.FetchFromChannel(), SCHEDULER));
            return new AccountResult(tenant, account.channel(), day, Outcome.RECONCILED, "run " + run.id());
        } catch (StatementUnavailable e) {
            return new AccountResult(tenant, account.channel(), day, Outcome.UNAVAILABLE, e.getMessage());
        } catch (StatementRejected e) {
            return new AccountResult(tenant, account.channel(), day, Outcome.FAILED, e.getMessage());
        } catch (RuntimeException e) {
            // One account's failure (its run is stored as FAILED where it got that far) does not stop the others.
            return new AccountResult(tenant, account.channel(), day, Outcome.FAILED, e.toString());
        }
    }
}
