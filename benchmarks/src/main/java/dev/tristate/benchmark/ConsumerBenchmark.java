package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.ConsumerLatencyPhase.Latency;
import dev.tristate.benchmark.ConsumerThroughputPhase.Drain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The entitlements consumer benchmark (docs/benchmarks.md). Against MariaDB/MySQL and RabbitMQ, with the
 * application started from its jar (prod profile) as a child process:
 *
 * <ol>
 *   <li><b>latency</b> ({@link ConsumerLatencyPhase}): relay and consumers on, default settings; signed sandbox
 *       SUCCESS callbacks at a fixed arrival rate (open loop, default 100/s) for PENDING payments of a
 *       {@code course:*} SKU; per callback, from its send instant to its entitlement: the row's {@code granted_at}
 *       (the consumer's clock just before its transaction: a lower bound of the commit) and the instant a poll first
 *       saw the row committed (an upper bound); and the HTTP answer time;</li>
 *   <li><b>throughput</b> ({@link ConsumerThroughputPhase}): relay off; per prefetch level and batch size, the
 *       application started with {@code tristate.consumers.entitlements.prefetch=P} and {@code .batch-size=B} (B at
 *       most P), a warm-up, then N PaymentSucceeded messages (for SUCCEEDED payments in the database) published to
 *       the exchange exactly as the relay publishes them; from the first publish to the last entitlement.</li>
 * </ol>
 *
 * Every payment must end with exactly one entitlement and one inbox row, nothing in the consumer's retry or
 * quarantine table; otherwise the command exits 1 ({@link ConsumerRun} keeps the checks, {@link ConsumerReport}
 * prints their verdict).
 */
public final class ConsumerBenchmark {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar consumer [--option=value ...]   (from the project root)

              --server-url=jdbc:mysql://127.0.0.1:3306   MySQL/MariaDB server (no database; ?params are kept)
              --database=tristate_consumer_bench         the benchmark's own database: its outbox and consumer
                                                         delivery table are emptied before the run
              --drop-database=false                      drop and re-create it first
              --db-user=root --db-password=
              --rabbit-host=127.0.0.1 --rabbit-port=5672 --rabbit-user=guest --rabbit-password=guest
              --rabbit-vhost=/                           its queue tristate.entitlements is purged before each phase
              --app-jar=bootstrap/target/tristate.jar    the application as shipped (mvn package builds it)
              --app-jvm-args=                            extra JVM options for the application, space-separated
              --app-heap=256m                            the application's -Xmx (empty: the JVM's default)
              --phases=latency,throughput                which parts to run

              latency (callback to entitlement committed; relay and consumers on):
              --rate=100                                 callbacks per second, fixed arrival rate (open loop)
              --latency-jit-warmup=10000                 callbacks first sent in a closed loop (4 threads) to get
                                                         the application's JIT past its start (all consumed too)
              --latency-max-jit-warmup=60000             then more rounds of 5000 while the application's JIT
                                                         compiler took more than 5% of its CPU, up to this many
              --latency-warmup=1000                      callbacks sent before the measured ones, same rate
              --latency-count=3000                       measured callbacks
              --relay-interval=                          tristate.relay.interval for the application (e.g. 50ms);
                                                         empty: the application's default (500ms)
              --poll-interval=10                         ms between the queries that watch entitlements appear

              throughput (entitlements consumer alone; relay off):
              --prefetch=100                             tristate.consumers.entitlements.prefetch levels
              --batch-size=1,20                          tristate.consumers.entitlements.batch-size levels (1: one
                                                         message per transaction; 20: the default), each at every
                                                         prefetch level it fits, one application start each
                                                         (concurrency stays the default)
              --count=20000                              PaymentSucceeded messages per level, measured
              --warmup=2000                              messages per level consumed before measuring
              --publish-batch=100                        messages per publisher-confirm wait (the relay's batch)
            """;

    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("phases", "latency,throughput");
        DEFAULTS.put("rate", "100");
        DEFAULTS.put("latency-jit-warmup", "10000");
        DEFAULTS.put("latency-max-jit-warmup", "60000");
        DEFAULTS.put("latency-warmup", "1000");
        DEFAULTS.put("latency-count", "3000");
        DEFAULTS.put("relay-interval", "");
        DEFAULTS.put("poll-interval", "10");
        DEFAULTS.put("prefetch", "100");
        DEFAULTS.put("batch-size", "1,20");
        DEFAULTS.put("count", "20000");
        DEFAULTS.put("warmup", "2000");
        DEFAULTS.put("publish-batch", "100");
    }

    private final Settings settings;
    private final Database database;
    private final ConsumerRows rows;
    private final ConsumerRun consumerRun;
    private final boolean latencyPhase;
    private final boolean throughputPhase;
    private final ConsumerLatencyPhase.Options latencyOptions;
    private final ConsumerThroughputPhase.Options throughputOptions;

    private ConsumerBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        this.rows = new ConsumerRows(settings, database);
        this.consumerRun = new ConsumerRun(settings, database, rows);
        List<String> phases = Arrays.stream(own.get("phases").split(",")).map(String::trim).toList();
        if (phases.isEmpty() || !List.of("latency", "throughput").containsAll(phases)) {
            throw new IllegalArgumentException("--phases takes latency, throughput or both");
        }
        this.latencyPhase = phases.contains("latency");
        this.throughputPhase = phases.contains("throughput");
        double rate = Double.parseDouble(own.get("rate"));
        int latencyJitWarmup = Integer.parseInt(own.get("latency-jit-warmup"));
        int latencyMaxJitWarmup = Integer.parseInt(own.get("latency-max-jit-warmup"));
        int latencyWarmup = Integer.parseInt(own.get("latency-warmup"));
        int latencyCount = Integer.parseInt(own.get("latency-count"));
        String relayInterval = own.get("relay-interval").trim();
        int pollInterval = Integer.parseInt(own.get("poll-interval"));
        List<Integer> prefetch = own.get("prefetch").isBlank() ? List.of() : Arrays.stream(own.get("prefetch")
                .split(",")).map(String::trim).map(Integer::parseInt).toList();
        List<Integer> batchSizes = Arrays.stream(own.get("batch-size").split(",")).map(String::trim)
                .map(Integer::parseInt).toList();
        int count = Integer.parseInt(own.get("count"));
        int warmup = Integer.parseInt(own.get("warmup"));
        int publishBatch = Integer.parseInt(own.get("publish-batch"));
        if (rate <= 0 || rate > 10_000 || latencyCount < 1 || latencyWarmup < 0 || latencyJitWarmup < 0
                || latencyMaxJitWarmup < 0 || pollInterval < 1 || count < 1
                || warmup < 0 || publishBatch < 1 || prefetch.stream().anyMatch(p -> p < 1)
                || batchSizes.isEmpty() || batchSizes.stream().anyMatch(b -> b < 1)
                || (throughputPhase && prefetch.isEmpty())) {
            throw new IllegalArgumentException("--rate (0, 10000], --latency-count, --count, --poll-interval,"
                    + " --publish-batch and every --prefetch level must be positive; warm-ups >= 0");
        }
        if (!relayInterval.isEmpty() && !relayInterval.matches("\\d+(ms|s)")) {
            throw new IllegalArgumentException("--relay-interval takes a duration such as 50ms or 1s");
        }
        this.latencyOptions = new ConsumerLatencyPhase.Options(rate, latencyJitWarmup, latencyMaxJitWarmup,
                latencyWarmup, latencyCount, relayInterval, pollInterval);
        this.throughputOptions = new ConsumerThroughputPhase.Options(prefetch, batchSizes, count, warmup,
                publishBatch);
    }

    public static void main(String[] args) throws Exception {
        Benchmarks.main(args, USAGE, DEFAULTS, "tristate_consumer_bench",
                (common, own) -> new ConsumerBenchmark(common, own)::run);
    }


    // ---------------------------------------------------------------- the run

    private boolean run() throws Exception {
        long started = System.nanoTime();
        String loadBefore = loadAverage();
        say("Tristate entitlements consumer benchmark, run " + consumerRun.id());
        say("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version")
                + ", load average " + loadBefore);
        database.create();
        Map<String, String> server = database.serverSettings();
        say("database " + settings.database() + ": " + server);
        int retired = database.retireEarlierRuns();
        if (retired > 0) {
            say("removed " + retired + " channel secret(s) of earlier benchmark runs (their master keys are gone)");
        }
        clearLeftovers();
        Path workDir = Files.createTempDirectory("tristate-consumer-bench-");
        Latency latency = null;
        List<Drain> drains = new ArrayList<>();
        try (EntitlementsQueue broker = new EntitlementsQueue(settings)) {
            say("broker: " + settings.rabbitHost() + ":" + settings.rabbitPort() + ", vhost " + settings.rabbitVhost());
            if (latencyPhase) {
                try {
                    latency = new ConsumerLatencyPhase(consumerRun, database, rows, latencyOptions)
                            .measure(broker, workDir);
                } catch (Exception e) {
                    consumerRun.phaseFailed("latency", e);
                }
            }
            if (throughputPhase) {
                ConsumerThroughputPhase throughput = new ConsumerThroughputPhase(consumerRun, rows, throughputOptions);
                for (int p : throughputOptions.prefetch()) {
                    for (int b : throughputOptions.batchSizes()) {
                        if (b > p) {
                            continue;
                        }
                        try {
                            drains.add(throughput.measure(broker, workDir, p, b));
                        } catch (Exception e) {
                            consumerRun.phaseFailed("prefetch " + p + ", batch size " + b, e);
                        }
                    }
                }
            }
        }
        new ConsumerReport(consumerRun.id(), latencyOptions, throughputOptions, consumerRun.failures())
                .print(latency, drains, loadBefore, (System.nanoTime() - started) / 1e9);
        Report.peakRss(settings, true);
        return consumerRun.failures().isEmpty();
    }

    /**
     * The benchmark's own database: events a crashed earlier run left in the outbox, or deliveries waiting for a
     * retry, would be relayed or retried during the measurement; they are removed before the application starts.
     */
    private void clearLeftovers() throws SQLException {
        try (java.sql.Connection c = database.connect(); Statement s = c.createStatement()) {
            for (String table : List.of("outbox_events", "consumer_deliveries")) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables"
                        + " WHERE table_schema = DATABASE() AND table_name = '" + table + "'")) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        continue;
                    }
                }
                s.execute("TRUNCATE TABLE " + table);
            }
        }
    }
}
