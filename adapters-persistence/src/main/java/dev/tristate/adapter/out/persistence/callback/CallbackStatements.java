package dev.tristate.adapter.out.persistence.callback;

import dev.tristate.adapter.out.persistence.callback.NotificationMapper.NotificationRow;
import dev.tristate.adapter.out.persistence.jdbc.JdbcBinds;
import dev.tristate.adapter.out.persistence.jdbc.OutboxRow;
import dev.tristate.adapter.out.persistence.jdbc.PaymentRow;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import dev.tristate.adapter.out.persistence.jdbc.UtcDateTimeTypeHandler;
import dev.tristate.adapter.out.persistence.outbox.RelayBatchStatements;
import dev.tristate.adapter.out.persistence.payment.PaymentMapper;
import dev.tristate.adapter.out.persistence.tenant.ChannelSecretMapper;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.session.SqlSessionFactory;
import org.springframework.dao.DataRetrievalFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementCreator;
import org.springframework.jdbc.core.SqlProvider;

/**
 * The statements of one applied channel callback through Spring's {@link JdbcTemplate} instead of MyBatis: the
 * verification keys, the notification's insert and completion, the payment's read and conditional update and the
 * outbox insert. A JFR profile of the callback path showed ~16% of the request thread's CPU in MyBatis' generic
 * machinery for them (parameter and result mapping by reflection, type handler look-ups, SQL source building);
 * here the values are bound by position and the rows read by column position, as in {@link RelayBatchStatements}.
 *
 * <p>The SQL is what the mappers ran (ChannelSecretMapper.xml, PaymentMapper.xml and NotificationMapper.xml keep
 * the rest of their statements; benchmarks' JdbcBaseline copies these). The template comes from
 * {@link StoreJdbc}: MyBatis' data source, statement timeout and exception translation. Values are bound as
 * MyBatis' type handlers bind them: date-times as {@link UtcDateTimeTypeHandler} does, and a null as MyBatis binds
 * one ({@code setNull} with its {@code jdbcTypeForNull}, OTHER).
 *
 * <p>A MyBatis write clears the local (per-transaction) cache of MyBatis' session, so that a MyBatis query repeated
 * later in the transaction reads the database again; the writes here do the same, or a MyBatis read of a row this
 * class changed (a payment's {@code lockById}, say) could answer from that cache with the row as it was.
 */
public final class CallbackStatements {

    static final String FIND_VERIFICATION_KEYS = "SELECT a.tenant_id AS tenantId, s.ciphertext AS ciphertext"
            + " FROM channel_accounts a LEFT JOIN channel_secrets s ON s.tenant_id = a.tenant_id"
            + " AND s.channel = a.channel AND s.name = ? AND (s.valid_until IS NULL OR s.valid_until > ?)"
            + " WHERE a.channel = ? AND a.account_id = ? ORDER BY s.id DESC";

    static final String FIND_PAYMENT = "SELECT id, tenant_id, merchant_order_id, amount_minor, currency, channel,"
            + " user_id, sku, description, status, channel_txn_id, refunded_minor, created_at, updated_at, paid_at,"
            + " version, return_url FROM payments WHERE tenant_id = ? AND id = ?";

    /**
     * The precondition is the decision: 0 rows means someone else moved the payment first. It is the status and
     * version that were read, not a list of statuses: the transition table decided on that read (in the domain), and
     * the row count only says whether the read still holds.
     */
    static final String UPDATE_PAYMENT = "UPDATE payments SET status = ?, channel_txn_id = ?, refunded_minor = ?,"
            + " updated_at = ?, paid_at = ?, version = ? WHERE tenant_id = ? AND id = ? AND status = ? AND version = ?"
            + " AND amount_minor = ? AND currency = ?";

    static final String INSERT_NOTIFICATION = "INSERT INTO channel_notifications (channel, source, tenant_id,"
            + " notify_id, dedup_key, duplicate_of, payment_id, trade_no, reported_status, reported_amount_minor,"
            + " reported_currency, trace_id, signature_result, status_before, status_after, outcome, reason,"
            + " answer_status, answer_body, headers, raw_body, received_at, handling_micros)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    static final String COMPLETE_NOTIFICATION = "UPDATE channel_notifications SET outcome = ?, status_before = ?,"
            + " status_after = ?, reason = ?, answer_status = ?, answer_body = ?, handling_micros = ? WHERE id = ?";

    static final String INSERT_OUTBOX = "INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type,"
            + " aggregate_id, event_type, payload, status, attempts, next_attempt_at, created_at, trace_parent)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    /** The notification's generated id, asked for by column name as MyBatis does for {@code keyColumn="id"}. */
    private static final PreparedStatementCreator INSERT_NOTIFICATION_RETURNING_ID = new KeyedInsert(
            INSERT_NOTIFICATION, new String[] {"id"});

    /** One row of {@link #FIND_VERIFICATION_KEYS}: a NULL ciphertext when the owner has no valid secret. */
    public record KeyRow(String tenantId, String ciphertext) {
    }

    private final JdbcTemplate jdbc;
    private final SqlSessionFactory myBatis;

    public CallbackStatements(JdbcTemplate jdbc, SqlSessionFactory myBatis) {
        this.jdbc = jdbc;
        this.myBatis = myBatis;
    }

    /** The account's tenant and that tenant's valid secrets, newest first; a NULL ciphertext: no valid secret. */
    public List<KeyRow> findVerificationKeys(String channel, String accountId, String name, LocalDateTime now) {
        return jdbc.query(FIND_VERIFICATION_KEYS, ps -> {
            JdbcBinds.string(ps, 1, name);
            JdbcBinds.dateTime(ps, 2, now);
            JdbcBinds.string(ps, 3, channel);
            JdbcBinds.string(ps, 4, accountId);
        }, (rs, n) -> new KeyRow(rs.getString(1), rs.getString(2)));
    }

    /** The payment, or null. The primary key allows one row at most. */
    public PaymentRow findPayment(String tenantId, String id) {
        return jdbc.query(FIND_PAYMENT, ps -> {
            JdbcBinds.string(ps, 1, tenantId);
            JdbcBinds.string(ps, 2, id);
        }, rs -> rs.next() ? paymentRow(rs) : null);
    }

    public int updatePaymentWhereUnchanged(PaymentRow after, String expectedStatus, long expectedVersion) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        return jdbc.update(UPDATE_PAYMENT, ps -> {
            JdbcBinds.string(ps, 1, after.status);
            JdbcBinds.string(ps, 2, after.channelTxnId);
            ps.setLong(3, after.refundedMinor);
            JdbcBinds.dateTime(ps, 4, after.updatedAt);
            JdbcBinds.dateTime(ps, 5, after.paidAt);
            ps.setLong(6, after.version);
            JdbcBinds.string(ps, 7, after.tenantId);
            JdbcBinds.string(ps, 8, after.id);
            JdbcBinds.string(ps, 9, expectedStatus);
            ps.setLong(10, expectedVersion);
            ps.setLong(11, after.amountMinor);
            JdbcBinds.string(ps, 12, after.currency);
        });
    }

    /** Inserts the notification and returns its generated id. */
    long insertNotification(NotificationRow row) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        Long id = jdbc.execute(INSERT_NOTIFICATION_RETURNING_ID, ps -> {
            JdbcBinds.string(ps, 1, row.channel);
            JdbcBinds.string(ps, 2, row.source);
            JdbcBinds.string(ps, 3, row.tenantId);
            JdbcBinds.string(ps, 4, row.notifyId);
            JdbcBinds.string(ps, 5, row.dedupKey);
            JdbcBinds.bigint(ps, 6, row.duplicateOf);
            JdbcBinds.string(ps, 7, row.paymentId);
            JdbcBinds.string(ps, 8, row.tradeNo);
            JdbcBinds.string(ps, 9, row.reportedStatus);
            JdbcBinds.bigint(ps, 10, row.reportedAmountMinor);
            JdbcBinds.string(ps, 11, row.reportedCurrency);
            JdbcBinds.string(ps, 12, row.traceId);
            JdbcBinds.string(ps, 13, row.signatureResult);
            JdbcBinds.string(ps, 14, row.statusBefore);
            JdbcBinds.string(ps, 15, row.statusAfter);
            JdbcBinds.string(ps, 16, row.outcome);
            JdbcBinds.string(ps, 17, row.reason);
            JdbcBinds.integer(ps, 18, row.answerStatus);
            JdbcBinds.string(ps, 19, row.answerBody);
            JdbcBinds.string(ps, 20, row.headers);
            JdbcBinds.bytes(ps, 21, row.rawBody);
            JdbcBinds.dateTime(ps, 22, row.receivedAt);
            JdbcBinds.bigint(ps, 23, row.handlingMicros);
            ps.executeUpdate();
            try (ResultSet keys = ps.getGeneratedKeys()) {
                if (!keys.next()) {
                    throw new DataRetrievalFailureException("the notification's insert returned no generated id");
                }
                return keys.getLong(1);
            }
        });
        return id;
    }

    int completeNotification(long id, String outcome, String statusBefore, String statusAfter, String reason,
                             int answerStatus, String answerBody, long handlingMicros) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        return jdbc.update(COMPLETE_NOTIFICATION, ps -> {
            JdbcBinds.string(ps, 1, outcome);
            JdbcBinds.string(ps, 2, statusBefore);
            JdbcBinds.string(ps, 3, statusAfter);
            JdbcBinds.string(ps, 4, reason);
            ps.setInt(5, answerStatus);
            JdbcBinds.string(ps, 6, answerBody);
            ps.setLong(7, handlingMicros);
            ps.setLong(8, id);
        });
    }

    /** Inserts the event; its generated id is not needed (the mapper's was never read). */
    public int insertOutbox(OutboxRow row) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        return jdbc.update(INSERT_OUTBOX, ps -> {
            JdbcBinds.string(ps, 1, row.eventId);
            JdbcBinds.string(ps, 2, row.eventKey);
            JdbcBinds.string(ps, 3, row.tenantId);
            JdbcBinds.string(ps, 4, row.aggregateType);
            JdbcBinds.string(ps, 5, row.aggregateId);
            JdbcBinds.string(ps, 6, row.eventType);
            JdbcBinds.string(ps, 7, row.payload);
            JdbcBinds.string(ps, 8, row.status);
            ps.setInt(9, row.attempts);
            JdbcBinds.dateTime(ps, 10, row.nextAttemptAt);
            JdbcBinds.dateTime(ps, 11, row.createdAt);
            JdbcBinds.string(ps, 12, row.traceParent);
        });
    }

    /** By position, in the order of {@link #FIND_PAYMENT}'s columns. */
    private static PaymentRow paymentRow(ResultSet rs) throws SQLException {
        PaymentRow row = new PaymentRow();
        row.id = rs.getString(1);
        row.tenantId = rs.getString(2);
        row.merchantOrderId = rs.getString(3);
        row.amountMinor = rs.getLong(4);
        row.currency = rs.getString(5);
        row.channel = rs.getString(6);
        row.userId = rs.getString(7);
        row.sku = rs.getString(8);
        row.description = rs.getString(9);
        row.status = rs.getString(10);
        row.channelTxnId = rs.getString(11);
        row.refundedMinor = rs.getLong(12);
        row.createdAt = rs.getObject(13, LocalDateTime.class);
        row.updatedAt = rs.getObject(14, LocalDateTime.class);
        row.paidAt = rs.getObject(15, LocalDateTime.class);
        row.version = rs.getLong(16);
        row.returnUrl = rs.getString(17);
        return row;
    }

    /** An insert that asks the driver for the named generated key columns; names its SQL for error messages. */
    private record KeyedInsert(String sql, String[] keyColumns) implements PreparedStatementCreator, SqlProvider {

        @Override
        public PreparedStatement createPreparedStatement(Connection connection) throws SQLException {
            return connection.prepareStatement(sql, keyColumns);
        }

        @Override
        public String getSql() {
            return sql;
        }
    }
}
