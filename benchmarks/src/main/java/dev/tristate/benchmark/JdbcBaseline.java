package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.json;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The floor: the SQL the application runs for one applied SUCCESS callback, through plain JDBC on two Hikari pools
 * of the callback pool's size, and nothing else (no HTTP, JSON, signature check, decryption or framework).
 * The statements are the application's (the persistence adapter's CallbackStatements, which took them over from the
 * MyBatis mappers), in the application's order and transaction boundaries: one lookup (the account's tenant and its
 * valid secrets) on its own connection in autocommit, for WeChat Pay one more per opening secret (the APIv3 key and
 * the app id, as ChannelSecretMapper.findValid reads them), then one READ COMMITTED transaction of five statements
 * on a connection of a pool that stays out of autocommit, as the application's callback pool does.
 * Parameters are bound as the application binds them (date-times as text literals) and every statement carries the
 * application's statement timeout (10 s).
 */
final class JdbcBaseline implements AutoCloseable {

    static final String FIND_VERIFICATION_KEYS = "SELECT a.tenant_id AS tenantId, s.ciphertext AS ciphertext"
            + " FROM channel_accounts a LEFT JOIN channel_secrets s ON s.tenant_id = a.tenant_id"
            + " AND s.channel = a.channel AND s.name = ? AND (s.valid_until IS NULL OR s.valid_until > ?)"
            + " WHERE a.channel = ? AND a.account_id = ? ORDER BY s.id DESC";
    static final String FIND_VALID_SECRETS = "SELECT ciphertext FROM channel_secrets WHERE tenant_id = ? AND channel = ?"
            + " AND name = ? AND (valid_until IS NULL OR valid_until > ?) ORDER BY id DESC";
    static final String INSERT_NOTIFICATION = "INSERT INTO channel_notifications (channel, source, tenant_id,"
            + " notify_id, dedup_key, duplicate_of, payment_id, trade_no, reported_status, reported_amount_minor,"
            + " reported_currency, trace_id, signature_result, status_before, status_after, outcome, reason,"
            + " answer_status, answer_body, headers, raw_body, received_at, handling_micros)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String FIND_PAYMENT = "SELECT id, tenant_id, merchant_order_id, amount_minor, currency, channel,"
            + " user_id, sku, description, status, channel_txn_id, refunded_minor, created_at, updated_at, paid_at,"
            + " version FROM payments WHERE tenant_id = ? AND id = ?";
    static final String UPDATE_PAYMENT = "UPDATE payments SET status = ?, channel_txn_id = ?, refunded_minor = ?,"
            + " updated_at = ?, paid_at = ?, version = ? WHERE tenant_id = ? AND id = ? AND status = ? AND version = ?"
            + " AND amount_minor = ? AND currency = ?";
    static final String INSERT_OUTBOX = "INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type,"
            + " aggregate_id, event_type, payload, status, attempts, next_attempt_at, created_at)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String COMPLETE_NOTIFICATION = "UPDATE channel_notifications SET outcome = ?, status_before = ?,"
            + " status_after = ?, reason = ?, answer_status = ?, answer_body = ?, handling_micros = ? WHERE id = ?";

    /** tristate.datasource.statement-timeout's default, which MyBatis sets on every statement. */
    private static final int STATEMENT_TIMEOUT_SECONDS = 10;
    private final CallbackChannel channel;
    private final HikariDataSource lookups;
    private final HikariDataSource transactions;
    private final String headersTemplate;

    JdbcBaseline(Settings settings, int appPort, CallbackChannel channel) {
        this.channel = channel;
        this.lookups = pool(settings, "jdbc-baseline", true);
        this.transactions = pool(settings, "jdbc-baseline-transactions", false);
        // What the application stores of the request headers; same names and sizes as the HTTP path's.
        this.headersTemplate = "Content-Length: %d\nHost: 127.0.0.1:" + appPort + "\nUser-Agent: Java-http-client/"
                + System.getProperty("java.version") + "\nContent-Type: application/json\n%s";
    }

    private static HikariDataSource pool(Settings settings, String name, boolean autoCommit) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setAutoCommit(autoCommit);
        config.setJdbcUrl(settings.jdbcUrl());
        config.setUsername(settings.dbUser());
        config.setPassword(settings.dbPassword());
        config.setMaximumPoolSize(settings.callbackPoolSize());
        config.setMinimumIdle(settings.callbackPoolSize());
        config.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
        // The driver settings the application's pools get (ConnectorJ): the same driver work per statement.
        config.addDataSourceProperty("cachePrepStmts", "true");
        config.addDataSourceProperty("prepStmtCacheSize", "250");
        config.addDataSourceProperty("prepStmtCacheSqlLimit", "4096");
        config.addDataSourceProperty("useLocalSessionState", "true");
        config.addDataSourceProperty("openTelemetry", "DISABLED");
        return new HikariDataSource(config);
    }

    /** One callback: the lookups, then the transaction. Throws when the payment did not move. */
    void handle(Callback callback) throws SQLException {
        Instant received = Instant.now();
        long start = System.nanoTime();
        String tenantId = null;
        List<String> ciphertexts = new ArrayList<>();
        try (Connection c = lookups.getConnection();
             PreparedStatement ps = c.prepareStatement(FIND_VERIFICATION_KEYS)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            ps.setString(1, channel.verifyingSecretName());
            ps.setString(2, Database.utc(received));
            ps.setString(3, channel.name());
            ps.setString(4, channel.accountId());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    tenantId = rs.getString(1);
                    String ciphertext = rs.getString(2);
                    if (ciphertext != null) {
                        ciphertexts.add(ciphertext);
                    }
                }
            }
        }
        if (tenantId == null) {
            throw new SQLException("unknown merchant " + channel.accountId());
        }
        if (ciphertexts.isEmpty()) {
            throw new SQLException("no secret for tenant " + tenantId);
        }
        for (String name : channel.openingSecretNames()) {
            try (Connection c = lookups.getConnection();
             PreparedStatement ps = c.prepareStatement(FIND_VALID_SECRETS)) {
                ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
                ps.setString(1, tenantId);
                ps.setString(2, channel.name());
                ps.setString(3, name);
                ps.setString(4, Database.utc(received));
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no " + name + " for tenant " + tenantId);
                    }
                }
            }
        }
        try (Connection c = transactions.getConnection()) {
            try {
                recordAndApply(c, callback, tenantId, received, start);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private void recordAndApply(Connection c, Callback cb, String tenantId, Instant received, long start)
            throws SQLException {
        String receivedAt = Database.utc(received);
        long notificationId;
        try (PreparedStatement ps = c.prepareStatement(INSERT_NOTIFICATION, Statement.RETURN_GENERATED_KEYS)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            int p = 1;
            ps.setString(p++, channel.name());
            ps.setString(p++, "CALLBACK");
            ps.setString(p++, tenantId);
            ps.setString(p++, cb.notifyId());
            ps.setString(p++, channel.name() + '|' + tenantId + '|' + cb.notifyId());
            ps.setNull(p++, Types.BIGINT);
            ps.setString(p++, cb.paymentId());
            ps.setString(p++, cb.tradeNo());
            ps.setString(p++, "SUCCESS");
            ps.setLong(p++, Database.AMOUNT_MINOR);
            ps.setString(p++, Database.CURRENCY);
            ps.setString(p++, UUID.randomUUID().toString());
            ps.setString(p++, "VALID");
            ps.setNull(p++, Types.VARCHAR);
            ps.setNull(p++, Types.VARCHAR);
            ps.setString(p++, "IN_PROGRESS");
            ps.setNull(p++, Types.VARCHAR);
            ps.setNull(p++, Types.INTEGER);
            ps.setNull(p++, Types.VARCHAR);
            StringBuilder signed = new StringBuilder();
            cb.headers().forEach((name, value) -> signed.append(name).append(": ").append(value).append('\n'));
            ps.setString(p++, headersTemplate.formatted(cb.body().length, signed));
            ps.setBytes(p++, cb.body());
            ps.setString(p++, receivedAt);
            ps.setNull(p, Types.BIGINT);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
                notificationId = keys.getLong(1);
            }
        }
        String merchantOrderId;
        String userId;
        String sku;
        String status;
        long version;
        long amountMinor;
        String currency;
        long refundedMinor;
        try (PreparedStatement ps = c.prepareStatement(FIND_PAYMENT)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            ps.setString(1, tenantId);
            ps.setString(2, cb.paymentId());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no payment " + cb.paymentId());
                }
                merchantOrderId = rs.getString("merchant_order_id");
                amountMinor = rs.getLong("amount_minor");
                currency = rs.getString("currency");
                userId = rs.getString("user_id");
                sku = rs.getString("sku");
                status = rs.getString("status");
                refundedMinor = rs.getLong("refunded_minor");
                version = rs.getLong("version");
            }
        }
        if (!status.equals("PENDING") || amountMinor != Database.AMOUNT_MINOR) {
            throw new SQLException("payment " + cb.paymentId() + " is " + status + ", not a fresh PENDING payment");
        }
        try (PreparedStatement ps = c.prepareStatement(UPDATE_PAYMENT)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            ps.setString(1, "SUCCEEDED");
            ps.setString(2, cb.tradeNo());
            ps.setLong(3, refundedMinor);
            ps.setString(4, receivedAt);
            ps.setString(5, Database.utc(cb.eventTime()));
            ps.setLong(6, version + 1);
            ps.setString(7, tenantId);
            ps.setString(8, cb.paymentId());
            ps.setString(9, status);
            ps.setLong(10, version);
            ps.setLong(11, amountMinor);
            ps.setString(12, currency);
            if (ps.executeUpdate() != 1) {
                throw new SQLException("payment " + cb.paymentId() + " moved under the baseline");
            }
        }
        EventId eventId = EventId.derive(cb.paymentId(), EventType.PaymentSucceeded, null);
        try (PreparedStatement ps = c.prepareStatement(INSERT_OUTBOX, Statement.RETURN_GENERATED_KEYS)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            ps.setString(1, eventId.toString());
            ps.setString(2, EventType.PaymentSucceeded.name() + '|' + cb.paymentId() + '|');
            ps.setString(3, tenantId);
            ps.setString(4, "payment");
            ps.setString(5, cb.paymentId());
            ps.setString(6, EventType.PaymentSucceeded.name());
            ps.setString(7, payload(eventId, tenantId, cb, merchantOrderId, amountMinor, currency, userId, sku,
                    received));
            ps.setString(8, "PENDING");
            ps.setInt(9, 0);
            ps.setString(10, receivedAt);
            ps.setString(11, receivedAt);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                keys.next();
            }
        }
        try (PreparedStatement ps = c.prepareStatement(COMPLETE_NOTIFICATION)) {
            ps.setQueryTimeout(STATEMENT_TIMEOUT_SECONDS);
            ps.setString(1, "APPLIED");
            ps.setString(2, "PENDING");
            ps.setString(3, "SUCCEEDED");
            ps.setNull(4, Types.VARCHAR);
            ps.setInt(5, channel.successStatus());
            ps.setString(6, channel.successBody());
            ps.setLong(7, (System.nanoTime() - start) / 1_000);
            ps.setLong(8, notificationId);
            ps.executeUpdate();
        }
    }

    /** The outbox payload of a PaymentSucceeded event, field for field as the application writes it. */
    private static String payload(EventId eventId, String tenantId, Callback cb, String merchantOrderId,
                                  long amountMinor, String currency, String userId, String sku, Instant occurredAt) {
        return "{\"event_id\":" + json(eventId.toString()) + ",\"event_type\":\"PaymentSucceeded\",\"tenant_id\":"
                + json(tenantId) + ",\"payment_id\":" + json(cb.paymentId()) + ",\"occurred_at\":"
                + json(occurredAt.toString()) + ",\"merchant_order_id\":" + json(merchantOrderId)
                + ",\"amount_minor\":" + amountMinor + ",\"amount_currency\":" + json(currency)
                + ",\"channel_txn_id\":" + json(cb.tradeNo()) + ",\"user_id\":" + json(userId) + ",\"sku\":"
                + json(sku) + "}";
    }

    @Override
    public void close() {
        lookups.close();
        transactions.close();
    }
}
