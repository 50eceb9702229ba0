package dev.tristate.adapter.out.persistence.outbox;

import dev.tristate.adapter.out.persistence.jdbc.SqlErrors;
import dev.tristate.adapter.out.persistence.jdbc.UtcDateTimeTypeHandler;
import dev.tristate.adapter.out.persistence.outbox.OutboxRelayMapper.RelayRow;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The relay's per-batch statements through Spring's {@link JdbcTemplate} instead of MyBatis: the claim's locking
 * {@code SELECT} (MySQL/MariaDB; H2 claims in two steps, see {@code ClaimDialect}), the lease and the write-back to
 * SENT (every database). They run once per batch with up to {@code batch-size} ids, and a JFR profile of a drain
 * showed MyBatis spending a quarter of the relay thread's CPU on them: a {@code <foreach>} over the ids is dynamic
 * SQL, re-built and re-parsed (one parameter mapping per id) on every call. Here the statement text for n ids is
 * built once per n and cached; the values are bound directly.
 *
 * <p>The SQL is the same as the mapper's was (see OutboxRelayMapper.xml for the rest of the relay's statements):
 * every due-row query a range of {@code ix_outbox_due} in index order, every write conditional on the lease token
 * and the status. {@link JdbcTemplate} takes the connection of the surrounding Spring transaction, as MyBatis does,
 * applies the same statement timeout, binds date-times as {@link UtcDateTimeTypeHandler} does (as text, so MariaDB
 * keeps the microseconds), and throws Spring's {@code DataAccessException}s, which {@link SqlErrors} classifies.
 */
public final class RelayBatchStatements {

    private static final String COLUMNS = "SELECT id, event_id, tenant_id, event_type, payload, attempts,"
            + " first_failed_at, created_at, next_attempt_at, trace_parent FROM outbox_events";

    /** The claim's locking read; an index range of ix_outbox_due, no filesort (checked with EXPLAIN in a test). */
    static final String LOCK_DUE = COLUMNS
            + " WHERE status = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
            + " ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED";

    /**
     * The claim's locking read after a place in claim order. Without the hint, MariaDB 10.11 reads the OR as a
     * filter on {@code status = 'PENDING'} and walks the due range from its beginning, index entries of rows claimed
     * moments ago included (they wait for purge); with it, the scan starts at the place (EXPLAIN: range).
     */
    static final String LOCK_DUE_AFTER = COLUMNS + " FORCE INDEX (ix_outbox_due)"
            + " WHERE status = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
            + " AND (next_attempt_at > ? OR (next_attempt_at = ? AND id > ?))"
            + " ORDER BY next_attempt_at, id LIMIT ? FOR UPDATE SKIP LOCKED";

    /**
     * The lease sets the token and its expiry and leaves next_attempt_at alone: no column of an index changes, so
     * MariaDB rewrites the row in place and has no index entry to move (and later purge). A leased row stays in the
     * due range, and every claim passes over it until the lease expires ({@code lease_until <= now}).
     */
    private static final String LEASE = "UPDATE outbox_events SET lease_token = ?, lease_until = ?"
            + " WHERE status = 'PENDING' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)"
            + " AND id IN ";

    /** next_attempt_at = sent_at: the purge of old SENT rows is then a range of the same index. */
    private static final String MARK_SENT = "UPDATE outbox_events"
            + " SET status = 'SENT', sent_at = ?, next_attempt_at = ?, lease_token = NULL, lease_until = NULL"
            + " WHERE lease_token = ? AND status = 'PENDING' AND id IN ";

    /** The relays' shared claim place (changeset 013) as last committed; no lock. */
    static final String READ_PLACE = "SELECT due_at, after_id FROM outbox_claim_place WHERE name = 'relay'";

    /** The same, locked without waiting: no row while another claim is moving it. */
    static final String LOCK_PLACE = READ_PLACE + " FOR UPDATE SKIP LOCKED";

    private static final String MOVE_PLACE = "UPDATE outbox_claim_place SET due_at = ?, after_id = ?"
            + " WHERE name = 'relay'";

    private final JdbcTemplate jdbc;
    private final ConcurrentMap<Integer, String> leaseSql = new ConcurrentHashMap<>();
    private final ConcurrentMap<Integer, String> markSentSql = new ConcurrentHashMap<>();

    public RelayBatchStatements(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The due rows (after {@code afterDueAt}/{@code afterId} in claim order, unless null), locked, skipping rows
     * other claimers hold, with the columns publishing needs and the time each was due at.
     */
    List<RelayRow> lockDueSkippingLocked(LocalDateTime now, int limit, LocalDateTime afterDueAt, Long afterId) {
        if (afterDueAt == null) {
            return jdbc.query(LOCK_DUE, ps -> {
                UtcDateTimeTypeHandler.bind(ps, 1, now);
                UtcDateTimeTypeHandler.bind(ps, 2, now);
                ps.setInt(3, limit);
            }, (rs, n) -> row(rs));
        }
        return jdbc.query(LOCK_DUE_AFTER, ps -> {
            UtcDateTimeTypeHandler.bind(ps, 1, now);
            UtcDateTimeTypeHandler.bind(ps, 2, now);
            UtcDateTimeTypeHandler.bind(ps, 3, afterDueAt);
            UtcDateTimeTypeHandler.bind(ps, 4, afterDueAt);
            ps.setLong(5, afterId);
            ps.setInt(6, limit);
        }, (rs, n) -> row(rs));
    }

    /** The shared claim place as last committed; null when it is missing. */
    Place readPlace() {
        return place(READ_PLACE);
    }

    /** The shared claim place, locked for the surrounding transaction; null when another one holds it (or missing). */
    Place lockPlace() {
        return place(LOCK_PLACE);
    }

    private Place place(String sql) {
        List<Place> rows = jdbc.query(sql,
                (rs, n) -> new Place(rs.getObject(1, LocalDateTime.class), rs.getObject(2, Long.class)));
        return rows.isEmpty() ? null : rows.get(0);
    }

    void movePlace(LocalDateTime dueAt, Long afterId) {
        jdbc.update(MOVE_PLACE, ps -> {
            if (dueAt == null) {
                ps.setNull(1, Types.VARCHAR);
                ps.setNull(2, Types.BIGINT);
            } else {
                UtcDateTimeTypeHandler.bind(ps, 1, dueAt);
                ps.setLong(2, afterId);
            }
        });
    }

    /** The shared claim place's row: both columns null when there is no place. */
    record Place(LocalDateTime dueAt, Long afterId) {
    }

    int lease(Collection<Long> ids, String token, LocalDateTime now, LocalDateTime leaseUntil) {
        return jdbc.update(leaseSql.computeIfAbsent(ids.size(), n -> LEASE + placeholders(n)), ps -> {
            ps.setString(1, token);
            UtcDateTimeTypeHandler.bind(ps, 2, leaseUntil);
            UtcDateTimeTypeHandler.bind(ps, 3, now);
            UtcDateTimeTypeHandler.bind(ps, 4, now);
            bindIds(ps, 5, ids);
        });
    }

    int markSent(Collection<Long> ids, String token, LocalDateTime now) {
        return jdbc.update(markSentSql.computeIfAbsent(ids.size(), n -> MARK_SENT + placeholders(n)), ps -> {
            UtcDateTimeTypeHandler.bind(ps, 1, now);
            UtcDateTimeTypeHandler.bind(ps, 2, now);
            ps.setString(3, token);
            bindIds(ps, 4, ids);
        });
    }

    private static String placeholders(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("an id list needs at least one id");
        }
        return "(" + String.join(", ", Collections.nCopies(n, "?")) + ")";
    }

    private static void bindIds(PreparedStatement ps, int first, Collection<Long> ids) throws SQLException {
        int index = first;
        for (Long id : ids) {
            ps.setLong(index++, id);
        }
    }

    /** By position, in the order of {@link #COLUMNS} (a lookup by name costs a search per column and row). */
    private static RelayRow row(ResultSet rs) throws SQLException {
        RelayRow row = new RelayRow();
        row.id = rs.getLong(1);
        row.eventId = rs.getString(2);
        row.tenantId = rs.getString(3);
        row.eventType = rs.getString(4);
        row.payload = rs.getString(5);
        row.attempts = rs.getInt(6);
        row.firstFailedAt = rs.getObject(7, LocalDateTime.class);
        row.createdAt = rs.getObject(8, LocalDateTime.class);
        row.nextAttemptAt = rs.getObject(9, LocalDateTime.class);
        row.traceParent = rs.getString(10);
        return row;
    }
}
