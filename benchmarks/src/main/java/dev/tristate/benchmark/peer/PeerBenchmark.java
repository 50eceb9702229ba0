package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.Benchmarks;
import dev.tristate.benchmark.Database;
import dev.tristate.benchmark.Settings;
import dev.tristate.benchmark.peer.PeerDrainPhase.Drain;
import dev.tristate.benchmark.peer.PeerSteadyPhase.Steady;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * Every event must arrive in its system's queue exactly once and every row must end done. {@link PeerDrainPhase}
 * and {@link PeerSteadyPhase} run the two phases, {@link PeerReport} prints the closing report.
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

    private final Settings settings;
    private final Database database;
    private final String peerDatabase;
    private final Path peerJar;
    private final List<Integer> instances;
    private final int backlog;
    private final int warmup;
    private final List<String> tristateArgs;
    private final List<String> peerArgs;
    private final PeerDrainPhase drainPhase;
    private final PeerSteadyPhase steadyPhase;

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
        double rate = Double.parseDouble(own.get("rate"));
        int steadySeconds = Integer.parseInt(own.get("steady-seconds"));
        int steadyWarmupSeconds = Integer.parseInt(own.get("steady-warmup-seconds"));
        int writerThreads = Integer.parseInt(own.get("writer-threads"));
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
        this.drainPhase = new PeerDrainPhase(database);
        this.steadyPhase = new PeerSteadyPhase(database, new PeerSteadyPhase.Options(rate, steadySeconds,
                steadyWarmupSeconds, writerThreads));
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
        PeerReport report = new PeerReport(settings, backlog, instances);
        report.print(results);
        report.printPeakRss(tristate);
        report.printPeakRss(namastack);
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
            boolean warmedUp = warmup == 0 || drainPhase.measure(contender, running, queues, "w" + round, warmup * n,
                    label + ", warm-up drain").complete();
            Drain drain = drainPhase.measure(contender, running, queues, "m" + round, backlog, label + ", drain");
            Steady steady = steadyPhase.measure(contender, running, queues, n, label);
            return new Measured(contender.name(), n, warmedUp, drain, steady);
        } finally {
            running.forEach(Contender.Instance::close);
        }
    }

    /** One system with n processes; complete when every event of every phase, the warm-up's too, arrived once. */
    record Measured(String system, int instances, boolean warmedUp, Drain drain, Steady steady) {
        boolean complete() {
            return warmedUp && drain.complete() && steady.complete();
        }
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
