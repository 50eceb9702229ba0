package dev.tristate.adapter.out.persistence.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.persistence.PersistenceIntegrationTest;
import dev.tristate.application.console.port.out.DatabaseSettings.Snapshot;
import dev.tristate.application.console.port.out.DatabaseSettings;
import dev.tristate.testing.IntegrationEnvironment;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

class JdbcDatabaseSettingsTest extends PersistenceIntegrationTest {

    @Autowired
    DatabaseSettings settings;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void readsWhatTheServerReports() {
        Snapshot snapshot = settings.read();

        if (IntegrationEnvironment.realDatabase()) {
            assertThat(snapshot.product()).containsAnyOf("MariaDB", "MySQL");
            assertThat(snapshot.innodbFlushLogAtTrxCommit())
                    .contains(jdbc.queryForObject("SELECT @@innodb_flush_log_at_trx_commit", Integer.class));
            assertThat(snapshot.syncBinlog()).contains(jdbc.queryForObject("SELECT @@sync_binlog", Integer.class));
            assertThat(snapshot.binaryLogOn())
                    .contains(jdbc.queryForObject("SELECT @@log_bin", Integer.class) != 0);
        } else {
            assertThat(snapshot.product()).isEqualTo("H2");
            assertThat(snapshot.innodbFlushLogAtTrxCommit()).isEmpty();
        }
    }
}
