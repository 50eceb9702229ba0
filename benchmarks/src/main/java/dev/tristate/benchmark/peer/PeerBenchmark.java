package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.BacklogPreload;
import dev.tristate.benchmark.Benchmarks;
import dev.tristate.benchmark.Database;
import dev.tristate.benchmark.Load;
import dev.tristate.benchmark.Report;
import dev.tristate.benchmark.Settings;
import dev.tristate.benchmark.peer.steady.SteadyWriting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Tristate's outbox relay against a peer outbox library, namastack-outbox 1.6.0, in one run (docs/benchmarks.md,
 * "Versus namastack-outbox"): the same MariaDB server, the same RabbitMQ, the same payload and pool size, both
 * publishing with confirms and mandatory returns. For 1 and for 2 processes of each:
 *
 * <ol>
 *   <li><b>drain</b>: a backlog preloaded while the outboxes are idle, all due at one whole second after the preload;
 *       events per second from that moment to the last row marked done (after a warm-up drain);</li>
 *   <li><b>steady</b>: each process's in-process writer writes events in transactions of their own at a fixed total
 *       rate; commit-to-confirm p50/p99 from the rows, done time minus created time, the first seconds left out.</li>
 * </ol>
 *
 * Every event must arrive in its system's queue exactly once and every row must end done.
 */
public final class PeerBenchmark {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar peer [--option=value ...]   (from the project root)

              --server-url=jdbc:mysql://127.0.0.1:3306   MySQL/MariaDB server (no database; ?params are kept)
              --database=tristate_peer_bench             Tristate's database: its outbox is truncated
              --peer-database=                           namastack's database (default: <database>_namastack)
              --drop-database=false                      drop and re-create both first
              --db-user=root --db-password=
              --rabbit-host=127.0.0.1 --rabbit-port=5672 --rabbit-user=guest --rabbit-password=guest
              --rabbit-vhost=/
              --app-jar=bootstrap/target/tristate.jar    Tristate as shipped (mvn package builds it)
              --peer-jar=benchmarks-peer/target/peer.jar the namastack-outbox peer (mvn package builds it)
              --app-jvm-args=                            extra JVM options for every process of both systems
              --app-heap=256m                            every process's -Xmx (empty: the JVM's default)
              --instances=1,2                            processes per system to measure with
              --backlog=100000                           events per measured drain
              --warmup=20000                             warm-up events per process, drained before measuring
                                                         (so that each JVM compiles the same work)
              --rate=1000                                steady events per second, in total (split across processes)
              --steady-seconds=60                        how long the steady writers write
              --steady-warmup-seconds=10                 the first seconds of steady writing left out of p50/p99
              --writer-threads=4                         steady writer threads per process
              --tristate-args=                           extra --name=value options for Tristate, space-separated
              --peer-args=                               extra --name=value options for the peer, space-separated
            """;

    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("peer-database", "");
        DEFAULTS.put("peer-jar", "benchmarks-peer/target/peer.jar");
        DEFAULTS.put("instances", "1,2");
        DEFAULTS.put("backlog", "100000");
        DEFAULTS.put("warmup", "20000");
        DEFAULTS.put("rate", "1000");
        DEFAULTS.put("steady-seconds", "60");
        DEFAULTS.put("steady-warmup-seconds", "10");
        DEFAULTS.put("writer-threads", "4");
        DEFAULTS.put("tristate-args", "");
        DEFAULTS.put("peer-args", "");
    }

    /** Drain events/s Tristate must reach, as a multiple of the peer's. */
    static final double DRAIN_TARGET = 1.5;

    private final Settings settings;
    private final Database database;
    private final String peerDatabase;
    private final Path peerJar;
    private final List<Integer> instances;
    private final int backlog;
    private final int warmup;
    private final double rate;
    private final int steadySeconds;
    private final int steadyWarmupSeconds;
    private final int writerThreads;
    private final List<String> tristateArgs;
    private final List<String> peerArgs;
    private final BacklogPreload preload = new BacklogPreload("the outbox",
            earliest -> earliest.plusSeconds(2).truncatedTo(ChronoUnit.SECONDS));

    private PeerBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        String peerDb = own.get("peer-database").trim();
        this.peerDatabase = peerDb.isEmpty() ? settings.database() + "_namastack" : peerDb;
        if (!peerDatabase.matches("[A-Za-z0-9_]{1,64}") || peerDatabase.equals(settings.database())) {
            throw new IllegalArgumentException("--peer-database may hold only letters, digits and _, and must differ"
                    + " from --database");
        }
        this.peerJar = Path.of(own.get("peer-jar"));
        this.instances = Arrays.stream(own.get("instances").split(",")).map(String::trim).map(Integer::parseInt)
                .toList();
        this.backlog = Integer.parseInt(own.get("backlog"));
        this.warmup = Integer.parseInt(own.get("warmup"));
        this.rate = Double.parseDouble(own.get("rate"));
        this.steadySeconds = Integer.parseInt(own.get("steady-seconds"));
        this.steadyWarmupSeconds = Integer.parseInt(own.get("steady-warmup-seconds"));
        this.writerThreads = Integer.parseInt(own.get("writer-threads"));
        this.tristateArgs = words(own.get("tristate-args"));
        this.peerArgs = words(own.get("peer-args"));
        if (instances.isEmpty() || instances.stream().anyMatch(n -> n < 1) || backlog < 1 || warmup < 0
                || rate <= 0 || steadySeconds < 1 || steadyWarmupSeconds < 0 || steadyWarmupSeconds >= steadySeconds
                || writerThreads < 1) {
            throw new IllegalArgumentException("--instances, --backlog, --rate, --steady-seconds and --writer-threads"
                    + " must be positive, --warmup >= 0, and --steady-warmup-seconds from 0 to below"
                    + " --steady-seconds");
        }
        for (String arg : concat(tristateArgs, peerArgs)) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("--tristate-args and --peer-args take --name=value options: " + arg);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Benchmarks.main(args, USAGE, DEFAULTS, "tristate_peer_bench",
                (common, own) -> new PeerBenchmark(common, own)::run);
    }

    private boolean run() throws Exception {
        say("Tristate versus namastack-outbox 1.6.0, outbox to RabbitMQ with confirms");
        say("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version"));
        database.create();
        say("database: " + database.serverSettings());
        Path workDir = Files.createTempDirectory("tristate-peer-bench-");
        String masterKey = Base64.getEncoder().encodeToString(new SecureRandom().generateSeed(32));
        TristateContender tristate = new TristateContender(settings, database, masterKey, tristateArgs);
        NamastackContender namastack = new NamastackContender(settings, peerDatabase, peerJar, peerArgs);
        namastack.createDatabase(peerDatabase);
        tristate.createSchema(workDir.resolve("schema"));
        List<Measured> results = new ArrayList<>();
        boolean ok = true;
        try (Queues queues = new Queues(settings)) {
            queues.purge(TristateContender.QUEUE);
            int round = 0;
            for (int n : instances) {
                for (Contender contender : List.of(tristate, namastack)) {
                    round++;
                    Measured measured = measure(contender, n, round, workDir.resolve("round-" + round), queues);
                    results.add(measured);
                    ok &= measured.complete();
                }
            }
        }
        report(results);
        printPeakRss(tristate);
        printPeakRss(namastack);
        return ok;
    }

    // ---------------------------------------------------------------- one system with n processes

    /** Round r's backlogs are keyed w{r} (warm-up) and m{r} (measured): no two drains share a key. */
    private Measured measure(Contender contender, int n, int round, Path dir, Queues queues) throws Exception {
        String label = contender.name() + ", " + n + " process" + (n == 1 ? "" : "es");
        say(label + ":");
        List<Contender.Instance> running = contender.start(n, dir);
        try {
            contender.prepare(running.get(0), queues);
            queues.purge(contender.queue());
            // Per process: n processes share a drain, and each JVM must have compiled as much as a single one.
            boolean warmedUp = warmup == 0 || drain(contender, running, queues, "w" + round, warmup * n,
                    label + ", warm-up drain").complete();
            Drain drain = drain(contender, running, queues, "m" + round, backlog, label + ", drain");
            Steady steady = steady(contender, running, queues, n, label);
            return new Measured(contender.name(), n, warmedUp, drain, steady);
        } finally {
            running.forEach(Contender.Instance::close);
        }
    }

    private Drain drain(Contender contender, List<Contender.Instance> running, Queues queues, String phase, int events,
                        String label) throws Exception {
        contender.truncate();
        database.awaitPurged();
        Instant due = preloadDue(contender, phase, events);
        Load.Cpu cpu = cpuOf(running);
        Load.Cpu.Sample before = cpu.sample();
        long done = awaitDone(contender, events, running, queues);
        Load.Cpu.Usage usage = cpu.since(before, events);
        Instant last = contender.lastDone();
        long failed = contender.failed();
        boolean delivered = queues.expectAndPurge(contender.queue(), events, label);
        double seconds = Duration.between(due, last).toNanos() / 1e9;
        Drain drain = new Drain(events, done, failed, seconds, delivered, usage);
        say(String.format(Locale.ROOT, "  %-50s %,7d events in %6.2f s: %8.1f events/s; %s%s", label, events, seconds,
                drain.perSecond(), cpuLine(usage),
                drain.complete() ? "" : "  INCOMPLETE (" + done + " done, " + failed + " failed)"));
        return drain;
    }

    /**
     * Preloads n events, all due at one whole second after the preload has committed, waits for that moment and
     * returns it. The moment is set from the last preload's speed with room to spare; if the preload overran it
     * anyway, the outbox began during the preload and the drain says so.
     */
    private Instant preloadDue(Contender contender, String phase, int n) throws Exception {
        return preload.preloadDue(n, (count, dueLiteral) -> contender.preload(phase, count, dueLiteral));
    }

    /**
     * Waits until {@code expected} rows are done. While the outbox works, it watches the queue's depth and asks the
     * database only once the queue holds them all: a count over the table every 100 ms would cost the database CPU
     * on the cores both systems share.
     */
    private long awaitDone(Contender contender, long expected, List<Contender.Instance> running, Queues queues)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(15);
        long done = 0;
        while (System.nanoTime() < deadline) {
            if (queues.depth(contender.queue()) >= expected) {
                done = contender.done();
                if (done >= expected) {
                    return done;
                }
            }
            for (Contender.Instance instance : running) {
                if (!instance.isAlive()) {
                    throw new IllegalStateException("a " + contender.name() + " process died; last lines of its"
                            + " log:\n" + instance.tail(40));
                }
            }
            Thread.sleep(100);
        }
        say("  only " + done + " of " + expected + " events were done within 15 minutes");
        return done;
    }

    /** Each process writes rate / n events per second for the steady seconds; then p50/p99 of the rows. */
    private Steady steady(Contender contender, List<Contender.Instance> running, Queues queues, int n, String label)
            throws Exception {
        contender.truncate();
        database.awaitPurged();
        long startAt = System.currentTimeMillis() + 2000;
        Load.Cpu cpu = cpuOf(running);
        Load.Cpu.Sample before = cpu.sample();
        double each = rate / n;
        long count = Math.round(each * steadySeconds);
        for (int k = 0; k < n; k++) {
            String prefix = "pay_" + (contender instanceof TristateContender ? "t" : "n") + n + "_" + k;
            new SteadyWriting.Plan(startAt, each, count, writerThreads, prefix).writeTo(running.get(k).workDir());
        }
        long written = 0;
        long writeFailures = 0;
        double maxLateMs = 0;
        String firstFailure = null;
        for (Contender.Instance instance : running) {
            SteadyWriting.Result result = awaitResult(instance, steadySeconds + 120);
            written += result.written();
            writeFailures += result.failed();
            maxLateMs = Math.max(maxLateMs, result.maxLateMs());
            firstFailure = firstFailure != null ? firstFailure : result.firstFailure();
        }
        long done = awaitDone(contender, written, running, queues);
        Load.Cpu.Usage usage = cpu.since(before, (int) Math.max(1, written));
        String from = Database.utc(Instant.ofEpochMilli(startAt).plusSeconds(steadyWarmupSeconds));
        long[] micros = contender.latenciesMicros(from);
        Arrays.sort(micros);
        boolean delivered = queues.expectAndPurge(contender.queue(), written, label + ", steady");
        Steady steady = new Steady(count * n, written, writeFailures, done, maxLateMs, micros.length,
                percentileMs(micros, 50), percentileMs(micros, 99), micros.length == 0 ? Double.NaN
                : micros[micros.length - 1] / 1e3, delivered, usage);
        say(String.format(Locale.ROOT, "  %-50s %,7d events at %.0f/s: commit->confirm p50 %.1f ms, p99 %.1f ms,"
                        + " max %.1f ms (of %,d after the first %d s); writers at most %.0f ms late; %s%s",
                label + ", steady", written, rate, steady.p50(), steady.p99(), steady.maxMs(), steady.measured(),
                steadyWarmupSeconds, maxLateMs, cpuLine(usage), steady.complete() ? "" : "  INCOMPLETE ("
                        + writeFailures + " writes failed" + (firstFailure == null ? "" : ", first: " + firstFailure)
                        + "; " + done + " done)"));
        return steady;
    }

    private static SteadyWriting.Result awaitResult(Contender.Instance instance, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            SteadyWriting.Result result = SteadyWriting.Result.readFrom(instance.workDir());
            if (result != null) {
                return result;
            }
            if (!instance.isAlive()) {
                throw new IllegalStateException("a process died while writing; last lines of its log:\n"
                        + instance.tail(40));
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("a steady writer did not finish within " + seconds + " s; last lines of its"
                + " log:\n" + instance.tail(40));
    }

    /** The CPU of the system's processes (with the database's and the broker's, which both systems share). */
    private static Load.Cpu cpuOf(List<Contender.Instance> running) {
        return new Load.Cpu(running.stream().mapToLong(Contender.Instance::pid).toArray());
    }

    /** CPU ms per event: the system's processes (their JIT compilers), the database, the broker; the machine. */
    private static String cpuLine(Load.Cpu.Usage u) {
        return String.format(Locale.ROOT, "CPU ms/event: processes %.3f (JIT %s), db %s, broker %s; machine busy %s,"
                        + " other processes %s", u.appMs(), u.appJitMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f",
                        u.appJitMs()), u.dbMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", u.dbMs()),
                u.brokerMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", u.brokerMs()),
                Report.percent(u.machineBusy()), Report.percent(u.othersShare()));
    }

    /** Nearest-rank percentile of sorted microseconds, in milliseconds; NaN when there are none. */
    static double percentileMs(long[] sortedMicros, double p) {
        if (sortedMicros.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sortedMicros.length);
        return sortedMicros[Math.max(0, rank - 1)] / 1e3;
    }

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

    // ---------------------------------------------------------------- the report

    record Drain(int events, long done, long failed, double seconds, boolean delivered, Load.Cpu.Usage usage) {
        double perSecond() {
            return events / seconds;
        }

        boolean complete() {
            return done == events && failed == 0 && delivered;
        }
    }

    record Steady(long planned, long written, long writeFailures, long done, double maxLateMs, int measured,
                  double p50, double p99, double maxMs, boolean delivered, Load.Cpu.Usage usage) {
        boolean complete() {
            return written == planned && writeFailures == 0 && done == written && measured > 0 && delivered;
        }
    }

    /** One system with n processes; complete when every event of every phase, the warm-up's too, arrived once. */
    record Measured(String system, int instances, boolean warmedUp, Drain drain, Steady steady) {
        boolean complete() {
            return warmedUp && drain.complete() && steady.complete();
        }
    }

    private void report(List<Measured> results) {
        say("");
        say(String.format(Locale.ROOT, "| processes | system | drain events/s (%,d) | steady p50 ms | steady p99 ms |"
                + " steady max ms | drain CPU ms/event: processes / db / broker | steady CPU ms/event: processes / db"
                + " / broker | all delivered |", backlog));
        say("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
        for (Measured m : results) {
            Load.Cpu.Usage d = m.drain().usage();
            Load.Cpu.Usage st = m.steady().usage();
            say(String.format(Locale.ROOT, "| %d | %s | %.1f | %.1f | %.1f | %.1f | %.3f / %.3f / %.3f |"
                            + " %.3f / %.3f / %.3f | %s |", m.instances(), m.system(), m.drain().perSecond(),
                    m.steady().p50(), m.steady().p99(), m.steady().maxMs(), d.appMs(), d.dbMs(), d.brokerMs(),
                    st.appMs(), st.dbMs(), st.brokerMs(), m.complete() ? "yes" : "NO"));
        }
        say("");
        for (int n : instances) {
            Measured ours = find(results, "Tristate", n);
            Measured peer = find(results, "namastack-outbox", n);
            if (ours == null || peer == null) {
                continue;
            }
            double ratio = ours.drain().perSecond() / peer.drain().perSecond();
            say(String.format(Locale.ROOT, "target drain with %d process%s: Tristate %.2fx namastack-outbox's events/s"
                            + " (>= %.1fx: %s)", n, n == 1 ? "" : "es", ratio, DRAIN_TARGET,
                    ratio >= DRAIN_TARGET ? "met" : "NOT met"));
            say(String.format(Locale.ROOT, "target commit->confirm p99 with %d process%s: Tristate %.1f ms,"
                            + " namastack-outbox %.1f ms, %.2fx (lower: %s)", n, n == 1 ? "" : "es",
                    ours.steady().p99(), peer.steady().p99(), ours.steady().p99() / peer.steady().p99(),
                    ours.steady().p99() < peer.steady().p99() ? "met" : "NOT met"));
        }
    }

    private static Measured find(List<Measured> results, String system, int n) {
        return results.stream().filter(m -> m.system().equals(system) && m.instances() == n).findFirst()
                .orElse(null);
    }

    private void printPeakRss(Contender contender) {
        List<Long> peaks = contender.peakRssMb();
        if (peaks.isEmpty()) {
            return;
        }
        long max = peaks.stream().mapToLong(Long::longValue).max().orElse(-1);
        String heap = settings.appHeap().isEmpty() ? "the JVM's default heap" : "-Xmx" + settings.appHeap();
        say(contender.name() + " peak RSS: " + max + " MB (of " + peaks.size() + " process(es): " + peaks + " MB), "
                + heap + (settings.appJvmArgs().isEmpty() ? "" : ", " + String.join(" ", settings.appJvmArgs())));
    }

    private static List<String> words(String value) {
        return value.isBlank() ? List.of() : List.of(value.trim().split("\\s+"));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
