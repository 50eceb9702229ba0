package dev.tristate.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Watches a tenant's entitlements appear, from its own thread and connection (autocommit, READ COMMITTED: each
 * query sees what was committed before it ran). Per payment it keeps the row's {@code granted_at} (DATETIME(6),
 * written by the consumer from its clock just before its transaction) and the instant the first query that returned
 * the row had finished: the commit lies between the two. A row is found by {@code id > highest id seen}, plus the ids
 * skipped so far (ids are taken at INSERT, rows appear at COMMIT, so with several consumers a lower id may commit
 * after a higher one); a skipped id that never appears (a rollback, another tenant's row) is dropped after 10 s.
 */
final class EntitlementWatcher implements AutoCloseable {

    /** {granted_at, first seen}, both in epoch microseconds. */
    record Seen(long grantedMicros, long seenMicros) {
    }

    private static final long GAP_EXPIRY_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final int MAX_TRACKED_GAP = 2_000;

    private final Connection connection;
    private final String tenantId;
    private final long intervalNanos;
    private final Map<String, Seen> seen = new ConcurrentHashMap<>();
    private final TreeMap<Long, Long> gaps = new TreeMap<>();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;
    private long highest;
    private long polls;
    private long duplicates;

    EntitlementWatcher(Database database, String tenantId, long intervalMillis) throws SQLException {
        this.connection = database.connect();
        this.tenantId = tenantId;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        connection.setAutoCommit(true);
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(MAX(id), 0) FROM entitlements")) {
            rs.next();
            highest = rs.getLong(1);
        }
        thread = new Thread(this::loop, "entitlement-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    int count() {
        return seen.size();
    }

    Map<String, Seen> seen() {
        return seen;
    }

    long polls() {
        return polls;
    }

    /** Rows seen again for a payment already seen under another id: always 0 unless the business key failed. */
    long duplicates() {
        return duplicates;
    }

    /** The watcher's failure, if its queries failed (it stops then). */
    Exception failure() {
        return failure.get();
    }

    private void loop() {
        while (running) {
            long next = System.nanoTime() + intervalNanos;
            try {
                poll();
            } catch (Exception e) {
                failure.set(e);
                return;
            }
            for (long wait = next - System.nanoTime(); wait > 0 && running; wait = next - System.nanoTime()) {
                java.util.concurrent.locks.LockSupport.parkNanos(wait);
            }
        }
    }

    private void poll() throws SQLException {
        long now = System.nanoTime();
        gaps.values().removeIf(added -> now - added > GAP_EXPIRY_NANOS);
        List<Long> missing = new ArrayList<>(gaps.keySet());
        String sql = "SELECT id, payment_id, DATE_FORMAT(granted_at, '%Y-%m-%d %H:%i:%s.%f') FROM entitlements"
                + " WHERE tenant_id = ? AND (id > ?" + (missing.isEmpty() ? "" : " OR id IN ("
                + missing.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")") + ") ORDER BY id";
        List<Object[]> rows = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, tenantId);
            ps.setLong(2, highest);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new Object[] {rs.getLong(1), rs.getString(2), rs.getString(3)});
                }
            }
        }
        long seenMicros = OpenLoop.epochMicros(Instant.now());
        polls++;
        for (Object[] row : rows) {
            long id = (Long) row[0];
            gaps.remove(id);
            if (id > highest) {
                if (id - highest - 1 <= MAX_TRACKED_GAP) {
                    for (long g = highest + 1; g < id; g++) {
                        gaps.put(g, now);
                    }
                }
                highest = id;
            }
            Seen first = seen.putIfAbsent((String) row[1], new Seen(micros((String) row[2]), seenMicros));
            if (first != null) {
                duplicates++;
            }
        }
    }

    private static long micros(String utcLiteral) {
        return OpenLoop.epochMicros(Database.instant(utcLiteral));
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the run is over
        }
    }
}
