package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.baseline.OneByOneConfirms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
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
 * must end SENT exactly once and arrive in the queue once; the queue is purged between phases. {@link RelayPhase}
 * runs the relay phases, {@link ClaimTiming} the claim time, and {@link RelayReport} prints the closing report.
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

    static final String TENANT = "bench-relay";

    private final Settings settings;
    private final OutboxRows outbox;
    private final Database database;
    private final int backlog;
    private final int warmup;
    private final int batchSize;
    private final List<Integer> relays;
    private final int oneByOneBacklog;
    private final List<Integer> claimSizes;
    private final int claimSamples;
    private final RelayPhase.Options phaseOptions;
    private final String runId = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);

    private RelayBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        this.outbox = new OutboxRows(database, TENANT);
        this.backlog = positive(own, "backlog");
        this.warmup = Integer.parseInt(own.get("warmup"));
        int maxWarmup = Integer.parseInt(own.get("max-warmup"));
        this.batchSize = positive(own, "batch-size");
        this.relays = ints(own.get("relays"));
        String relayThreads = own.get("relay-threads").trim();
        this.oneByOneBacklog = Integer.parseInt(own.get("one-by-one-backlog"));
        this.claimSizes = ints(own.get("claim-sizes"));
        this.claimSamples = positive(own, "claim-samples");
        if (warmup < 0 || oneByOneBacklog < 0 || relays.stream().anyMatch(r -> r < 1)
                || claimSizes.stream().anyMatch(n -> n < 0)) {
            throw new IllegalArgumentException("--warmup and --one-by-one-backlog must be >= 0, --relays >= 1,"
                    + " --claim-sizes >= 0");
        }
        this.phaseOptions = new RelayPhase.Options(batchSize, relayThreads, maxWarmup);
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
        RelayPhase relayPhase = new RelayPhase(settings, database, outbox, phaseOptions, workDir, masterKey);

        // The schema, the topology (declared by the application on connecting) and an empty outbox.
        try (ApplicationProcess app = relayPhase.start("schema", List.of("--tristate.relay.enabled=false",
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
                Drain each = relayPhase.measure(broker, 1, true, Math.min(warmup, oneByOneBacklog), oneByOneBacklog);
                drains.add(each);
                ok &= each.complete();
            }
            for (int n : relays) {
                Drain batched = relayPhase.measure(broker, n, false, warmup, backlog);
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
        RelayReport.print(drains, claims);
        Report.peakRss(settings, false);
        return ok;
    }

    /** A measured drain, or the raw publishing it is compared with, as the phase line and the report print it. */
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
