package dev.tristate.adapter.out.persistence.consumer;

import static dev.tristate.adapter.out.persistence.jdbc.JdbcBinds.dateTime;
import static dev.tristate.adapter.out.persistence.jdbc.JdbcBinds.string;

import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper.InboxRow;
import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper.EntitlementRow;
import dev.tristate.adapter.out.persistence.consumer.TaskMapper.TaskRow;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.ibatis.session.SqlSessionFactory;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The multi-row inserts of a batch of consumed deliveries (its inbox rows, grants and tasks), and the task runner's
 * claim of a round's tasks, in plain JDBC. Through MyBatis, a {@code <foreach>} over 20 rows of 7-15 properties each
 * spent more of the consumer's CPU building the statement (property paths resolved by reflection per value) than the
 * database spent running it; here the values are bound by position, as in {@code CallbackStatements}, on the same
 * template set-up ({@link StoreJdbc}) and so in the surrounding Spring transaction. The columns and binds are those
 * of the single-row inserts in ConsumerMapper.xml, EntitlementMapper.xml and TaskMapper.xml.
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

    /** A task as it was read: the claim takes it only at this version. */
    record TaskVersion(String key, long version) {
    }

    /**
     * Point lookups on {@code uk_tasks_key}. The version alone says the row is as it was read (PENDING): every change
     * moves it on, as with the single-row update in TaskMapper.xml; a status condition would also offer the
     * optimizer the status range of {@code ix_tasks_due}, which it takes on a small table.
     */
    static final String CLAIM_TASKS = "UPDATE tasks SET next_run_at = ?, updated_at = ?, version = version + 1"
            + " WHERE ";

    private static final String CLAIMED_TASKS = "SELECT task_key, version, next_run_at, updated_at FROM tasks"
            + " WHERE task_key IN (";

    /**
     * One compare-and-set for a runner's round: each task whose row is still at the version read gets the
     * lease ({@code next_run_at = until}) and its next version. Returns the keys this statement claimed. When it
     * changed fewer rows than it was given, the rows are read back, and a row counts as ours only if it holds our
     * version and both our instants: another runner that claimed it in between wrote its own.
     */
    Set<String> claimTasks(List<TaskVersion> read, LocalDateTime until, LocalDateTime now) {
        StoreJdbc.clearMyBatisSessionCache(myBatis);
        String sql = CLAIM_TASKS + String.join(" OR ", Collections.nCopies(read.size(),
                "(task_key = ? AND version = ?)"));
        int changed = jdbc.update(sql, ps -> {
            dateTime(ps, 1, until);
            dateTime(ps, 2, now);
            int i = 3;
            for (TaskVersion task : read) {
                ps.setString(i++, task.key());
                ps.setLong(i++, task.version());
            }
        });
        Set<String> keys = new HashSet<>();
        read.forEach(task -> keys.add(task.key()));
        if (changed == read.size()) {
            return keys;
        }
        Map<String, Long> expected = new HashMap<>();
        read.forEach(task -> expected.put(task.key(), task.version() + 1));
        Set<String> ours = new HashSet<>();
        jdbc.query(CLAIMED_TASKS + String.join(", ", Collections.nCopies(read.size(), "?")) + ")", ps -> {
            int i = 1;
            for (TaskVersion task : read) {
                ps.setString(i++, task.key());
            }
        }, rs -> {
            String key = rs.getString(1);
            if (rs.getLong(2) == expected.get(key) && micros(until).equals(rs.getObject(3, LocalDateTime.class))
                    && micros(now).equals(rs.getObject(4, LocalDateTime.class))) {
                ours.add(key);
            }
        });
        return ours;
    }

    /** As a DATETIME(6) column keeps it. */
    private static LocalDateTime micros(LocalDateTime at) {
        return at.truncatedTo(ChronoUnit.MICROS);
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
