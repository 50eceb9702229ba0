package dev.tristate.benchmark.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proxy in front of the MariaDB the integration tests use (TRISTATE_IT_DB_URL, a database of the run's own), with
 * plain JDBC; the database tests are skipped without it.
 */
class CommitCutProxyTest {

    private static final String URL = System.getenv("TRISTATE_IT_DB_URL");
    private static final String USER = System.getenv().getOrDefault("TRISTATE_IT_DB_USER", "root");
    private static final String PASSWORD = System.getenv().getOrDefault("TRISTATE_IT_DB_PASSWORD", "");

    private CommitCutProxy proxy;

    @BeforeEach
    void startProxy() throws Exception {
        if (URL == null || !URL.startsWith("jdbc:mysql:")) {
            return;
        }
        URI server = URI.create(URL.substring("jdbc:".length()));
        proxy = CommitCutProxy.start(server.getHost(), server.getPort());
        try (Connection c = direct(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS cut_rows (id INT PRIMARY KEY) ENGINE=InnoDB");
            s.execute("CREATE TABLE IF NOT EXISTS other_rows (id INT PRIMARY KEY) ENGINE=InnoDB");
            s.execute("DELETE FROM cut_rows");
            s.execute("DELETE FROM other_rows");
        }
    }

    @AfterEach
    void stopProxy() {
        if (proxy != null) {
            proxy.close();
        }
    }

    @Test
    void aCommitCutAfterTheServerCommittedFailsOnTheClientAndTheRowIsThere() throws Exception {
        try (Connection c = throughProxy()) {
            insert(c, "cut_rows", 1);
            proxy.arm(CommitCutProxy.Cut.AFTER_SERVER_COMMITTED, sql -> sql.contains("cut_rows"));

            assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
        }
        assertThat(proxy.cuts()).isEqualTo(1);
        assertThat(rowsOnceSessionsEnded("cut_rows")).isEqualTo(1);
    }

    @Test
    void aCommitCutBeforeTheServerCommittedFailsOnTheClientAndTheRowIsNotThere() throws Exception {
        try (Connection c = throughProxy()) {
            insert(c, "cut_rows", 1);
            proxy.arm(CommitCutProxy.Cut.BEFORE_SERVER_COMMITTED, sql -> sql.contains("cut_rows"));

            assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
        }
        assertThat(proxy.cuts()).isEqualTo(1);
        assertThat(rowsOnceSessionsEnded("cut_rows")).isZero();
    }

    @Test
    void anUnarmedProxyPassesCommitsThrough() throws Exception {
        try (Connection c = throughProxy()) {
            insert(c, "cut_rows", 1);
            c.commit();
            insert(c, "cut_rows", 2);
            c.commit();
        }
        assertThat(proxy.cuts()).isZero();
        assertThat(proxy.commits()).isGreaterThanOrEqualTo(2);
        assertThat(rowsIn("cut_rows")).isEqualTo(2);
    }

    @Test
    void anArmedCutWaitsForATransactionThatMatchesAndSparesTheOthers() throws Exception {
        proxy.arm(CommitCutProxy.Cut.AFTER_SERVER_COMMITTED, sql -> sql.contains("cut_rows"));
        try (Connection c = throughProxy()) {
            insert(c, "other_rows", 1);
            c.commit();
            assertThat(proxy.isArmed()).isTrue();

            insert(c, "cut_rows", 1);
            assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
        }
        assertThat(proxy.awaitCut(Duration.ofSeconds(1))).isTrue();
        assertThat(rowsIn("other_rows")).isEqualTo(1);
        assertThat(rowsIn("cut_rows")).isEqualTo(1);
    }

    @Test
    void otherConnectionsThroughTheProxyGoOnAfterACut() throws Exception {
        try (Connection bystander = throughProxy()) {
            try (Connection c = throughProxy()) {
                insert(c, "cut_rows", 1);
                proxy.armNextCommit(CommitCutProxy.Cut.AFTER_SERVER_COMMITTED);
                assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
            }
            insert(bystander, "other_rows", 7);
            bystander.commit();
        }
        assertThat(rowsIn("other_rows")).isEqualTo(1);
    }

    @Test
    void anOutageDropsOpenConnectionsAndRefusesNewOnesUntilItIsOver() throws Exception {
        try (Connection open = throughProxy()) {
            proxy.outage(Duration.ofSeconds(2));

            assertThat(proxy.inOutage()).isTrue();
            assertThatThrownBy(() -> insert(open, "other_rows", 1)).isInstanceOf(SQLException.class);
            assertThatThrownBy(this::throughProxy).isInstanceOf(SQLException.class);
        }
        Thread.sleep(2_100);
        assertThat(proxy.inOutage()).isFalse();
        try (Connection again = throughProxy()) {
            insert(again, "other_rows", 2);
            again.commit();
        }
        assertThat(rowsIn("other_rows")).isEqualTo(1);
    }

    @Test
    void eachCutNamesTheStatementThatMatched() throws Exception {
        try (Connection c = throughProxy()) {
            insert(c, "other_rows", 5);
            insert(c, "cut_rows", 5);
            proxy.arm(CommitCutProxy.Cut.AFTER_SERVER_COMMITTED, sql -> sql.contains("cut_rows"));
            assertThatThrownBy(c::commit).isInstanceOf(SQLException.class);
        }
        assertThat(proxy.cutStatements()).containsExactly("INSERT INTO cut_rows (id) VALUES (5)");
    }

    @Test
    void aClientOfAServerThatIsDownGetsAnErrorNotAHang() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        try (CommitCutProxy nowhere = CommitCutProxy.start("127.0.0.1", closedPort)) {
            assertThatThrownBy(() -> DriverManager.getConnection(nowhere.jdbcUrl("x", "connectTimeout=2000",
                    "socketTimeout=5000"), USER, PASSWORD)).isInstanceOf(SQLException.class);
        }
    }

    @Test
    void theProxyNeedsAServerToPointAt() {
        assertThatThrownBy(() -> CommitCutProxy.start("", 3306)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CommitCutProxy.start("127.0.0.1", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theTextOfAComQueryIsReadWithOrWithoutQueryAttributes() {
        assertThat(CommitCutProxyLink.queryText(packet(new byte[] {0x03}, "commit"))).isEqualTo("commit");
        assertThat(CommitCutProxyLink.queryText(packet(new byte[] {0x03, 0x00, 0x01}, "COMMIT"))).isEqualTo("COMMIT");
        assertThat(CommitCutProxyLink.queryText(packet(new byte[] {0x16}, "commit"))).isNull();
    }

    @Test
    void aClientAskingForTlsIsRecognised() {
        assertThat(CommitCutProxyLink.asksForTls(new byte[] {0x00, 0x08, 0x00, 0x00})).isTrue();
        assertThat(CommitCutProxyLink.asksForTls(new byte[] {(byte) 0xff, 0x07, 0x00, 0x00})).isFalse();
    }

    private static byte[] packet(byte[] prefix, String sql) {
        byte[] text = sql.getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[prefix.length + text.length];
        System.arraycopy(prefix, 0, all, 0, prefix.length);
        System.arraycopy(text, 0, all, prefix.length, text.length);
        return all;
    }

    private Connection throughProxy() throws SQLException {
        Assumptions.assumeTrue(proxy != null, "skipped: TRISTATE_IT_DB_URL names no MySQL/MariaDB database");
        String database = URI.create(URL.substring("jdbc:".length())).getPath().substring(1);
        Connection c = DriverManager.getConnection(proxy.jdbcUrl(database, "connectTimeout=5000",
                "socketTimeout=10000"), USER, PASSWORD);
        c.setAutoCommit(false);
        return c;
    }

    private static Connection direct() throws SQLException {
        return DriverManager.getConnection(URL, USER, PASSWORD);
    }

    private static void insert(Connection c, String table, int id) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO " + table + " (id) VALUES (" + id + ")");
        }
    }

    private static int rowsIn(String table) throws SQLException {
        try (Connection c = direct(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * The row count once the server has ended every other session of the database: a server that was cut off
     * finishes what it was sent (and rolls back what was left open) only when it notices the lost connection.
     */
    private static int rowsOnceSessionsEnded(String table) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        try (Connection c = direct(); Statement s = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST"
                        + " WHERE DB = DATABASE() AND ID <> CONNECTION_ID()")) {
                    rs.next();
                    if (rs.getInt(1) == 0) {
                        return rowsIn(table);
                    }
                }
                Thread.sleep(50);
            }
        }
        throw new AssertionError("the server still has sessions of the cut client after 10 s");
    }
}
