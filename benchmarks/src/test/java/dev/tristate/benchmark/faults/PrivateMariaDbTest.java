package dev.tristate.benchmark.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A real private MariaDB server on this machine; skipped where MariaDB is not installed. */
class PrivateMariaDbTest {

    private static PrivateMariaDb db;

    @BeforeAll
    static void startServer() throws Exception {
        Assumptions.assumeTrue(PrivateMariaDb.installed(), "skipped: MariaDB is not installed");
        db = PrivateMariaDb.start();
        try (Connection c = db.connect(""); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE faults CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            s.execute("CREATE TABLE faults.rows_kept (id INT PRIMARY KEY) ENGINE=InnoDB");
        }
    }

    @AfterAll
    static void stopServer() {
        if (db != null) {
            db.close();
            assertThat(db.isRunning()).isFalse();
        }
    }

    @Test
    void itIsAServerOfItsOwnOnAnotherPort() throws Exception {
        assertThat(db.port()).isNotEqualTo(3306);
        try (Connection c = db.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@port, @@innodb_flush_log_at_trx_commit")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(db.port());
            assertThat(rs.getInt(2)).isEqualTo(1);
        }
    }

    @Test
    void aStoppedServerRefusesConnectionsAndKeepsCommittedRowsWhenStartedAgain() throws Exception {
        insert(1);

        db.stop();

        assertThat(db.isRunning()).isFalse();
        assertThatThrownBy(() -> db.connect("faults")).isInstanceOf(SQLException.class);
        db.restart();
        assertThat(count(1)).isEqualTo(1);
    }

    @Test
    void aCrashedServerRecoversItsCommittedRows() throws Exception {
        insert(2);

        db.crash();

        assertThat(db.isRunning()).isFalse();
        db.restart();
        assertThat(count(2)).isEqualTo(1);
    }

    @Test
    void killingTheConnectionsOfADatabaseCutsThemAndSparesTheOthers() throws Exception {
        try (Connection victim = db.connect("faults"); Connection bystander = db.connect("mysql")) {
            assertThat(ping(victim)).isTrue();

            int killed = db.killConnections("faults");

            assertThat(killed).isEqualTo(1);
            assertThat(ping(victim)).isFalse();
            assertThat(ping(bystander)).isTrue();
        }
    }

    @Test
    void theConnectionsOfADatabaseCanBeKilledOnAServerNamedWithATrailingSlash() throws Exception {
        try (Connection victim = db.connect("faults")) {
            int killed = PrivateMariaDb.killConnections(db.serverUrl() + "/", "root", "", "faults");

            assertThat(killed).isEqualTo(1);
            assertThat(ping(victim)).isFalse();
        }
    }

    @Test
    void startingARunningServerAgainIsRefused() {
        assertThatThrownBy(() -> db.restart()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is running");
    }

    @Test
    void killingConnectionsNeedsADatabaseName() {
        assertThatThrownBy(() -> db.killConnections(" ")).isInstanceOf(IllegalArgumentException.class);
    }

    private static boolean ping(Connection c) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            return rs.next();
        } catch (SQLException cut) {
            return false;
        }
    }

    private static void insert(int id) throws SQLException {
        try (Connection c = db.connect("faults"); Statement s = c.createStatement()) {
            s.execute("INSERT INTO rows_kept (id) VALUES (" + id + ")");
        }
    }

    private static int count(int id) throws SQLException {
        try (Connection c = db.connect("faults"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM rows_kept WHERE id = " + id)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
