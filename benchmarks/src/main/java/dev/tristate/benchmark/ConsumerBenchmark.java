package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.random;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The entitlements consumer benchmark (docs/benchmarks.md). Against MariaDB/MySQL and RabbitMQ, with the
 * application started from its jar (prod profile) as a child process:
 *
 * <ol>
 *   <li><b>latency</b>: relay and consumers on, default settings; signed sandbox SUCCESS callbacks at a fixed
 *       arrival rate (open loop, default 100/s) for PENDING payments of a {@code course:*} SKU; per callback, from
 *       its send instant to its entitlement: the row's {@code granted_at} (the consumer's clock just before its
 *       transaction: a lower bound of the commit) and the instant a poll first saw the row committed (an upper
 *       bound); and the HTTP answer time;</li>
 *   <li><b>throughput</b>: relay off; per prefetch level and batch size, the application started with
 *       {@code tristate.consumers.entitlements.prefetch=P} and {@code .batch-size=B} (B at most P), a warm-up, then
 *       N PaymentSucceeded messages (for
 *       SUCCEEDED payments in the database) published to the exchange exactly as the relay publishes them; from the
 *       first publish to the last entitlement.</li>
 * </ol>
 *
 * Every payment must end with exactly one entitlement and one inbox row, nothing in the consumer's retry or
 * quarantine table; otherwise the command exits 1.
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

    /** The application's defaults (ConsumerWiring, OutboxRelayWiring), stated in the report. */
    private static final String DEFAULT_CONCURRENCY = "concurrency 2, max-concurrency 4";
    private static final String DEFAULT_BATCHING = "prefetch 20, batch size 20";
    /** The batch size the application ships with: the throughput target compares it with one per transaction. */
    private static final int DEFAULT_BATCH_SIZE = 20;
    private static final String DEFAULT_RELAY_INTERVAL = "500ms";
    /** Callbacks per further JIT warm-up round of the latency phase while the application's compiler is busy. */
    private static final int JIT_ROUND = 5_000;
    /** The share of the application's CPU its JIT compiler may take in a warm-up round for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;

    private final Settings settings;
    private final Database database;
    private final ConsumerRows rows;
    private final boolean latencyPhase;
    private final boolean throughputPhase;
    private final double rate;
    private final int latencyJitWarmup;
    private final int latencyMaxJitWarmup;
    /** Closed-loop callbacks the latency phase's JIT warm-up sent in all, for the report. */
    private int latencyJitWarmedUp;
    private final int latencyWarmup;
    private final int latencyCount;
    private final String relayInterval;
    private final int pollInterval;
    private final List<Integer> prefetch;
    private final List<Integer> batchSizes;
    private final int count;
    private final int warmup;
    private final int publishBatch;
    private final String runId = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);
    private final String masterKey = Base64.getEncoder().encodeToString(random(32));
    private final List<String> failures = new ArrayList<>();
    private final Map<String, String> secrets = new HashMap<>();
    private int tenants;

    private ConsumerBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        this.rows = new ConsumerRows(settings, database);
        List<String> phases = Arrays.stream(own.get("phases").split(",")).map(String::trim).toList();
        if (phases.isEmpty() || !List.of("latency", "throughput").containsAll(phases)) {
            throw new IllegalArgumentException("--phases takes latency, throughput or both");
        }
        this.latencyPhase = phases.contains("latency");
        this.throughputPhase = phases.contains("throughput");
        this.rate = Double.parseDouble(own.get("rate"));
        this.latencyJitWarmup = Integer.parseInt(own.get("latency-jit-warmup"));
        this.latencyMaxJitWarmup = Integer.parseInt(own.get("latency-max-jit-warmup"));
        this.latencyWarmup = Integer.parseInt(own.get("latency-warmup"));
        this.latencyCount = Integer.parseInt(own.get("latency-count"));
        this.relayInterval = own.get("relay-interval").trim();
        this.pollInterval = Integer.parseInt(own.get("poll-interval"));
        this.prefetch = own.get("prefetch").isBlank() ? List.of() : Arrays.stream(own.get("prefetch").split(","))
                .map(String::trim).map(Integer::parseInt).toList();
        this.batchSizes = Arrays.stream(own.get("batch-size").split(",")).map(String::trim)
                .map(Integer::parseInt).toList();
        this.count = Integer.parseInt(own.get("count"));
        this.warmup = Integer.parseInt(own.get("warmup"));
        this.publishBatch = Integer.parseInt(own.get("publish-batch"));
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
    }

    public static void main(String[] args) throws Exception {
        Benchmarks.main(args, USAGE, DEFAULTS, "tristate_consumer_bench",
                (common, own) -> new ConsumerBenchmark(common, own)::run);
    }


    // ---------------------------------------------------------------- the run

    private boolean run() throws Exception {
        long started = System.nanoTime();
        String loadBefore = loadAverage();
        say("Tristate entitlements consumer benchmark, run " + runId);
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
                    latency = latency(broker, workDir);
                } catch (Exception e) {
                    phaseFailed("latency", e);
                }
            }
            if (throughputPhase) {
                for (int p : prefetch) {
                    for (int b : batchSizes) {
                        if (b > p) {
                            continue;
                        }
                        try {
                            drains.add(throughput(broker, workDir, p, b));
                        } catch (Exception e) {
                            phaseFailed("prefetch " + p + ", batch size " + b, e);
                        }
                    }
                }
            }
        }
        report(latency, drains, loadBefore, (System.nanoTime() - started) / 1e9);
        Report.peakRss(settings, true);
        return failures.isEmpty();
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

    private ApplicationProcess start(EntitlementsQueue broker, Path workDir, String name, List<String> args)
            throws Exception {
        broker.purgeBeforeStart();
        long t0 = System.nanoTime();
        ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir.resolve(name), args);
        say(String.format(Locale.ROOT, "application %s %s healthy on port %d after %.1f s (log %s)", name, args,
                app.port(), (System.nanoTime() - t0) / 1e9, app.log()));
        database.requireCallbackSchema();
        rows.requireTables("entitlements", "consumer_inbox", "consumer_deliveries");
        return app;
    }

    /** A tenant of its own per phase, with a sandbox account "m-" + tenant id and a fresh signing secret. */
    private String newTenant(String label) throws SQLException {
        String tenant = Database.TENANT_PREFIX + runId + "-" + label + "-" + (++tenants);
        String secret = "bench-secret-" + HexFormat.of().formatHex(random(16));
        database.provisionTenant(tenant, "m-" + tenant, secret, masterKey);
        secrets.put(tenant, secret);
        return tenant;
    }

    // ---------------------------------------------------------------- (a) callback to entitlement committed

    record Latency(String relayInterval, double rate, int warmup, int count, double achievedRate, long[] lagNanos,
                   long[] httpNanos, long[] toGrantedMicros, long[] toSeenMicros, int errors, Load.Cpu.Usage cpu,
                   BrokerCpu.Usage broker, long watcherPolls, Map<String, Double> statements,
                   double watcherPollsPerCallback) {
    }

    private Latency latency(EntitlementsQueue broker, Path workDir) throws Exception {
        List<String> args = relayInterval.isEmpty() ? List.of() : List.of("--tristate.relay.interval=" + relayInterval);
        String interval = relayInterval.isEmpty() ? DEFAULT_RELAY_INTERVAL + " (the application's default)"
                : relayInterval;
        say("");
        say(String.format(Locale.ROOT, "latency: %d + %d callbacks at %.0f/s (open loop), relay and consumers on,"
                        + " tristate.relay.interval %s, consumers %s, %s (defaults)", latencyWarmup,
                latencyCount, rate, interval, DEFAULT_CONCURRENCY, DEFAULT_BATCHING));
        try (ApplicationProcess app = start(broker, workDir, "latency", args)) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            URI uri = URI.create("http://127.0.0.1:" + app.port() + "/callbacks/sandbox");
            if (latencyJitWarmup > 0) {
                warmUpJit(app, http, uri);
            }
            String tenant = newTenant("lat");
            String merchantId = "m-" + tenant;
            String secret = secrets.get(tenant);
            int total = latencyWarmup + latencyCount;
            List<String> ids = rows.pendingPayments(tenant, total);
            Load.Cpu cpu = new Load.Cpu(app.pid());
            AtomicReference<Load.Cpu.Sample> before = new AtomicReference<>();
            AtomicReference<BrokerCpu.Sample> brokerBefore = new AtomicReference<>();
            AtomicReference<Map<String, Long>> countersBefore = new AtomicReference<>();
            long[] pollsBefore = new long[1];
            BrokerCpu brokerCpu = new BrokerCpu();
            OpenLoop.Result sent;
            Load.Cpu.Usage usage;
            BrokerCpu.Usage brokerUsage;
            long polls;
            Map<String, Double> statements = new LinkedHashMap<>();
            Map<String, EntitlementWatcher.Seen> seen;
            try (EntitlementWatcher watcher = new EntitlementWatcher(database, tenant, pollInterval)) {
                sent = OpenLoop.run(http, uri, merchantId, secret, ids, rate, latencyWarmup,
                        () -> {
                            before.set(cpu.sample());
                            brokerBefore.set(brokerCpu.sample());
                            pollsBefore[0] = watcher.polls();
                            countersBefore.set(statementCounters());
                        }, Duration.ofSeconds(60));
                awaitWatcher(watcher, total, app);
                usage = cpu.since(before.get(), latencyCount);
                brokerUsage = brokerCpu.since(brokerBefore.get(), latencyCount, usage);
                Map<String, Long> countersAfter = database.statementCounters();
                if (countersBefore.get() != null) {
                    countersAfter.forEach((name, value) -> statements.put(name,
                            (value - countersBefore.get().getOrDefault(name, value)) / (double) latencyCount));
                }
                polls = watcher.polls();
                seen = Map.copyOf(watcher.seen());
                if (watcher.duplicates() > 0) {
                    fail("latency: the watcher saw " + watcher.duplicates() + " second entitlement(s) of a payment");
                }
            }
            long[] httpNanos = new long[latencyCount];
            long[] toGranted = new long[latencyCount];
            long[] toSeen = new long[latencyCount];
            int missing = 0;
            for (int i = 0; i < latencyCount; i++) {
                int k = latencyWarmup + i;
                httpNanos[i] = sent.answerNanos()[k];
                EntitlementWatcher.Seen s = seen.get(ids.get(k));
                if (s == null) {
                    missing++;
                    toGranted[i] = Long.MAX_VALUE;
                    toSeen[i] = Long.MAX_VALUE;
                } else {
                    toGranted[i] = s.grantedMicros() - sent.sentEpochMicros()[k];
                    toSeen[i] = s.seenMicros() - sent.sentEpochMicros()[k];
                }
            }
            Arrays.sort(httpNanos);
            Arrays.sort(toGranted);
            Arrays.sort(toSeen);
            if (sent.errors() > 0) {
                fail("latency: " + sent.errors() + " callbacks not answered 200 SUCCESS (first: " + sent.firstError()
                        + ")");
            }
            if (missing > 0) {
                fail("latency: " + missing + " measured callbacks have no entitlement seen");
            }
            checkTenant("latency", tenant, total, "SUCCEEDED");
            if (!app.isAlive()) {
                fail("latency: the application died; last lines of its log:\n" + app.tail(40));
            }
            double achieved = (total - 1) / (sent.elapsedNanos() / 1e9);
            Latency result = new Latency(interval, rate, latencyWarmup, latencyCount, achieved, sent.sortedLagNanos(),
                    httpNanos, toGranted, toSeen, sent.errors(), usage, brokerUsage, polls, statements,
                    (polls - pollsBefore[0]) / (double) latencyCount);
            say(String.format(Locale.ROOT, "  sent at %.1f/s (dispatcher behind schedule: p99 %.1f ms, max %.1f ms);"
                            + " HTTP p50 %.2f ms p99 %.2f ms; to granted_at p50 %.1f ms p99 %.1f ms; to seen committed"
                            + " p50 %.1f ms p99 %.1f ms; other processes %s", achieved,
                    pct(sent.sortedLagNanos(), 99) / 1e6, pct(sent.sortedLagNanos(), 100) / 1e6,
                    pct(httpNanos, 50) / 1e6, pct(httpNanos, 99) / 1e6, pct(toGranted, 50) / 1e3,
                    pct(toGranted, 99) / 1e3, pct(toSeen, 50) / 1e3, pct(toSeen, 99) / 1e3,
                    percent(brokerUsage.othersShare())));
            return result;
        }
    }

    /** The server's statement counters, or null when they cannot be read (the report then leaves them out). */
    private Map<String, Long> statementCounters() {
        try {
            return database.statementCounters();
        } catch (SQLException e) {
            return null;
        }
    }

    /**
     * A freshly started JVM on two cores compiles for minutes (docs/benchmarks.md), and while it does, its compiler
     * takes the CPU the callbacks need: measured then, a rate the compiled application keeps up with queues without
     * end. So, as the callback benchmark does: one closed-loop round of {@code --latency-jit-warmup} callbacks, then
     * rounds of {@link #JIT_ROUND} while the application's compiler took more than {@link #JIT_QUIET} of its CPU in
     * the last one, up to {@code --latency-max-jit-warmup} in all.
     */
    private void warmUpJit(ApplicationProcess app, HttpClient http, URI uri) throws Exception {
        int n = latencyJitWarmup;
        while (true) {
            Load.Cpu.Usage cpu = jitWarmupRound(app, http, uri, n);
            latencyJitWarmedUp += n;
            double jit = cpu.appJitMs();
            if (jit < 0 || jit <= JIT_QUIET * cpu.appMs()) {
                return;
            }
            if (latencyJitWarmedUp + JIT_ROUND > latencyMaxJitWarmup) {
                say(String.format(Locale.ROOT, "  the application's JIT compiler still took %.0f%% of its CPU after"
                        + " %d warm-up callbacks: the measurement includes some of it", 100 * jit / cpu.appMs(),
                        latencyJitWarmedUp));
                return;
            }
            n = JIT_ROUND;
        }
    }

    /**
     * One warm-up round: callbacks in a closed loop from 4 threads, through relay and consumer as well, until every
     * one has its entitlement. Its own tenant, checked like the measured one. Returns the application's CPU per
     * callback while they were sent.
     */
    private Load.Cpu.Usage jitWarmupRound(ApplicationProcess app, HttpClient http, URI uri, int n) throws Exception {
        String tenant = newTenant("latjit");
        String merchantId = "m-" + tenant;
        String secret = secrets.get(tenant);
        List<String> ids = rows.pendingPayments(tenant, n);
        long t0 = System.nanoTime();
        Load.Result result = Load.run(4, ids, id -> {
            Callback cb = new CallbackChannel.Sandbox(merchantId, secret).success(id);
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", "application/json")
                    .header(SandboxSignature.HEADER, cb.headers().get(SandboxSignature.HEADER))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(cb.body())).build();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + answer.statusCode() + " " + answer.body());
            }
            return true;
        }, new Load.Cpu(app.pid()));
        boolean drained = awaitEntitlements(tenant, n, app, null, null);
        Load.Cpu.Usage cpu = result.cpu();
        say(String.format(Locale.ROOT, "  JIT warm-up: %d callbacks in a closed loop (4 threads) in %.1f s, all"
                        + " entitlements after %.1f s; application CPU %.2f ms per callback, JIT %s%s", n,
                result.elapsedNanos() / 1e9, (System.nanoTime() - t0) / 1e9, cpu.appMs(), orNa(cpu.appJitMs()),
                result.errors() == 0 ? "" : "; " + result.errors() + " ERRORS (first: " + result.firstError() + ")"));
        if (result.errors() > 0 || !drained) {
            fail("latency JIT warm-up: " + result.errors() + " callbacks failed"
                    + (drained ? "" : ", not every one got its entitlement"));
        }
        checkTenant("latency JIT warm-up", tenant, n, "SUCCEEDED");
        return cpu;
    }

    private void awaitWatcher(EntitlementWatcher watcher, int expected, ApplicationProcess app) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int last = -1;
        long lastMove = System.nanoTime();
        while (watcher.count() < expected) {
            if (watcher.failure() != null) {
                throw new IllegalStateException("watching the entitlements failed", watcher.failure());
            }
            if (!app.isAlive()) {
                return;
            }
            int now = watcher.count();
            if (now != last) {
                last = now;
                lastMove = System.nanoTime();
            } else if (System.nanoTime() - lastMove > TimeUnit.SECONDS.toNanos(30)
                    || System.nanoTime() > deadline) {
                say("  only " + now + " of " + expected + " entitlements appeared; giving up waiting");
                return;
            }
            Thread.sleep(50);
        }
    }

    // ---------------------------------------------------------------- (b) consumer throughput per prefetch

    record Drain(int prefetch, int batchSize, int messages, double publishSeconds, double seconds,
                 double drainedAfterPublish, double drainSeconds, int maxConsumers, Load.Cpu.Usage cpu,
                 BrokerCpu.Usage broker) {
        double perSecond() {
            return messages / seconds;
        }

        double drainPerSecond() {
            return drainSeconds > 0 ? drainedAfterPublish / drainSeconds : Double.NaN;
        }
    }

    private Drain throughput(EntitlementsQueue broker, Path workDir, int p, int b) throws Exception {
        say("");
        say("throughput: prefetch " + p + ", batch size " + b + ", consumers " + DEFAULT_CONCURRENCY
                + " (defaults), relay off; " + warmup + " warm-up + " + count + " measured PaymentSucceeded messages");
        List<String> args = List.of("--tristate.relay.enabled=false",
                "--tristate.consumers.entitlements.prefetch=" + p, "--tristate.consumers.entitlements.batch-size=" + b);
        try (ApplicationProcess app = start(broker, workDir, "prefetch-" + p + "-batch-" + b, args)) {
            String warmTenant = newTenant("p" + p + "b" + b + "w");
            String tenant = newTenant("p" + p + "b" + b);
            List<EntitlementsQueue.Message> warmMessages = rows.succeededPayments(warmTenant, warmup);
            List<EntitlementsQueue.Message> messages = rows.succeededPayments(tenant, count);
            if (warmup > 0) {
                long t0 = System.nanoTime();
                broker.publish(warmMessages, publishBatch);
                awaitEntitlements(warmTenant, warmup, app, broker, null);
                say(String.format(Locale.ROOT, "  warm-up: %d entitlements in %.1f s", warmup,
                        (System.nanoTime() - t0) / 1e9));
                checkTenant("prefetch " + p + " warm-up", warmTenant, warmup, null);
            }
            broker.awaitEmpty();
            Load.Cpu cpu = new Load.Cpu(app.pid());
            BrokerCpu brokerCpu = new BrokerCpu();
            Load.Cpu.Sample before = cpu.sample();
            BrokerCpu.Sample brokerBefore = brokerCpu.sample();
            Instant first = Instant.now();
            broker.publish(messages, publishBatch);
            Instant published = Instant.now();
            AtomicInteger consumers = new AtomicInteger();
            boolean complete = awaitEntitlements(tenant, count, app, broker, consumers);
            Load.Cpu.Usage usage = cpu.since(before, count);
            BrokerCpu.Usage brokerUsage = brokerCpu.since(brokerBefore, count, usage);
            Drain drain;
            if (!complete) {
                fail("prefetch " + p + ": not every message became an entitlement");
                drain = new Drain(p, b, count, Double.NaN, Double.NaN, Double.NaN, Double.NaN, consumers.get(), usage,
                        brokerUsage);
            } else {
                Instant last = rows.lastGrantedAt(tenant);
                long after = rows.grantedSince(tenant, published);
                double seconds = Duration.between(first, last).toNanos() / 1e9;
                double drainSeconds = Duration.between(published, last).toNanos() / 1e9;
                drain = new Drain(p, b, count, Duration.between(first, published).toNanos() / 1e9, seconds,
                        after, drainSeconds, consumers.get(), usage, brokerUsage);
            }
            checkTenant("prefetch " + p, tenant, count, null);
            long left = broker.messages();
            if (left != 0) {
                fail("prefetch " + p + ": the queue still holds " + left + " messages");
            }
            if (!app.isAlive()) {
                fail("prefetch " + p + ": the application died; last lines of its log:\n" + app.tail(40));
            }
            say(String.format(Locale.ROOT, "  %d entitlements in %.2f s from the first publish: %.1f/s (publishing"
                            + " took %.2f s; after it, %.0f more in %.2f s: %.1f/s); consumers seen %d; app CPU %.2f"
                            + " ms/entitlement; other processes %s", count, drain.seconds(), drain.perSecond(),
                    drain.publishSeconds(), drain.drainedAfterPublish(), drain.drainSeconds(),
                    drain.drainPerSecond(), drain.maxConsumers(), usage.appMs(),
                    percent(brokerUsage.othersShare())));
            return drain;
        }
    }


    /** Waits until the tenant has {@code expected} entitlements; false when they stop coming or the app died. */
    private boolean awaitEntitlements(String tenant, int expected, ApplicationProcess app, EntitlementsQueue broker,
                                      AtomicInteger maxConsumers) throws Exception {
        long last = -1;
        long lastMove = System.nanoTime();
        while (true) {
            long n = database.count("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ?", tenant);
            if (broker != null && maxConsumers != null) {
                maxConsumers.accumulateAndGet(broker.consumers(), Math::max);
            }
            if (n >= expected) {
                return true;
            }
            if (!app.isAlive()) {
                say("  the application died with " + n + " of " + expected + " entitlements");
                return false;
            }
            if (n != last) {
                last = n;
                lastMove = System.nanoTime();
            } else if (System.nanoTime() - lastMove > TimeUnit.SECONDS.toNanos(60)) {
                say("  no new entitlement for 60 s: " + n + " of " + expected);
                return false;
            }
            Thread.sleep(200);
        }
    }

    // ---------------------------------------------------------------- checks, with plain JDBC

    /** {@link ConsumerRows#check}, printed, and a failure of the run when it does not hold. */
    private void checkTenant(String phase, String tenant, long expected, String status) throws SQLException {
        String mismatch = rows.check(phase, tenant, expected, status);
        if (mismatch != null) {
            fail(mismatch);
        }
    }

    private void fail(String what) {
        failures.add(what);
    }

    /**
     * A phase that could not finish (the broker or the database went away, say, on a shared machine) is a failed
     * check; the next phase starts its own application, and the broker client reconnects by itself.
     */
    private void phaseFailed(String phase, Exception e) {
        say("  " + phase + " FAILED: " + e);
        fail(phase + ": did not finish: " + e);
    }

    // ---------------------------------------------------------------- the report

    private void report(Latency latency, List<Drain> drains, String loadBefore, double runSeconds) {
        say("");
        say("## Entitlements consumer benchmark, run " + runId);
        say("");
        say(String.format(Locale.ROOT, "%d CPUs; load average %s at the start, %s at the end; run took %.0f s.",
                Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage(), runSeconds));
        if (latency != null) {
            Load.Cpu.Usage u = latency.cpu();
            say("");
            say(String.format(Locale.ROOT, "Callback to entitlement committed: %d callbacks measured after %d of"
                            + " open-loop warm-up (and %d in a closed loop before, for the JIT), sent at %.0f/s (open"
                            + " loop; achieved %.1f/s; the dispatcher sent p99 %.1f ms, at most %.1f ms late); relay"
                            + " and consumers on, tristate.relay.interval %s, consumers %s, %s; entitlements"
                            + " watched every %d ms (%d polls).", latency.count(), latency.warmup(), latencyJitWarmedUp,
                    latency.rate(), latency.achievedRate(), pct(latency.lagNanos(), 99) / 1e6,
                    pct(latency.lagNanos(), 100) / 1e6, latency.relayInterval(), DEFAULT_CONCURRENCY,
                    DEFAULT_BATCHING, pollInterval,
                    latency.watcherPolls()));
            say("");
            say("| from the callback's send | p50 ms | p99 ms | max ms |");
            say("| --- | ---: | ---: | ---: |");
            say(row("HTTP answer (200 SUCCESS)", latency.httpNanos(), 1e6));
            say(row("entitlement `granted_at` (consumer's clock before its transaction: commit is later)",
                    latency.toGrantedMicros(), 1e3));
            say(row("entitlement seen committed (first poll that returned it: commit is earlier)",
                    latency.toSeenMicros(), 1e3));
            say("");
            say(String.format(Locale.ROOT, "CPU per callback: application %.2f ms (JIT %s, GC %s), benchmark %.2f"
                            + " ms, database %s ms, broker %s ms; machine busy %s, other processes (not the"
                            + " application, the benchmark, the database or the broker) %s.", u.appMs(),
                    orNa(u.appJitMs()), orNa(u.appGcMs()), u.selfMs(), orNa(u.dbMs()), orNa(latency.broker().ms()),
                    percent(u.machineBusy()), percent(latency.broker().othersShare())));
            Map<String, Double> st = latency.statements();
            if (!st.isEmpty()) {
                say(String.format(Locale.ROOT, "Statements per callback, server-wide (SHOW GLOBAL STATUS), over"
                                + " every transaction a callback causes (callback, relay, consumer, task runner,"
                                + " background loops; %.2f of them the watcher's polls): %.1f, of them SELECT %.1f,"
                                + " INSERT %.1f, UPDATE %.1f, SET %.1f, COMMIT %.1f.",
                        latency.watcherPollsPerCallback(), st.getOrDefault("Questions", Double.NaN),
                        st.getOrDefault("Com_select", Double.NaN), st.getOrDefault("Com_insert", Double.NaN),
                        st.getOrDefault("Com_update", Double.NaN), st.getOrDefault("Com_set_option", Double.NaN),
                        st.getOrDefault("Com_commit", Double.NaN)));
            }
        }
        if (!drains.isEmpty()) {
            say("");
            say("Consumer throughput: relay off, " + count + " PaymentSucceeded messages per level after "
                    + warmup + " of warm-up, published as the relay does (confirms per " + publishBatch
                    + "); consumers " + DEFAULT_CONCURRENCY + " (defaults).");
            say("");
            say("| prefetch | batch size | entitlements | seconds | entitlements/s | publishing s"
                    + " | drain/s after publishing | consumers seen | app CPU ms/ent. | db CPU ms/ent."
                    + " | broker CPU ms/ent. | machine busy | other processes |");
            say("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
            for (Drain d : drains) {
                Load.Cpu.Usage u = d.cpu();
                say(String.format(Locale.ROOT, "| %d | %d | %d | %.2f | %.1f | %.2f | %.1f | %d | %.2f | %s | %s"
                                + " | %s | %s |", d.prefetch(), d.batchSize(), d.messages(), d.seconds(), d.perSecond(),
                        d.publishSeconds(), d.drainPerSecond(), d.maxConsumers(), u.appMs(), orNa(u.dbMs()),
                        orNa(d.broker().ms()),
                        percent(u.machineBusy()), percent(d.broker().othersShare())));
            }
            say("");
            say("CPU in ms per entitlement; the broker's CPU includes taking the benchmark's publishing; other"
                    + " processes: the machine's busy share less the application, the benchmark, the database and"
                    + " the broker.");
        }
        say("");
        double worst = drains.stream().mapToDouble(d -> d.broker().othersShare()).max().orElse(-1);
        if (latency != null) {
            worst = Math.max(worst, latency.broker().othersShare());
        }
        if (worst > 0.10) {
            say(String.format(Locale.ROOT, "!!! other processes took up to %.0f%% of the machine during a measured"
                    + " phase: those figures are disturbed.", 100 * worst));
        }
        targets(latency, drains);
        if (failures.isEmpty()) {
            say("checks: passed (every payment exactly one entitlement and one inbox row, no retries, no"
                    + " quarantine, every callback answered 200 SUCCESS)");
        } else {
            say("checks: FAILED");
            failures.forEach(f -> say("  - " + f));
        }
    }

    /**
     * The targets: callback to committed entitlement (the upper bound, seen committed) p99 under 100 ms at 100/s and
     * under 250 ms at 500/s; at prefetch 100 the default batch at least 3x one message per transaction.
     */
    private void targets(Latency latency, List<Drain> drains) {
        if (latency != null && (latency.rate() == 100 || latency.rate() == 500)) {
            double limit = latency.rate() == 100 ? 100 : 250;
            double p99 = pct(latency.toSeenMicros(), 99) / 1e3;
            say(String.format(Locale.ROOT, "target: callback to entitlement seen committed p99 < %.0f ms at %.0f/s:"
                    + " %.1f ms - %s", limit, latency.rate(), p99, p99 < limit ? "met" : "NOT met"));
        }
        Optional<Drain> single = drains.stream().filter(d -> d.prefetch() == 100 && d.batchSize() == 1).findFirst();
        Optional<Drain> batched = drains.stream().filter(d -> d.prefetch() == 100
                && d.batchSize() == DEFAULT_BATCH_SIZE).findFirst();
        if (single.isPresent() && batched.isPresent()) {
            double ratio = batched.get().perSecond() / single.get().perSecond();
            say(String.format(Locale.ROOT, "target: at prefetch 100, batches of %d >= 3x one message per"
                    + " transaction: %.2fx - %s", DEFAULT_BATCH_SIZE, ratio, ratio >= 3 ? "met" : "NOT met"));
        }
    }

    private static String row(String name, long[] sorted, double perMilli) {
        return String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |", name, pct(sorted, 50) / perMilli,
                pct(sorted, 99) / perMilli, sorted[sorted.length - 1] / perMilli);
    }

    /** Nearest-rank percentile of a sorted array. */
    private static long pct(long[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
