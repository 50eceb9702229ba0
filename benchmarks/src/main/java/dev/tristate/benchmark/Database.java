package dev.tristate.benchmark;

import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Set-up and checks with plain JDBC, outside any measurement: the database, the tenant, the payments. */
public final class Database {

    /** The channel of the relay and consumer benchmarks' payments; the callback benchmark's is --channel. */
    static final String CHANNEL = "sandbox";
    static final long AMOUNT_MINOR = 1999;
    static final String CURRENCY = "CNY";
    /** Tenants of this benchmark: their ids start with it, so leftovers of earlier runs can be told apart. */
    static final String TENANT_PREFIX = "bench-";

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final Settings settings;

    public Database(Settings settings) {
        this.settings = settings;
    }

    /** A UTC DATETIME(6) as the text literal the application binds (UtcDateTimeTypeHandler). */
    public static String utc(Instant instant) {
        return utc(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    /** The same literal for a UTC date-time. */
    public static String utc(LocalDateTime utc) {
        return LITERAL.format(utc);
    }

    /** The instant such a literal names (also MariaDB's {@code DATE_FORMAT(..., '%Y-%m-%d %H:%i:%s.%f')}). */
    public static Instant instant(String utcLiteral) {
        return LocalDateTime.parse(utcLiteral, LITERAL).toInstant(ZoneOffset.UTC);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(settings.jdbcUrl(), settings.dbUser(), settings.dbPassword());
    }

    /** CREATE DATABASE IF NOT EXISTS (after DROP DATABASE when asked), as the CI script creates its databases. */
    public void create() throws SQLException {
        try (Connection c = DriverManager.getConnection(settings.serverOnlyUrl(), settings.dbUser(),
                settings.dbPassword()); Statement s = c.createStatement()) {
            if (settings.dropDatabase()) {
                s.execute("DROP DATABASE IF EXISTS `" + settings.database() + "`");
            }
            s.execute("CREATE DATABASE IF NOT EXISTS `" + settings.database()
                    + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        }
    }

    /** What the figures were measured under. */
    public Map<String, String> serverSettings() throws SQLException {
        Map<String, String> values = new LinkedHashMap<>();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT VERSION()")) {
                rs.next();
                values.put("version", rs.getString(1));
            }
            for (String name : List.of("innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin",
                    "innodb_doublewrite", "innodb_flush_method", "innodb_buffer_pool_size", "transaction_isolation",
                    "tx_isolation")) {
                try (ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES LIKE '" + name + "'")) {
                    if (rs.next()) {
                        values.put(name, rs.getString(2));
                    }
                }
            }
        }
        return values;
    }

    /**
     * Channel secrets of earlier benchmark runs were encrypted under their runs' master keys, which are gone; the
     * application decrypts every sandbox secret at start-up, so they are removed before it starts. Only this
     * benchmark's own tenants are touched.
     */
    int retireEarlierRuns() throws SQLException {
        try (Connection c = connect()) {
            if (!tableExists(c, "channel_secrets")) {
                return 0;
            }
            try (PreparedStatement secrets = c.prepareStatement("DELETE FROM channel_secrets WHERE tenant_id LIKE ?");
                 PreparedStatement accounts = c.prepareStatement(
                         "DELETE FROM channel_accounts WHERE tenant_id LIKE ?")) {
                secrets.setString(1, TENANT_PREFIX + "%");
                accounts.setString(1, TENANT_PREFIX + "%");
                int n = secrets.executeUpdate();
                accounts.executeUpdate();
                return n;
            }
        }
    }

    /** The tables the callback path writes, which the application's Liquibase changelogs create at start-up. */
    void requireCallbackSchema() throws SQLException {
        try (Connection c = connect()) {
            for (String table : List.of("tenants", "channel_accounts", "channel_secrets", "payments",
                    "channel_notifications", "outbox_events")) {
                if (!tableExists(c, table)) {
                    throw new IllegalStateException("the application did not create table " + table + " in "
                            + settings.database() + ": is " + settings.appJar() + " older than the callback path?"
                            + " Rebuild it (mvn -DskipTests package).");
                }
            }
        }
    }

    private static boolean tableExists(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM information_schema.tables"
                + " WHERE table_schema = DATABASE() AND table_name = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    /** Tenant, sandbox account and signing secret, as CrashPointKillTest provisions them. */
    void provisionTenant(String tenantId, String merchantId, String secret, String masterKey) throws SQLException {
        provisionTenant(tenantId, new CallbackChannel.Sandbox(merchantId, secret), masterKey);
    }

    /** Tenant, its account at the channel and the channel's secrets, encrypted as the application stores them. */
    void provisionTenant(String tenantId, CallbackChannel channel, String masterKey) throws SQLException {
        String now = utc(Instant.now());
        SecretCipher cipher = SecretCipher.fromBase64(masterKey, new SecureRandom());
        try (Connection c = connect()) {
            c.setAutoCommit(false);
            try (PreparedStatement tenant = c.prepareStatement("INSERT INTO tenants (id, name, sandbox_merchant_id,"
                    + " created_at) VALUES (?, 'Benchmark shop', ?, ?)");
                 PreparedStatement account = c.prepareStatement("INSERT INTO channel_accounts (channel, account_id,"
                         + " tenant_id, created_at) VALUES (?, ?, ?, ?)");
                 PreparedStatement key = c.prepareStatement("INSERT INTO channel_secrets (tenant_id, channel, name,"
                         + " ciphertext, created_at) VALUES (?, ?, ?, ?, ?)")) {
                tenant.setString(1, tenantId);
                // Every tenant has a sandbox merchant id (unique); for another channel it names no account.
                tenant.setString(2, channel.name().equals(CHANNEL) ? channel.accountId() : "m-" + tenantId);
                tenant.setString(3, now);
                tenant.executeUpdate();
                account.setString(1, channel.name());
                account.setString(2, channel.accountId());
                account.setString(3, tenantId);
                account.setString(4, now);
                account.executeUpdate();
                for (Map.Entry<String, String> secret : channel.secrets().entrySet()) {
                    key.setString(1, tenantId);
                    key.setString(2, channel.name());
                    key.setString(3, secret.getKey());
                    key.setString(4, cipher.encrypt(secret.getValue()));
                    key.setString(5, now);
                    key.executeUpdate();
                }
            }
            c.commit();
        }
    }

    /** PENDING sandbox payments of 19.99 CNY, as the merchant API writes them, in multi-row INSERTs. */
    void insertPendingPayments(String tenantId, List<String> paymentIds) throws SQLException {
        insertPendingPayments(tenantId, CHANNEL, paymentIds);
    }

    /** PENDING payments of 19.99 CNY through {@code channel}, in multi-row INSERTs. */
    void insertPendingPayments(String tenantId, String channel, List<String> paymentIds) throws SQLException {
        String now = utc(Instant.now());
        int chunk = 500;
        try (Connection c = connect()) {
            for (int from = 0; from < paymentIds.size(); from += chunk) {
                List<String> ids = paymentIds.subList(from, Math.min(paymentIds.size(), from + chunk));
                StringBuilder sql = new StringBuilder("INSERT INTO payments (id, tenant_id, merchant_order_id,"
                        + " amount_minor, currency, channel, user_id, sku, description, status, channel_txn_id,"
                        + " refunded_minor, created_at, updated_at, paid_at, version) VALUES ");
                for (int i = 0; i < ids.size(); i++) {
                    sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ").append(AMOUNT_MINOR).append(", '")
                            .append(CURRENCY).append("', '").append(channel)
                            .append("', 'u-42', 'course:java-101', 'Java 101', 'PENDING', NULL, 0, ?, ?, NULL, 0)");
                }
                try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                    int p = 1;
                    for (String id : ids) {
                        ps.setString(p++, id);
                        ps.setString(p++, tenantId);
                        ps.setString(p++, "o-" + id);
                        ps.setString(p++, now);
                        ps.setString(p++, now);
                    }
                    ps.executeUpdate();
                }
            }
        }
    }

    /** Server-wide statement counters (SHOW GLOBAL STATUS): round trips per callback, when nothing else runs. */
    Map<String, Long> statementCounters() throws SQLException {
        Map<String, Long> counters = new LinkedHashMap<>();
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SHOW GLOBAL STATUS WHERE Variable_name IN ('Questions', 'Com_select', 'Com_insert', 'Com_update',"
                        + " 'Com_set_option', 'Com_commit')")) {
            while (rs.next()) {
                counters.put(rs.getString(1), rs.getLong(2));
            }
        }
        return counters;
    }

    /** The single number {@code sql} (a {@code COUNT(*)}) returns, with {@code parameter} bound first if given. */
    public long count(String sql, String parameter) throws SQLException {
        try (Connection c = connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            if (parameter != null) {
                ps.setString(1, parameter);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The undo history (transactions) the database may still have to purge when a measured phase starts. */
    static final long PURGED = 20;

    /** Waits (up to a minute) until InnoDB's purge has caught up with earlier phases: {@link #PURGED} at most. */
    public void awaitPurged() throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        long length = historyListLength();
        while (length > PURGED && System.nanoTime() < deadline) {
            Thread.sleep(100);
            length = historyListLength();
        }
        if (length > PURGED) {
            Report.say("    the database's purge still had " + length + " transactions to go after a minute");
        }
    }

    /** InnoDB's history list: committed transactions whose undo the purge has yet to process. */
    public long historyListLength() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'")) {
            return rs.next() ? rs.getLong(2) : 0;
        }
    }

    /** What the run left for this tenant: payments by status, outbox rows, notifications by outcome. */
    Map<String, Long> countsOf(String tenantId) throws SQLException {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection c = connect()) {
            count(c, counts, "payments ", "SELECT status, COUNT(*) FROM payments WHERE tenant_id = ? GROUP BY status",
                    tenantId);
            count(c, counts, "outbox ", "SELECT event_type, COUNT(*) FROM outbox_events WHERE tenant_id = ?"
                    + " GROUP BY event_type", tenantId);
            count(c, counts, "notifications ", "SELECT outcome, COUNT(*) FROM channel_notifications"
                    + " WHERE tenant_id = ? GROUP BY outcome", tenantId);
        }
        return counts;
    }

    private static void count(Connection c, Map<String, Long> into, String prefix, String sql, String tenantId)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, tenantId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    into.put(prefix + rs.getString(1), rs.getLong(2));
                }
            }
        }
    }
}
