package dev.tristate.bootstrap.relay;

import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.testing.IntegrationEnvironment;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * A database of the relay tests' own, so that no other relay in the test JVM (every cached application context runs
 * one) claims their events: a sibling of the integration database on MariaDB/MySQL (same server and credentials,
 * created here and dropped afterwards), a private H2 database otherwise.
 */
public final class RelayTestDatabase {

    private final String url;
    private final String mariaDbName;

    private RelayTestDatabase(String url, String mariaDbName) {
        this.url = url;
        this.mariaDbName = mariaDbName;
    }

    /** In memory on H2; {@link #fileBacked} where several processes share it. */
    public static RelayTestDatabase create(String label) {
        if (IntegrationEnvironment.realDatabase()) {
            return createOnServer(label);
        }
        return new RelayTestDatabase("jdbc:h2:mem:relay-" + label + "-" + suffix()
                + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1", null);
    }

    /** For child processes: a file on H2 (AUTO_SERVER lets processes share it). */
    static RelayTestDatabase fileBacked(String label, Path dir) {
        if (IntegrationEnvironment.realDatabase()) {
            return createOnServer(label);
        }
        return new RelayTestDatabase("jdbc:h2:file:" + dir.resolve("relay-" + label)
                + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0;AUTO_SERVER=TRUE", null);
    }

    private static RelayTestDatabase createOnServer(String label) {
        String base = IntegrationEnvironment.jdbcUrl();
        int slash = base.indexOf('/', "jdbc:mysql://".length());
        int query = base.indexOf('?', slash);
        String server = base.substring(0, slash + 1);
        String params = query < 0 ? "" : base.substring(query);
        String baseName = base.substring(slash + 1, query < 0 ? base.length() : query);
        String name = (baseName.length() > 40 ? baseName.substring(0, 40) : baseName) + "_relay_" + label + "_"
                + suffix();
        execute(base, "CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        return new RelayTestDatabase(server + name + params, name);
    }

    public String url() {
        return url;
    }

    /** A small pool onto it, for a test that watches what child processes write. */
    HikariDataSource openDataSource() {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(url);
        dataSource.setUsername(IntegrationEnvironment.dbUser());
        dataSource.setPassword(IntegrationEnvironment.dbPassword());
        dataSource.setMaximumPoolSize(2);
        return dataSource;
    }

    public void drop() {
        // An H2 database goes with the test JVM (in memory) or the test's temporary folder (file).
        if (mariaDbName != null) {
            execute(IntegrationEnvironment.jdbcUrl(), "DROP DATABASE IF EXISTS `" + mariaDbName + "`");
        }
    }

    private static void execute(String url, String sql) {
        try (Connection connection = DriverManager.getConnection(url, IntegrationEnvironment.dbUser(),
                IntegrationEnvironment.dbPassword()); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot run " + sql + " on " + url, e);
        }
    }

    private static String suffix() {
        return UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    }
}
