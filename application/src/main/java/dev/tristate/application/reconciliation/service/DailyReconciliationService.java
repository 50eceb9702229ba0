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
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reconciles yesterday (UTC) for every account of the statement channels, once the day's statement is complete
 * ({@code settleAfter} past midnight UTC, so late trades of the day are on it). A day is skipped for an account once a
 * run of it COMPLETED, whoever started it; a run that failed or a statement the channel does not give yet is tried
 * again on the next round. Several instances may run rounds: two runs of one day find the same discrepancies and
 * repeat no repair (StartReconciliationService), so a race costs a second run, not a second repair.
 */
public class DailyReconciliationService implements RunDailyReconciliationsUseCase {

    /** Who starts the scheduled runs, as the runs and audit entries show it. */
    public static final String SCHEDULER = "scheduler";

    /** Runs of one tenant looked at to find the day's completed run (newest first; a day's run is recent). */
    private static final int RECENT_RUNS = 200;

    private final StartReconciliationUseCase reconciliation;
    private final ChannelCredentialStore credentials;
    private final ReconciliationRecords records;
    private final Clock clock;
    private final List<String> channels;
    private final Duration settleAfter;

    public DailyReconciliationService(StartReconciliationUseCase reconciliation, ChannelCredentialStore credentials,
                                      ReconciliationRecords records, Clock clock, List<String> channels,
                                      Duration settleAfter) {
        this.reconciliation = Objects.requireNonNull(reconciliation, "reconciliation");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        this.records = Objects.requireNonNull(records, "records");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.channels = List.copyOf(channels);
        Objects.requireNonNull(settleAfter, "settle after");
        if (settleAfter.isNegative() || settleAfter.compareTo(Duration.ofHours(23)) > 0) {
            throw new IllegalArgumentException("a statement settles between 0 and 23 h after midnight UTC, not "
                    + settleAfter);
        }
        this.settleAfter = settleAfter;
    }

    @Override
    public DailyRound runDue() {
        LocalDate day = LocalDate.ofInstant(clock.instant().minus(settleAfter), ZoneOffset.UTC).minusDays(1);
        List<AccountResult> results = new ArrayList<>();
        for (String channel : channels) {
            for (ChannelAccount account : credentials.accounts(channel)) {
                results.add(reconcile(account, day));
            }
        }
        return new DailyRound(day, results);
    }

    private AccountResult reconcile(ChannelAccount account, LocalDate day) {
        String tenant = account.tenantId().value();
        boolean done = records.runs(account.tenantId(), RECENT_RUNS).stream()
                .anyMatch(run -> run.channel().equals(account.channel()) && run.day().equals(day)
                        && run.status() == RunStatus.COMPLETED);
        if (done) {
            return new AccountResult(tenant, account.channel(), Outcome.ALREADY_DONE, null);
        }
        try {
            ReconciliationRunView run = reconciliation.startReconciliation(new StartReconciliationCommand(
                    account.tenantId(), account.channel(), day, new StatementSource.FetchFromChannel(), SCHEDULER));
            return new AccountResult(tenant, account.channel(), Outcome.RECONCILED, "run " + run.id());
        } catch (StatementUnavailable e) {
            return new AccountResult(tenant, account.channel(), Outcome.UNAVAILABLE, e.getMessage());
        } catch (StatementRejected e) {
            return new AccountResult(tenant, account.channel(), Outcome.FAILED, e.getMessage());
        } catch (RuntimeException e) {
            // One account's failure (its run is stored as FAILED where it got that far) does not stop the others.
            return new AccountResult(tenant, account.channel(), Outcome.FAILED, e.toString());
        }
    }
}
