package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.Settings;
import dev.tristate.benchmark.peer.steady.SteadyWriting;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.commons.codec.digest.MurmurHash3;

/**
 * namastack-outbox 1.6.0 in the benchmark's peer application ({@code peer.jar}, benchmarks-peer), on a database of its
 * own on the same server. Its rows: {@code outbox_record}, done when COMPLETED (after the handler returned, which it
 * does only once the broker confirmed). Its backlog is inserted directly, matching what {@code Outbox.schedule} writes:
 * the handler id and record type are read from a record the running peer scheduled through its API first.
 */
final class NamastackContender implements Contender {

    static final String QUEUE = "peer.entitlements";
    /** namastack's fixed number of partitions (PartitionHasher.TOTAL_PARTITIONS). */
    private static final int PARTITIONS = 256;
    /** namastack's default rebalance interval (namastack.outbox.instance.rebalance-interval). */
    private static final Duration REBALANCE = Duration.ofSeconds(10);

    private final Settings settings;
    private final String jdbcUrl;
    private final Path peerJar;
    private final List<String> extraArgs;
    private final List<Long> peakRss = new CopyOnWriteArrayList<>();
    private String handlerId;
    private String recordType;

    NamastackContender(Settings settings, String database, Path peerJar, List<String> extraArgs) {
        this.settings = settings;
        String server = settings.serverOnlyUrl();
        int query = server.indexOf('?');
        this.jdbcUrl = query < 0 ? server + database : server.substring(0, query) + database
                + server.substring(query);
        this.peerJar = peerJar;
        this.extraArgs = extraArgs;
    }

    @Override
    public String name() {
        return "namastack-outbox";
    }

    @Override
    public String queue() {
        return QUEUE;
    }

    /** Its database, created if missing (dropped first when asked), with the collation of Tristate's. */
    void createDatabase(String database) throws SQLException {
        try (Connection c = DriverManager.getConnection(settings.serverOnlyUrl(), settings.dbUser(),
                settings.dbPassword()); Statement s = c.createStatement()) {
            if (settings.dropDatabase()) {
                s.execute("DROP DATABASE IF EXISTS `" + database + "`");
            }
            s.execute("CREATE DATABASE IF NOT EXISTS `" + database + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        }
    }

    @Override
    public List<Instance> start(int n, Path dir) throws Exception {
        // Instances of an earlier phase handed their partitions back when they stopped; a killed one would hold
        // them for namastack's stale-instance timeout, so the tables start empty (the peers re-create the rows).
        try (Connection c = connect(); Statement s = c.createStatement()) {
            if (tableExists(c, "outbox_partition")) {
                s.execute("DELETE FROM outbox_partition");
                s.execute("DELETE FROM outbox_instance");
            }
        }
        List<Instance> started = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                long began = System.nanoTime();
                PeerProcess peer = PeerProcess.start(settings, peerJar, jdbcUrl, dir.resolve("peer-" + i), extraArgs);
                started.add(new Running(peer));
                say(String.format(Locale.ROOT, "  peer %d ready after %.1f s (log %s)", i,
                        (System.nanoTime() - began) / 1e9, peer.log()));
            }
            awaitPartitions(n);
        } catch (Exception e) {
            started.forEach(Instance::close);
            throw e;
        }
        return started;
    }

    /**
     * Waits until the running instances own all partitions, evenly: a second instance takes its share at its next
     * rebalance (every 10 s by default), and a drain started before would be one instance's.
     */
    private void awaitPartitions(int instances) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        String last = "";
        while (System.nanoTime() < deadline) {
            try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT p.instance_id, COUNT(*) FROM outbox_partition p JOIN outbox_instance i"
                            + " ON i.instance_id = p.instance_id WHERE i.status = 'ACTIVE' GROUP BY p.instance_id")) {
                List<Long> owned = new ArrayList<>();
                while (rs.next()) {
                    owned.add(rs.getLong(2));
                }
                last = owned.toString();
                long total = owned.stream().mapToLong(Long::longValue).sum();
                if (owned.size() == instances && total == PARTITIONS
                        && owned.stream().allMatch(k -> k >= PARTITIONS / instances)) {
                    if (instances > 1) {
                        // Each instance polls the partitions it cached at its last rebalance: until every instance
                        // has rebalanced once more, two may poll (and publish) the same partition.
                        Thread.sleep(REBALANCE.plusSeconds(1).toMillis());
                    }
                    return;
                }
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the peers did not share namastack's " + PARTITIONS + " partitions within"
                + " 90 s: partitions per active instance " + last);
    }

    /** Schedules one record through the running peer's API and keeps what it wrote: its handler id, its type. */
    @Override
    public void prepare(Instance instance, Queues queues) throws Exception {
        truncate();
        queues.purge(QUEUE);
        new SteadyWriting.Plan(System.currentTimeMillis(), 1, 1, 1, "pay_probe").writeTo(instance.workDir());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        SteadyWriting.Result result = null;
        while (result == null && System.nanoTime() < deadline) {
            Thread.sleep(50);
            result = SteadyWriting.Result.readFrom(instance.workDir());
        }
        if (result == null || result.written() != 1) {
            throw new IllegalStateException("the peer did not schedule its probe record: "
                    + (result == null ? "no answer within 60 s" : result.firstFailure()));
        }
        while (done() < 1) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the peer's probe record was not completed within 60 s; last lines"
                        + " of its log:\n" + instance.tail(40));
            }
            Thread.sleep(50);
        }
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT handler_id, record_type FROM outbox_record WHERE status = 'COMPLETED'")) {
            rs.next();
            handlerId = rs.getString(1);
            recordType = rs.getString(2);
        }
        if (!queues.expectAndPurge(QUEUE, 1, "the peer's probe") || done() != 1) {
            throw new IllegalStateException("the peer's probe record was published or completed more than once");
        }
        truncate();
    }

    @Override
    public void truncate() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE outbox_record");
        }
    }

    /**
     * Multi-row INSERTs of NEW records as {@code Outbox.schedule} writes them (key = payment id, its partition by
     * namastack's hash, the probe's handler id and type, no context), due at {@code dueLiteral}. A whole second:
     * namastack compares the due time with its own clock bound as a Timestamp, which Connector/J sends MariaDB without
     * its fraction, so a due time inside a second would fall due only at the next.
     */
    @Override
    public void preload(String phase, int n, String dueLiteral) throws SQLException {
        if (handlerId == null) {
            throw new IllegalStateException("no probe record yet: prepare() first");
        }
        int chunk = 500;
        String now = Instant.now().toString();
        try (Connection c = connect()) {
            for (int from = 0; from < n; from += chunk) {
                int to = Math.min(n, from + chunk);
                StringBuilder sql = new StringBuilder("INSERT INTO outbox_record (id, status, record_key,"
                        + " record_type, payload, context, partition_no, created_at, completed_at, failure_count,"
                        + " failure_reason, next_retry_at, handler_id) VALUES ");
                for (int i = from; i < to; i++) {
                    sql.append(i == from ? "" : ", ").append("(?, 'NEW', ?, ?, ?, NULL, ?, UTC_TIMESTAMP(6), NULL, 0,"
                            + " NULL, '").append(dueLiteral).append("', ?)");
                }
                try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                    int p = 1;
                    for (int i = from; i < to; i++) {
                        String paymentId = "pay_" + phase + "_" + i;
                        String eventId = UUID.randomUUID().toString();
                        ps.setString(p++, UUID.randomUUID().toString());
                        ps.setString(p++, paymentId);
                        ps.setString(p++, recordType);
                        ps.setString(p++, payload(eventId, paymentId, now));
                        ps.setInt(p++, partition(paymentId));
                        ps.setString(p++, handlerId);
                    }
                    ps.executeUpdate();
                }
            }
        }
    }

    /** The peer's PaymentSucceeded as namastack's Jackson writes it: its components in order. */
    static String payload(String eventId, String paymentId, String occurredAt) {
        return "{\"eventId\":\"" + eventId + "\",\"eventType\":\"PaymentSucceeded\",\"tenantId\":\"bench-peer\","
                + "\"paymentId\":\"" + paymentId + "\",\"occurredAt\":\"" + occurredAt + "\",\"merchantOrderId\":\"o-"
                + paymentId + "\",\"amountMinor\":1999,\"amountCurrency\":\"CNY\",\"channelTxnId\":\"T-" + eventId
                + "\",\"userId\":\"u-42\",\"sku\":\"course:java-101\"}";
    }

    /** namastack's partition of a record key: MurmurHash3 (x86, 32 bit, seed 0) of its UTF-8, positive, mod 256. */
    static int partition(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        return (MurmurHash3.hash32x86(bytes, 0, bytes.length, 0) & 0x7fffffff) % PARTITIONS;
    }

    @Override
    public long done() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox_record WHERE status = 'COMPLETED'");
    }

    @Override
    public long failed() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox_record WHERE status = 'FAILED'");
    }

    @Override
    public Instant lastDone() throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT DATE_FORMAT(MAX(completed_at), '%Y-%m-%dT%H:%i:%s.%fZ') FROM outbox_record")) {
            rs.next();
            return Instant.parse(rs.getString(1));
        }
    }

    @Override
    public long[] latenciesMicros(String fromLiteral) throws SQLException {
        return Contender.longs(connect(), "SELECT TIMESTAMPDIFF(MICROSECOND, created_at, completed_at)"
                + " FROM outbox_record WHERE status = 'COMPLETED' AND created_at >= ?", fromLiteral);
    }

    @Override
    public List<Long> peakRssMb() {
        return List.copyOf(peakRss);
    }

    /** A connection to the peer's database whose session reads and writes its TIMESTAMP columns in UTC. */
    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(jdbcUrl, settings.dbUser(), settings.dbPassword());
        try (Statement s = c.createStatement()) {
            s.execute("SET time_zone = '+00:00'");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private long count(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
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

    /** A running peer; its peak RSS is kept when it stops. */
    private final class Running implements Instance {
        private final PeerProcess peer;

        Running(PeerProcess peer) {
            this.peer = peer;
        }

        @Override
        public Path workDir() {
            return peer.workDir();
        }

        @Override
        public long pid() {
            return peer.pid();
        }

        @Override
        public boolean isAlive() {
            return peer.isAlive();
        }

        @Override
        public String tail(int lines) {
            return peer.tail(lines);
        }

        @Override
        public void close() {
            peer.close();
            if (peer.peakRssMb() >= 0) {
                peakRss.add(peer.peakRssMb());
            }
        }
    }
}
