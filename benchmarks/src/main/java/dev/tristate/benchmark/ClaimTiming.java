package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The relay benchmark's claim timing: the relay's claim transaction over outboxes of growing numbers of SENT rows, to
 * show that its cost does not grow with them (docs/benchmarks.md, "Outbox relay").
 */
final class ClaimTiming {

    /** One size: the claim's p50, p99 and mean in milliseconds, and its first statement's plan. */
    record Claim(int sentRows, double p50, double p99, double mean, String plan) {
    }

    private final Settings settings;
    private final Database database;
    private final OutboxRows outbox;
    private final int batchSize;
    private final List<Integer> requestedSizes;
    private final int samples;

    /** {@code sizes}: the numbers of SENT rows to time the claim at (none: nothing to do); {@code samples} each. */
    ClaimTiming(Settings settings, Database database, OutboxRows outbox, int batchSize, List<Integer> sizes,
                int samples) {
        this.settings = settings;
        this.database = database;
        this.outbox = outbox;
        this.batchSize = batchSize;
        this.requestedSizes = sizes;
        this.samples = samples;
    }

    /**
     * The relay's claim on MariaDB/MySQL (RelayBatchStatements: the shared claim place, the locking SELECT with the
     * rows' columns, then the lease), timed as one transaction and rolled back, so every sample sees the same due rows.
     * No relay runs meanwhile.
     */
    List<Claim> run() throws SQLException, InterruptedException {
        List<Claim> claims = new ArrayList<>();
        if (requestedSizes.isEmpty()) {
            return claims;
        }
        List<Integer> sizes = requestedSizes.stream().sorted().distinct().toList();
        say("claim time: the relay's claim transaction over a table of N SENT rows and " + (batchSize * 10)
                + " due PENDING rows (" + samples + " samples per size, taken in turns)");
        outbox.truncate();
        // Due a second ago: no relay runs now.
        outbox.insertPending("due", batchSize * 10, Database.utc(LocalDateTime.now(ZoneOffset.UTC).minusSeconds(1)));
        // One copy of the outbox per size, each in a database of its own, and the samples taken in turns across them:
        // with one table grown from size to size, each size would be timed at another moment, and what the machine
        // did meanwhile (above all the database writing back the pages a million rows dirtied) would weigh on one
        // size only (p50 ratios from 0.79x to 1.54x between runs of the same relay code, measured that way).
        List<String> schemas = sizes.stream().map(size -> settings.database() + "_claim_" + size).toList();
        List<java.sql.Connection> connections = new ArrayList<>();
        try {
            List<String> plans = new ArrayList<>();
            for (int k = 0; k < sizes.size(); k++) {
                copyOutbox(schemas.get(k));
                java.sql.Connection c = database.connect();
                connections.add(c);
                c.setCatalog(schemas.get(k));
                fillSent(c, sizes.get(k));
                try (Statement s = c.createStatement()) {
                    s.execute("ANALYZE TABLE outbox_events");
                }
                plans.add(explain(c));
                c.setAutoCommit(false);
                c.setTransactionIsolation(java.sql.Connection.TRANSACTION_READ_COMMITTED);
            }
            database.awaitPurged();
            long[][] timings = new long[sizes.size()][samples];
            for (int i = -30; i < samples; i++) {
                for (int k = 0; k < sizes.size(); k++) {
                    int size = (i + 30 + k) % sizes.size();
                    long nanos = claimOnce(connections.get(size));
                    if (i >= 0) {
                        timings[size][i] = nanos;
                    }
                }
            }
            for (int k = 0; k < sizes.size(); k++) {
                long[] sorted = timings[k].clone();
                Arrays.sort(sorted);
                Claim claim = new Claim(sizes.get(k), sorted[sorted.length / 2] / 1e6,
                        sorted[(int) Math.ceil(sorted.length * 0.99) - 1] / 1e6,
                        Arrays.stream(sorted).average().orElse(0) / 1e6, plans.get(k));
                claims.add(claim);
                say(String.format(Locale.ROOT,
                        "  %,9d SENT rows: claim p50 %.2f ms, p99 %.2f ms, mean %.2f ms; plan: %s",
                        claim.sentRows(), claim.p50(), claim.p99(), claim.mean(), claim.plan()));
            }
        } finally {
            for (java.sql.Connection c : connections) {
                c.close();
            }
            try (java.sql.Connection c = database.connect(); Statement s = c.createStatement()) {
                for (String schema : schemas) {
                    s.execute("DROP DATABASE IF EXISTS `" + schema + "`");
                }
            }
        }
        return claims;
    }

    /** A database of its own with the application's outbox tables and the main outbox's rows (the due ones). */
    private void copyOutbox(String schema) throws SQLException {
        String main = "`" + settings.database() + "`.";
        try (java.sql.Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS `" + schema + "`");
            s.execute("CREATE DATABASE `" + schema + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            s.execute("CREATE TABLE `" + schema + "`.outbox_events LIKE " + main + "outbox_events");
            s.execute("CREATE TABLE `" + schema + "`.outbox_claim_place LIKE " + main + "outbox_claim_place");
            s.execute("INSERT INTO `" + schema + "`.outbox_claim_place (name) VALUES ('relay')");
            s.execute("INSERT INTO `" + schema + "`.outbox_events SELECT * FROM " + main + "outbox_events");
        }
    }

    /** Adds SENT rows (copies of existing ones, or of the due rows at first) until the table holds {@code size}. */
    private void fillSent(java.sql.Connection c, int size) throws SQLException {
        long have;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT'")) {
            rs.next();
            have = rs.getLong(1);
        }
        int step = 0;
        try (Statement s = c.createStatement()) {
            while (have < size) {
                long add = size - have;
                String source = have == 0 ? "status = 'PENDING'" : "status = 'SENT'";
                long from = have == 0 ? batchSize * 10L : have;
                int n = s.executeUpdate("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type,"
                        + " aggregate_id, event_type, payload, status, attempts, next_attempt_at, created_at, sent_at)"
                        + " SELECT UUID(), CONCAT('fill:" + size + ":" + (step++) + ":', id), tenant_id,"
                        + " aggregate_type, aggregate_id, event_type, payload, 'SENT', 1,"
                        + " TIMESTAMPADD(SECOND, -MOD(id, 600000), UTC_TIMESTAMP(6)),"
                        + " created_at, TIMESTAMPADD(SECOND, -MOD(id, 600000), UTC_TIMESTAMP(6))"
                        + " FROM outbox_events WHERE " + source + " ORDER BY id LIMIT " + Math.min(add, from));
                have += n;
            }
        }
    }

    private String explain(java.sql.Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("EXPLAIN " + CLAIM_SELECT + " LIMIT " + batchSize
                + " FOR UPDATE SKIP LOCKED")) {
            String now = Database.utc(LocalDateTime.now(ZoneOffset.UTC));
            ps.setString(1, now);
            ps.setString(2, now);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return "type=" + rs.getString("type") + " key=" + rs.getString("key") + " rows=" + rs.getString("rows")
                        + " extra=" + rs.getString("Extra");
            }
        }
    }

    /** The claim's first statement as RelayBatchStatements.LOCK_DUE writes it, up to its LIMIT. */
    private static final String CLAIM_SELECT = "SELECT id, event_id, tenant_id, event_type, payload, attempts,"
            + " first_failed_at, created_at FROM outbox_events WHERE status = 'PENDING' AND next_attempt_at <= ?"
            + " AND (lease_until IS NULL OR lease_until <= ?) ORDER BY next_attempt_at, id";

    /** One claim on {@code c} (no autocommit, READ COMMITTED, as the relay's), timed, then rolled back. */
    private long claimOnce(java.sql.Connection c) throws SQLException {
        long start = System.nanoTime();
        String now = Database.utc(LocalDateTime.now(ZoneOffset.UTC));
        String leaseUntil = Database.utc(LocalDateTime.now(ZoneOffset.UTC).plusSeconds(60));
        List<Long> ids = new ArrayList<>();
        // As the relay: the shared claim place first (a claim from the beginning reads, but does not use it).
        try (PreparedStatement place = c.prepareStatement("SELECT due_at, after_id FROM outbox_claim_place"
                + " WHERE name = 'relay'")) {
            place.executeQuery().close();
        }
        try (PreparedStatement lock = c.prepareStatement(CLAIM_SELECT + " LIMIT ? FOR UPDATE SKIP LOCKED")) {
            lock.setString(1, now);
            lock.setString(2, now);
            lock.setInt(3, batchSize);
            try (ResultSet rs = lock.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong("id"));
                    rs.getString("payload");
                }
            }
        }
        if (ids.size() != batchSize) {
            throw new IllegalStateException("the claim found " + ids.size() + " due rows, not " + batchSize);
        }
        String in = String.join(",", ids.stream().map(String::valueOf).toList());
        String token = UUID.randomUUID().toString();
        try (PreparedStatement lease = c.prepareStatement("UPDATE outbox_events SET lease_token = ?,"
                + " lease_until = ? WHERE id IN (" + in + ") AND status = 'PENDING'"
                + " AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)")) {
            lease.setString(1, token);
            lease.setString(2, leaseUntil);
            lease.setString(3, now);
            lease.setString(4, now);
            lease.executeUpdate();
        }
        long nanos = System.nanoTime() - start;
        c.rollback();
        return nanos;
    }
}
