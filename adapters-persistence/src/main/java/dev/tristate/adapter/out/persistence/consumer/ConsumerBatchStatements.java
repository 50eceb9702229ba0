package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.JdbcBinds.dateTime;
import static dev.tristate.adapter.out.persistence.jdbc.JdbcBinds.string;

import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper.InboxRow;
import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper.EntitlementRow;
import dev.tristate.adapter.out.persistence.consumer.TaskMapper.TaskRow;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.apache.ibatis.session.SqlSessionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The multi-row inserts of a batch of consumed deliveries (its inbox rows, grants and tasks) in plain JDBC. Through
 * MyBatis, a {@code <foreach>} over 20 rows of 7-15 properties each spent more of the consumer's CPU building the
 * statement (property paths resolved by reflection per value) than the database spent running it; here the values
 * are bound by position, as in {@code CallbackStatements}, on the same template set-up ({@link StoreJdbc}) and so in
 * the surrounding Spring transaction. The columns and binds are those of the single-row inserts in
 * ConsumerMapper.xml, EntitlementMapper.xml and TaskMapper.xml.
 */
public final class ConsumerBatchStatements {

    static final String INSERT_INBOX = "INSERT INTO consumer_inbox (consumer, event_id, event_type, tenant_id,"
            + " content_hash, outcome, processed_at) VALUES ";
    static final int INBOX_COLUMNS = 7;

    static final String INSERT_ENTITLEMENTS = "INSERT INTO entitlements (tenant_id, user_id, sku, payment_id, kind,"
            + " quantity, status, granted_by, granted_at, valid_until) VALUES ";
    static final int ENTITLEMENT_COLUMNS = 10;

    static final String INSERT_TASKS = "INSERT INTO tasks (task_key, task_type, tenant_id, payment_id, user_id, sku,"
            + " status, attempts, first_failed_at, next_run_at, last_error, created_at, updated_at, version,"
            + " trace_parent) VALUES ";
    static final int TASK_COLUMNS = 15;

    private interface RowBinder<T> {
        /** Binds one row's values from {@code first} on. */
        void bind(PreparedStatement ps, int first, T row) throws SQLException;
    }

    private final JdbcTemplate jdbc;
    private final SqlSessionFactory myBatis;

    public ConsumerBatchStatements(JdbcTemplate jdbc, SqlSessionFactory myBatis) {
        this.jdbc = jdbc;
        this.myBatis = myBatis;
    }

    int insertInbox(List<InboxRow> rows) {
        return insert(INSERT_INBOX, INBOX_COLUMNS, rows, (ps, i, r) -> {
            string(ps, i, r.consumer);
            string(ps, i + 1, r.eventId);
            string(ps, i + 2, r.eventType);
            string(ps, i + 3, r.tenantId);
            string(ps, i + 4, r.contentHash);
            string(ps, i + 5, r.outcome);
            dateTime(ps, i + 6, r.processedAt);
        });
    }

    int insertEntitlements(List<EntitlementRow> rows) {
        return insert(INSERT_ENTITLEMENTS, ENTITLEMENT_COLUMNS, rows, (ps, i, r) -> {
            string(ps, i, r.tenantId);
            string(ps, i + 1, r.userId);
            string(ps, i + 2, r.sku);
            string(ps, i + 3, r.paymentId);
            string(ps, i + 4, r.kind);
            ps.setLong(i + 5, r.quantity);
            string(ps, i + 6, r.status);
            string(ps, i + 7, r.grantedBy);
            dateTime(ps, i + 8, r.grantedAt);
            dateTime(ps, i + 9, r.validUntil);
        });
    }

    int insertTasks(List<TaskRow> rows) {
        return insert(INSERT_TASKS, TASK_COLUMNS, rows, (ps, i, r) -> {
            string(ps, i, r.taskKey);
            string(ps, i + 1, r.taskType);
            string(ps, i + 2, r.tenantId);
            string(ps, i + 3, r.paymentId);
            string(ps, i + 4, r.userId);
            string(ps, i + 5, r.sku);
            string(ps, i + 6, r.status);
            ps.setInt(i + 7, r.attempts);
            dateTime(ps, i + 8, r.firstFailedAt);
            dateTime(ps, i + 9, r.nextRunAt);
            string(ps, i + 10, r.lastError);
            dateTime(ps, i + 11, r.createdAt);
            dateTime(ps, i + 12, r.updatedAt);
            ps.setLong(i + 13, r.version);
            string(ps, i + 14, r.traceParent);
        });
    }

    private <T> int insert(String head, int columns, List<T> rows, RowBinder<T> binder) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        return jdbc.update(head + valueLists(rows.size(), columns), ps -> {
            int first = 1;
            for (T row : rows) {
                binder.bind(ps, first, row);
                first += columns;
            }
        });
    }

    /** {@code (?, ?), (?, ?)} for two rows of two columns. */
    static String valueLists(int rows, int columns) {
        String one = "(" + "?, ".repeat(columns - 1) + "?)";
        StringBuilder sql = new StringBuilder(rows * (one.length() + 2));
        for (int r = 0; r < rows; r++) {
            sql.append(r == 0 ? "" : ", ").append(one);
        }
        return sql.toString();
    }
}
