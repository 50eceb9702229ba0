package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.baseline.BaselineClasses;
import dev.tristate.benchmark.baseline.OneByOneConfirms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The outbox relay benchmark (docs/benchmarks.md). In one run, against MariaDB/MySQL and RabbitMQ:
 *
 * <ol>
 *   <li><b>raw</b>: the same payloads published straight to the broker from this JVM with the broker's own client,
 *       persistent and mandatory, confirms awaited per batch of the relay's batch size; no database;</li>
 *   <li><b>relay, one by one</b>: one application process whose relay waits for each confirm before the next
 *       message: the application as shipped, its publisher handed every event as a batch of its own by the
 *       benchmark's {@link OneByOneConfirms}, added to that process alone;</li>
 *   <li><b>relay</b>: one application process, then two, with the shipped relay (confirms awaited per batch);</li>
 *   <li><b>claim time</b>: with no relay running, the relay's claim transaction timed over a table holding 10k,
 *       100k and 1M SENT rows (and its EXPLAIN at each size).</li>
 * </ol>
 *
 * For each relay phase a backlog of PENDING events is preloaded while the relays are idle, all due at one moment a
 * little after the preload ends, and the drain time runs from that moment to the last {@code sent_at}. Every event
 * must end SENT exactly once and arrive in the queue once; the queue is purged between phases.
 */
public final class RelayBenchmark {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar relay [--option=value ...]   (from the project root)

              --server-url=jdbc:mysql://127.0.0.1:3306   MySQL/MariaDB server (no database; ?params are kept)
              --database=tristate_relay_bench            the benchmark's own database: its outbox is truncated
              --drop-database=false                      drop and re-create it first
              --db-user=root --db-password=
              --rabbit-host=127.0.0.1 --rabbit-port=5672 --rabbit-user=guest --rabbit-password=guest
              --rabbit-vhost=/
              --app-jar=bootstrap/target/tristate.jar    the application as shipped (mvn package builds it)
              --app-jvm-args=                            extra JVM options for the application, space-separated
              --app-heap=256m                            the application's -Xmx (empty: the JVM's default)
              --backlog=100000                           events per measured drain (and per raw publishing)
              --warmup=40000                             events per warm-up drain, before measuring, per
                                                         application start (the one-by-one relay: at most its
                                                         backlog, once); again while the relays' JIT compilers
                                                         took more than 5% of their CPU in the last drain
              --max-warmup=120000                        warm-up events in all, at most, per phase
              --batch-size=100                           the relay's batch size, and the raw baseline's
              --relays=1,2                               relay processes to measure with (batched confirms)
              --relay-threads=                           relay loops per process (default: the application's)
              --one-by-one-backlog=5000                  events for the one-by-one-confirm relay (it is slow)
              --claim-sizes=10000,100000,1000000         SENT rows in the table for the claim timing
              --claim-samples=300                        timed claims per size
            """;

    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("backlog", "100000");
        // The relay process's JIT compiler still took a quarter of its CPU after 40 000 events (docs/benchmarks.md);
        // with 5000 it took more, and the drain measured the compiler as much as the relay.
        DEFAULTS.put("warmup", "40000");
        DEFAULTS.put("max-warmup", "120000");
        DEFAULTS.put("batch-size", "100");
        DEFAULTS.put("relays", "1,2");
        DEFAULTS.put("relay-threads", "");
        DEFAULTS.put("one-by-one-backlog", "5000");
        DEFAULTS.put("claim-sizes", "10000,100000,1000000");
        DEFAULTS.put("claim-samples", "300");
    }

    /** The share of the relays' CPU their JIT compilers may take in a warm-up drain for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;
    static final String TENANT = "bench-relay";
    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final Settings settings;
    private final OutboxRows outbox;
    private final Database database;
    private final int backlog;
    private final int warmup;
    private final int maxWarmup;
    private final int batchSize;
    private final List<Integer> relays;
    private final String relayThreads;
    private final int oneByOneBacklog;
    private final List<Integer> claimSizes;
    private final int claimSamples;
    private final String runId = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);
    private final AtomicInteger phases = new AtomicInteger();
    /** How long the last preload took per event (a first guess before it): sets the next backlog's due time. */
    private double preloadNanosPerEvent = 100_000;

    private RelayBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        this.outbox = new OutboxRows(database, TENANT);
        this.backlog = positive(own, "backlog");
        this.warmup = Integer.parseInt(own.get("warmup"));
        this.maxWarmup = Integer.parseInt(own.get("max-warmup"));
        this.batchSize = positive(own, "batch-size");
        this.relays = ints(own.get("relays"));
        this.relayThreads = own.get("relay-threads").trim();
        this.oneByOneBacklog = Integer.parseInt(own.get("one-by-one-backlog"));
        this.claimSizes = ints(own.get("claim-sizes"));
        this.claimSamples = positive(own, "claim-samples");
        if (warmup < 0 || oneByOneBacklog < 0 || relays.stream().anyMatch(r -> r < 1)
                || claimSizes.stream().anyMatch(n -> n < 0)) {
            throw new IllegalArgumentException("--warmup and --one-by-one-backlog must be >= 0, --relays >= 1,"
                    + " --claim-sizes >= 0");
        }
    }

    public static void main(String[] args) throws Exception {
        Benchmarks.main(args, USAGE, DEFAULTS, "tristate_relay_bench",
                (common, own) -> new RelayBenchmark(common, own)::run);
    }


    private boolean run() throws Exception {
        say("Tristate outbox relay benchmark, run " + runId);
        say("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version"));
        database.create();
        say("database: " + database.serverSettings());
        Path workDir = Files.createTempDirectory("tristate-relay-bench-");
        String masterKey = Base64.getEncoder().encodeToString(new SecureRandom().generateSeed(32));
        boolean ok = true;
        List<Drain> drains = new ArrayList<>();

        // The schema, the topology (declared by the application on connecting) and an empty outbox.
        try (ApplicationProcess app = start(workDir, "schema", masterKey, List.of("--tristate.relay.enabled=false",
                "--tristate.consumers.enabled=false", "--tristate.resolver.enabled=false"), null)) {
            outbox.truncate();
        }
        try (RelayQueue broker = new RelayQueue(settings)) {
            broker.purge();
            // Raw publishing: warm-up, then measured.
            broker.publishRaw(outbox.payloads("raw-warmup", warmup), batchSize, "raw warm-up");
            broker.purge();
            Drain raw = broker.publishRaw(outbox.payloads("raw", backlog), batchSize,
                    "raw publishing, confirms per batch (no database)");
            drains.add(raw);
            say(raw.line());
            ok &= broker.expectAndPurge(backlog, raw.name());

            if (oneByOneBacklog > 0) {
                // It waits for the broker, not for the CPU: a short warm-up is enough, a long one would take minutes.
                Drain each = relayPhase(broker, workDir, masterKey, 1, true, Math.min(warmup, oneByOneBacklog),
                        oneByOneBacklog);
                drains.add(each);
                ok &= each.complete();
            }
            for (int n : relays) {
                Drain batched = relayPhase(broker, workDir, masterKey, n, false, warmup, backlog);
                drains.add(batched);
                ok &= batched.complete();
            }
            // The broker's ceiling again, after the relays: on a shared machine the two raw figures show how much
            // the conditions moved during the run; the ratios use their mean.
            Drain rawAgain = broker.publishRaw(outbox.payloads("raw-again", backlog), batchSize, "raw publishing again,"
                    + " after the relays");
            drains.add(rawAgain);
            say(rawAgain.line());
            ok &= broker.expectAndPurge(backlog, rawAgain.name());
        }
        List<ClaimTiming.Claim> claims = new ClaimTiming(settings, database, outbox, batchSize, claimSizes,
                claimSamples).run();
        report(drains, claims);
        Report.peakRss(settings, false);
        return ok;
    }

    private Drain relayPhase(RelayQueue broker, Path workDir, String masterKey, int processes, boolean oneByOne,
                             int warmup, int events) throws Exception {
        String label = processes + " relay" + (processes == 1 ? "" : "s") + ", confirms "
                + (oneByOne ? "one by one" : "per batch");
        // No consumer: the queue must hold what the relay published, to be counted (and it measures the relay alone).
        List<String> args = new ArrayList<>(List.of("--tristate.consumers.enabled=false",
                "--tristate.resolver.enabled=false", "--tristate.relay.enabled=true",
                "--tristate.relay.batch-size=" + batchSize, "--tristate.relay.interval=20ms"));
        if (!relayThreads.isEmpty()) {
            args.add("--tristate.relay.threads=" + Integer.parseInt(relayThreads));
        }
        Path baseline = null;
        if (oneByOne) {
            args.add("--spring.main.sources=" + BaselineClasses.SOURCE);
            baseline = BaselineClasses.writeTo(workDir.resolve("one-by-one-classes"));
        }
        List<ApplicationProcess> apps = new ArrayList<>();
        try {
            for (int i = 0; i < processes; i++) {
                ApplicationProcess app = start(workDir, "relay-" + phases.incrementAndGet(), masterKey, args,
                        baseline);
                apps.add(app);
                if (oneByOne && !Files.readString(app.log()).contains(OneByOneConfirms.WRAPPED)) {
                    throw new IllegalStateException("the one-by-one baseline did not take effect in " + app.log()
                            + ": its relay would publish per batch");
                }
            }
            if (warmup > 0) {
                warmUp(broker, apps, label, warmup, oneByOne ? warmup : maxWarmup);
            }
            String phase = "m" + phases.incrementAndGet();
            Load.Cpu cpu = new Load.Cpu(apps.stream().mapToLong(ApplicationProcess::pid).toArray());
            // Each drain starts on an empty outbox: a backlog of 100 000 events with its indexes is about the size of
            // MariaDB's default buffer pool (128 MB), and with the earlier phases' rows left in the table the drain
            // evicted and re-read pages. The purge of the warm-ups' rows is not this drain's work (its own purge is).
            outbox.truncate();
            database.awaitPurged();
            Instant due = preloadDue(phase, events);
            // From the moment the backlog fell due (the relays, polling every 20 ms when idle, start within that).
            Load.Cpu.Sample before = cpu.sample();
            long sent = awaitSent(phase, events, apps, broker);
            Load.Cpu.Usage usage = cpu.since(before, events);
            Instant last = lastSentAt(phase);
            boolean delivered = broker.expectAndPurge(events, label);
            long seconds = Duration.between(due, last).toNanos();
            Drain drain = new Drain(label, events, sent, seconds / 1e9, usage, delivered);
            say(drain.line());
            return drain;
        } finally {
            apps.forEach(ApplicationProcess::close);
        }
    }

    /**
     * Drains of {@code round} events until the relays' JIT compilers took at most {@link #JIT_QUIET} of the relays'
     * CPU in the last one, up to {@code max} events in all: the drain is to measure the compiled relay, not its
     * compiler, which on two cores competes with the relay, the database and the broker. (The relay's per-batch
     * code runs once per 100 events, so it reaches the optimizing compiler late: after 40 000 events the compiler
     * can still take a quarter of the relay's CPU, and even after 200 000 it keeps 10-20% (0.005-0.011 ms per event),
     * a trickle of compilations that a run of minutes does not end. Hence the cap, and the JIT figure printed with
     * every drain.)
     */
    private void warmUp(RelayQueue broker, List<ApplicationProcess> apps, String label, int round, int max)
            throws Exception {
        Load.Cpu cpu = new Load.Cpu(apps.stream().mapToLong(ApplicationProcess::pid).toArray());
        int done = 0;
        while (true) {
            String warm = "w" + phases.incrementAndGet();
            outbox.truncate();
            Instant due = preloadDue(warm, round);
            Load.Cpu.Sample before = cpu.sample();
            awaitSent(warm, round, apps, broker);
            Load.Cpu.Usage usage = cpu.since(before, round);
            broker.expectAndPurge(round, label + " warm-up");
            done += round;
            say(String.format(Locale.ROOT, "  warm-up (%s): %d events in %.2f s, JIT %.3f of %.3f ms/event", label,
                    round, Duration.between(due, lastSentAt(warm)).toNanos() / 1e9, usage.appJitMs(), usage.appMs()));
            if (usage.appJitMs() < 0 || usage.appJitMs() <= JIT_QUIET * usage.appMs()) {
                return;
            }
            if (done + round > max) {
                say(String.format(Locale.ROOT, "    the JIT compiler still took %.0f%% of the relay's CPU after %d"
                        + " warm-up events: the drain measures some of it", 100 * usage.appJitMs() / usage.appMs(),
                        done));
                return;
            }
        }
    }

    private ApplicationProcess start(Path workDir, String name, String masterKey, List<String> args,
                                     Path extraClasses) throws Exception {
        long started = System.nanoTime();
        ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir.resolve(name), args,
                extraClasses);
        say(String.format(Locale.ROOT, "application %s healthy on port %d after %.1f s (log %s)", name, app.port(),
                (System.nanoTime() - started) / 1e9, app.log()));
        return app;
    }

    // ---------------------------------------------------------------- the outbox, with plain JDBC

    /**
     * Preloads n PENDING events, all due at one moment after the preload has committed, waits for that moment and
     * returns it. Nothing has to change in the rows to make them due: making them due with one UPDATE of the whole
     * backlog would leave index changes that the database purges while the relays drain, charging the relay for the
     * benchmark's own UPDATE (that and rows of earlier phases left in the table measured about a third of the
     * database's CPU per event). The moment is set from the last preload's speed with room to spare; if the preload
     * overran it anyway, the relays began during the preload and the drain says so.
     */
    private Instant preloadDue(String phase, int n) throws SQLException, InterruptedException {
        long started = System.nanoTime();
        Duration expected = Duration.ofNanos((long) (preloadNanosPerEvent * n));
        LocalDateTime dueAt = LocalDateTime.now(ZoneOffset.UTC).plus(expected.multipliedBy(2)).plusSeconds(1);
        outbox.insertPending(phase, n, LITERAL.format(dueAt));
        long took = System.nanoTime() - started;
        preloadNanosPerEvent = Math.max(preloadNanosPerEvent * 0.5, (double) took / n);
        Instant due = dueAt.toInstant(ZoneOffset.UTC);
        long wait = Duration.between(Instant.now(), due).toMillis();
        if (wait < 0) {
            say(String.format(Locale.ROOT, "    !!! the preload of %d events took %.1f s and overran their due time by"
                    + " %d ms: the relays began during it", n, took / 1e9, -wait));
        } else {
            Thread.sleep(wait);
        }
        return due;
    }


    /**
     * Waits until the phase's events are all SENT. While the relays drain, it watches the queue's depth (a passive
     * declare, which costs the broker next to nothing) and asks the database only once the queue holds them all: a
     * {@code COUNT(*)} over the phase's rows every 100 ms would cost MariaDB CPU on the cores the relays share, and
     * that cost would be charged to the relay.
     */
    private long awaitSent(String phase, int expected, List<ApplicationProcess> apps, RelayQueue broker)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(15);
        long sent = 0;
        while (System.nanoTime() < deadline) {
            if (broker.depth() >= expected) {
                sent = database.count("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT' AND event_key LIKE ?",
                        phase + ":%");
                if (sent >= expected) {
                    return sent;
                }
            }
            for (ApplicationProcess app : apps) {
                if (!app.isAlive()) {
                    throw new IllegalStateException("a relay process died; last lines of its log:\n" + app.tail(40));
                }
            }
            Thread.sleep(100);
        }
        say("  only " + sent + " of " + expected + " events were SENT within 15 minutes");
        return sent;
    }

    private Instant lastSentAt(String phase) throws SQLException {
        try (java.sql.Connection c = database.connect();
             PreparedStatement ps = c.prepareStatement("SELECT DATE_FORMAT(MAX(sent_at), '%Y-%m-%d %H:%i:%s.%f')"
                     + " FROM outbox_events WHERE event_key LIKE ?")) {
            ps.setString(1, phase + ":%");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return LocalDateTime.parse(rs.getString(1), LITERAL).toInstant(ZoneOffset.UTC);
            }
        }
    }

    // ---------------------------------------------------------------- the report

    record Drain(String name, int events, long sent, double seconds, Load.Cpu.Usage usage, boolean delivered) {
        double perSecond() {
            return events / seconds;
        }

        boolean complete() {
            return sent == events && delivered;
        }

        boolean raw() {
            return name.startsWith("raw");
        }

        String line() {
            return String.format(Locale.ROOT, "  %-45s %,7d events in %6.2f s: %8.1f events/s; CPU ms/event: app %s,"
                            + " db %s, broker %s, this JVM %.3f; machine busy %.0f%%, other processes %.0f%%%s", name,
                    events, seconds, perSecond(), raw() ? "-" : String.format(Locale.ROOT, "%.3f%s", usage.appMs(),
                            usage.appJitMs() < 0 ? "" : String.format(Locale.ROOT, " (of which JIT %.3f, GC %.3f)",
                                    usage.appJitMs(), usage.appGcMs())),
                    usage.dbMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", usage.dbMs()),
                    usage.brokerMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", usage.brokerMs()), usage.selfMs(),
                    usage.machineBusy() * 100, usage.othersShare() * 100, complete() ? "" : "  INCOMPLETE");
        }
    }

    private void report(List<Drain> drains, List<ClaimTiming.Claim> claims) {
        say("");
        say("| phase | events | seconds | events/s | of raw (mean) | of one-by-one relay | app CPU ms/event |"
                + " db CPU ms/event | broker CPU ms/event | other processes |");
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        double raw = drains.stream().filter(Drain::raw).mapToDouble(Drain::perSecond).average().orElse(Double.NaN);
        double each = drains.stream().filter(d -> d.name().contains("one by one")).mapToDouble(Drain::perSecond)
                .findFirst().orElse(Double.NaN);
        for (Drain d : drains) {
            say(String.format(Locale.ROOT, "| %s | %d | %.2f | %.1f | %.2f | %s | %s | %.3f | %.3f | %.0f%% |",
                    d.name(), d.events(), d.seconds(), d.perSecond(), d.perSecond() / raw,
                    Double.isNaN(each) ? "-" : String.format(Locale.ROOT, "%.1fx", d.perSecond() / each),
                    d.raw() ? "-" : String.format(Locale.ROOT, "%.3f", d.usage().appMs()), d.usage().dbMs(),
                    d.usage().brokerMs(), d.usage().othersShare() * 100));
        }
        if (!claims.isEmpty()) {
            say("");
            say("| SENT rows | claim p50 ms | claim p99 ms | mean ms | p50 vs smallest | plan |");
            say("| ---: | ---: | ---: | ---: | ---: | --- |");
            double first = claims.get(0).p50();
            for (ClaimTiming.Claim c : claims) {
                say(String.format(Locale.ROOT, "| %,d | %.2f | %.2f | %.2f | %.2f | %s |", c.sentRows(), c.p50(),
                        c.p99(), c.mean(), c.p50() / first, c.plan()));
            }
        }
        say("");
        double one = Double.NaN;
        for (Drain d : drains) {
            boolean single = d.name().startsWith("1 relay, confirms per batch");
            if (single || d.name().startsWith("2 relays")) {
                double ofRaw = single ? 0.6 : 0.75;
                String versusEach = Double.isNaN(each) ? "no one-by-one phase to compare with"
                        : String.format(Locale.ROOT, "%.1fx the one-by-one relay (>= 2x: %s)", d.perSecond() / each,
                                d.perSecond() / each >= 2 ? "met" : "NOT met");
                say(String.format(Locale.ROOT, "target %s: %.2f of raw (>= %.2f: %s), %s", d.name(),
                        d.perSecond() / raw, ofRaw, d.perSecond() / raw >= ofRaw ? "met" : "NOT met", versusEach));
                if (single) {
                    one = d.perSecond();
                } else if (!Double.isNaN(one)) {
                    say(String.format(Locale.ROOT, "target 2 relays not slower than 1: %.2fx - %s",
                            d.perSecond() / one, d.perSecond() >= one ? "met" : "NOT met"));
                }
            }
        }
        if (claims.size() > 1) {
            double worst = claims.stream().mapToDouble(ClaimTiming.Claim::p50).max().orElse(0) / claims.get(0).p50();
            say(String.format(Locale.ROOT, "target claim time flat from %,d to %,d SENT rows: worst p50 %.2fx the"
                    + " smallest (<= 1.5x: %s)", claims.get(0).sentRows(), claims.get(claims.size() - 1).sentRows(),
                    worst, worst <= 1.5 ? "met" : "NOT met"));
        }
    }

    private static int positive(Map<String, String> own, String name) {
        int value = Integer.parseInt(own.get(name));
        if (value < 1) {
            throw new IllegalArgumentException("--" + name + " must be positive");
        }
        return value;
    }

    private static List<Integer> ints(String csv) {
        return csv.isBlank() ? List.of() : Arrays.stream(csv.split(",")).map(String::trim).map(Integer::parseInt)
                .toList();
    }
}
