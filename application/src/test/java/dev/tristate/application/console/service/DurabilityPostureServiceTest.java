package dev.tristate.application.console.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.console.port.in.DurabilityPostureQuery.DurabilityPosture;
import dev.tristate.application.console.port.in.DurabilityPostureQuery.Verdict;
import dev.tristate.application.console.port.out.DatabaseSettings.Snapshot;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DurabilityPostureServiceTest {

    private static Snapshot mariadb(Integer flush, Integer syncBinlog, Boolean binlog) {
        return new Snapshot("MariaDB", Optional.ofNullable(flush), Optional.ofNullable(syncBinlog),
                Optional.ofNullable(binlog));
    }

    @Test
    void flushAtEveryCommitWithoutBinaryLogIsDurable() {
        DurabilityPosture posture = DurabilityPostureService.judge(mariadb(1, 0, false));

        assertThat(posture.verdict()).isEqualTo(Verdict.DURABLE);
        assertThat(posture.reasons()).anyMatch(r -> r.contains("binary logging is off"));
        assertThat(posture.settings()).containsEntry("innodb_flush_log_at_trx_commit", "1").containsEntry("log_bin", "OFF");
    }

    @Test
    void flushAtEveryCommitWithASyncedBinaryLogIsDurable() {
        assertThat(DurabilityPostureService.judge(mariadb(1, 1, true)).verdict()).isEqualTo(Verdict.DURABLE);
    }

    @Test
    void aRedoLogFlushedOncePerSecondIsAtRisk() {
        DurabilityPosture posture = DurabilityPostureService.judge(mariadb(2, 1, true));

        assertThat(posture.verdict()).isEqualTo(Verdict.AT_RISK);
        assertThat(posture.reasons()).singleElement().asString().contains("innodb_flush_log_at_trx_commit=2");
    }

    @Test
    void anUnsyncedBinaryLogIsAtRiskOnlyWhenBinaryLoggingIsOn() {
        assertThat(DurabilityPostureService.judge(mariadb(1, 0, true)).verdict()).isEqualTo(Verdict.AT_RISK);
        assertThat(DurabilityPostureService.judge(mariadb(1, 0, false)).verdict()).isEqualTo(Verdict.DURABLE);
    }

    @Test
    void bothRisksAreNamed() {
        assertThat(DurabilityPostureService.judge(mariadb(0, 100, true)).reasons()).hasSize(2);
    }

    @Test
    void theEmbeddedH2IsAtRisk() {
        DurabilityPosture posture = DurabilityPostureService.judge(
                new Snapshot("H2", Optional.empty(), Optional.empty(), Optional.empty()));

        assertThat(posture.verdict()).isEqualTo(Verdict.AT_RISK);
        assertThat(posture.reasons().get(0)).contains("H2");
    }

    @Test
    void missingSettingsOrAnUnreadableDatabaseAreUnknownNotDurable() {
        assertThat(DurabilityPostureService.judge(mariadb(null, null, null)).verdict()).isEqualTo(Verdict.UNKNOWN);
        DurabilityPostureService failing = new DurabilityPostureService(() -> {
            throw new PersistenceFailure(OutcomeClass.RETRYABLE, "connection refused", null);
        });
        assertThat(failing.durabilityPosture().verdict()).isEqualTo(Verdict.UNKNOWN);
    }
}
