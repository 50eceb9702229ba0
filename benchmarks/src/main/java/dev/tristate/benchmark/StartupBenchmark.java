package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.random;
import static dev.tristate.benchmark.Report.say;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Start-up and crash recovery (docs/benchmarks.md): the application as {@code java -jar tristate.jar} and in the
 * recommended form (extracted, with its class data sharing archive), each started {@code --starts} times on the
 * prod profile (against the benchmark's MariaDB and RabbitMQ) and on the embedded default (H2 and the embedded broker,
 * one data directory for all its starts), each timed from the process's start to its first healthy answer; then one
 * SIGKILL while the relay drains a backlog, and the time until a new process answers healthy and until every event of
 * the backlog is SENT (events the killed relay had claimed wait for their lease to run out).
 */
public final class StartupBenchmark {

    static final String USAGE = """
            Usage: java -jar benchmarks/target/benchmarks.jar startup [--option=value ...]   (from the project root)

              connection and application options as for the callback benchmark (--server-url, --database,
              --db-user, --db-password, --rabbit-*, --app-jar, --app-jvm-args, --app-heap); the database defaults to
              tristate_startup_bench. Give it a vhost of its own (--rabbit-vhost): the kill phase publishes to
              tristate.entitlements with no consumer, and the queue is purged at the end.

              --starts=3                                 starts per profile
              --backlog=20000                            outbox events the relay drains when it is killed
              --kill-after=2000                          events SENT before the SIGKILL
              --cds-jar=bootstrap/target/tristate/tristate.jar
                                                         the recommended start: the jar extracted with its class
                                                         data sharing archive (tristate.jsa) beside it, as mvn
                                                         package builds it; measured after --app-jar, and the
                                                         target and the kill phase use it
              --lease=10s                                tristate.relay.lease for the kill phase: claimed events
                                                         are published again after it (the confirm timeout is set
                                                         to a third of it, as the application requires)
            """;

    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("starts", "3");
        DEFAULTS.put("backlog", "20000");
        DEFAULTS.put("kill-after", "2000");
        DEFAULTS.put("lease", "10s");
        DEFAULTS.put("cds-jar", "bootstrap/target/tristate/tristate.jar");
    }

    private static final double PROD_TARGET_SECONDS = 5;

    private final Settings settings;
    private final Database database;
    private final int starts;
    private final int backlog;
    private final int killAfter;
    private final String lease;
    private final Path cdsJar;
    private final String masterKey = Base64.getEncoder().encodeToString(random(32));

    private StartupBenchmark(Settings settings, Map<String, String> own) {
        this.settings = settings;
        this.database = new Database(settings);
        this.starts = Integer.parseInt(own.get("starts"));
        this.backlog = Integer.parseInt(own.get("backlog"));
        this.killAfter = Integer.parseInt(own.get("kill-after"));
        this.lease = own.get("lease");
        this.cdsJar = Path.of(own.get("cds-jar"));
        if (starts < 1 || backlog < 1 || killAfter < 1 || killAfter >= backlog || !lease.matches("\\d+(ms|s)")) {
            throw new IllegalArgumentException("--starts and --backlog positive, --kill-after below --backlog,"
                    + " --lease a duration such as 10s");
        }
    }

    public static void main(String[] args) throws Exception {
        Benchmarks.main(args, USAGE, DEFAULTS, "tristate_startup_bench", (common, own) -> new StartupBenchmark(common, own)::run);
    }

    private boolean run() throws Exception {
        say("Tristate start-up benchmark; " + Runtime.getRuntime().availableProcessors() + " CPUs, Java "
                + System.getProperty("java.version") + ", load average " + loadAverage() + "; heap "
                + (settings.appHeap().isEmpty() ? "the JVM's default" : "-Xmx" + settings.appHeap()));
        database.create();
        database.retireEarlierRuns();
        Path workDir = Files.createTempDirectory("tristate-startup-bench-");

        List<Form> forms = new ArrayList<>(List.of(new Form("java -jar tristate.jar", "jar", settings)));
        if (Files.isRegularFile(cdsJar) && Files.isRegularFile(cdsJar.resolveSibling("tristate.jsa"))) {
            forms.add(new Form("CDS archive (target/tristate)", "cds", settings.withAppJar(cdsJar)));
        } else {
            say("  no CDS archive at " + cdsJar.resolveSibling("tristate.jsa") + " (mvn package builds it): the"
                    + " recommended start is not measured");
        }
        for (Form form : forms) {
            for (int i = 1; i <= starts; i++) {
                try (ApplicationProcess app = ApplicationProcess.start(form.settings(), masterKey,
                        workDir.resolve(form.key() + "-prod-" + i), List.of("--tristate.consumers.enabled=false"))) {
                    form.prod().add(app.secondsToHealthy());
                    say(String.format(Locale.ROOT, "  %s, prod profile, start %d: healthy after %.2f s", form.name(),
                            i, app.secondsToHealthy()));
                }
            }
            Path dataDir = workDir.resolve(form.key() + "-embedded-data");
            for (int i = 1; i <= starts; i++) {
                try (ApplicationProcess app = ApplicationProcess.startEmbedded(form.settings(), dataDir,
                        workDir.resolve(form.key() + "-embedded-" + i))) {
                    form.embedded().add(app.secondsToHealthy());
                    say(String.format(Locale.ROOT, "  %s, embedded default, start %d%s: healthy after %.2f s",
                            form.name(), i, i == 1 ? " (creates its data directory)" : "", app.secondsToHealthy()));
                }
            }
        }
        Form recommended = forms.get(forms.size() - 1);
        Recovery recovery = killDuringDrain(workDir, recommended.settings());

        say("");
        say("| start | profile | starts | to healthy, each (s) | median (s) |");
        say("| --- | --- | ---: | --- | ---: |");
        for (Form form : forms) {
            say(row(form.name(), "prod", form.prod()));
            say(row(form.name(), "embedded default", form.embedded()));
        }
        say("");
        if (recovery != null) {
            say(String.format(Locale.ROOT, "SIGKILL after %d of %d events SENT (%s): the next process healthy %.2f s"
                    + " after the kill; every event SENT %.2f s after it (tristate.relay.lease %s; %d events were"
                    + " claimed by the killed relay and not written back)", recovery.sentBefore(), backlog,
                    recommended.name(), recovery.toHealthy(), recovery.toDrained(), lease, recovery.stranded()));
        }
        Report.peakRss(settings, false);
        double median = median(recommended.prod());
        say(String.format(Locale.ROOT, "target: start to healthy < %.0f s on the prod profile (%s, median of %d):"
                + " %.2f s - %s", PROD_TARGET_SECONDS, recommended.name(), recommended.prod().size(), median,
                median < PROD_TARGET_SECONDS ? "met" : "NOT met"));
        return recovery != null && recovery.allSent();
    }

    /** One way of starting the application (its key names its work folders), with what its starts measured. */
    private record Form(String name, String key, Settings settings, List<Double> prod, List<Double> embedded) {

        Form(String name, String key, Settings settings) {
            this(name, key, settings, new ArrayList<>(), new ArrayList<>());
        }
    }

    private record Recovery(long sentBefore, double toHealthy, double toDrained, long stranded, boolean allSent) {
    }

    /**
     * A backlog of PENDING events, a relay draining it, SIGKILL once {@code killAfter} are SENT, and a new process at
     * once: how long until it serves, and until the backlog is all SENT.
     */
    private Recovery killDuringDrain(Path workDir, Settings started) throws Exception {
        OutboxRows outbox = new OutboxRows(database, "bench-startup");
        outbox.truncate();
        outbox.insertPending("startup", backlog, Database.utc(LocalDateTime.now(ZoneOffset.UTC)));
        List<String> args = List.of("--tristate.consumers.enabled=false", "--tristate.relay.lease=" + lease,
                "--tristate.relay.confirm-timeout=" + confirmTimeout(lease));
        ApplicationProcess first = ApplicationProcess.start(started, masterKey, workDir.resolve("kill-1"), args);
        long sentBefore;
        try {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while ((sentBefore = sent()) < killAfter && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            first.kill();
        } finally {
            first.close();
        }
        long killedAt = System.nanoTime();
        long stranded = count("SELECT COUNT(*) FROM outbox_events WHERE status = 'PENDING' AND lease_until IS NOT NULL"
                + " AND lease_until > UTC_TIMESTAMP(6)");
        try (ApplicationProcess second = ApplicationProcess.start(started, masterKey, workDir.resolve("kill-2"),
                args)) {
            double toHealthy = (System.nanoTime() - killedAt) / 1e9;
            long deadline = System.nanoTime() + 300_000_000_000L;
            long sent;
            while ((sent = sent()) < backlog && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            double toDrained = (System.nanoTime() - killedAt) / 1e9;
            purgeQueue();
            if (sent < backlog) {
                say("  only " + sent + " of " + backlog + " events SENT within five minutes of the kill");
            }
            return new Recovery(sentBefore, toHealthy, toDrained, stranded, sent >= backlog);
        }
    }

    /** A third of the lease: the application wants the lease above twice the confirm timeout. */
    private static String confirmTimeout(String lease) {
        long millis = lease.endsWith("ms") ? Long.parseLong(lease.replace("ms", ""))
                : Long.parseLong(lease.replace("s", "")) * 1000;
        return Math.max(1, millis / 3) + "ms";
    }

    private long sent() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT'");
    }

    private long count(String sql) throws SQLException {
        try (java.sql.Connection c = database.connect(); PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** What the kill phase published stays in the queue (no consumer ran): removed at the end. */
    private void purgeQueue() {
        try (Connection connection = settings.rabbitConnection("tristate-startup-benchmark");
             Channel channel = connection.createChannel()) {
            channel.queuePurge("tristate.entitlements");
        } catch (IOException | java.util.concurrent.TimeoutException | RuntimeException e) {
            say("  could not purge tristate.entitlements: " + e);
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    private static String row(String form, String profile, List<Double> seconds) {
        String each = String.join(", ", seconds.stream().map(s -> String.format(Locale.ROOT, "%.2f", s)).toList());
        return String.format(Locale.ROOT, "| %s | %s | %d | %s | %.2f |", form, profile, seconds.size(), each,
                median(seconds));
    }
}
