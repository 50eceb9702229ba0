package dev.tristate.benchmark.peer;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the two outboxes the peer benchmark compares, as the benchmark drives it: its processes, its table (with
 * plain JDBC), and the queue its publisher delivers to. Each measured phase starts on an empty table, so "done" counts
 * every row.
 */
interface Contender {

    /** A running process of this outbox, with the work directory its steady writer reads plans from. */
    interface Instance extends AutoCloseable {
        Path workDir();

        long pid();

        boolean isAlive();

        String tail(int lines);

        @Override
        void close();
    }

    String name();

    /** The queue this outbox's messages arrive in. */
    String queue();

    /** Starts {@code n} processes, each with a work directory under {@code dir}, all ready to publish. */
    List<Instance> start(int n, Path dir) throws Exception;

    /** Prepares the table for a drain (reads what the direct inserts must match, through {@code instance}). */
    void prepare(Instance instance, Queues queues) throws Exception;

    /** Empties the table: nothing is left to publish or to count. */
    void truncate() throws SQLException;

    /** Inserts {@code n} events that nothing may publish before {@code dueLiteral} (UTC, whole second). */
    void preload(String phase, int n, String dueLiteral) throws SQLException;

    /** Rows published and marked done. */
    long done() throws SQLException;

    /** Rows the outbox has given up on (failed for good); 0 where it never gives up. */
    long failed() throws SQLException;

    /** When the last row was marked done. */
    Instant lastDone() throws SQLException;

    /** For each done row created at or after {@code fromLiteral} (UTC): done minus created, in microseconds. */
    long[] latenciesMicros(String fromLiteral) throws SQLException;

    /** The peak RSS in MB of each stopped process, for the report. */
    List<Long> peakRssMb();

    /** The first column of every row of {@code sql} (one string parameter) on {@code c}, which it closes. */
    static long[] longs(Connection c, String sql, String parameter) throws SQLException {
        try (c; PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, parameter);
            try (ResultSet rs = ps.executeQuery()) {
                List<Long> values = new ArrayList<>();
                while (rs.next()) {
                    values.add(rs.getLong(1));
                }
                return values.stream().mapToLong(Long::longValue).toArray();
            }
        }
    }
}
