package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.random;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.CallbackMeasurement.Cell;
import dev.tristate.benchmark.CallbackMeasurement.Level;
import dev.tristate.benchmark.CallbackMeasurement.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The callback benchmark (docs/benchmarks.md). Starts the application from its jar against a MySQL-compatible
 * database, then at each concurrency level drives signed SUCCESS callbacks of one channel ({@code --channel}: the
 * sandbox's, or WeChat Pay's sealed v3 notifications) at it over HTTP (a fresh PENDING
 * payment per callback, so each one runs the full transition), and in the same run the same SQL through plain JDBC
 * as the baseline ({@link CallbackMeasurement}). Prints callbacks/s, p50 and p99 of both and their throughput ratio
 * ({@link CallbackReport}).
 */
public final class CallbackBenchmark {

    private final Settings settings;
    private final Database database;
    private final String runId = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);
    private final String tenantId = Database.TENANT_PREFIX + runId;
    private final CallbackChannel channel;
    private final CallbackMeasurement measurement;

    private CallbackBenchmark(Settings settings) {
        this.settings = settings;
        this.database = new Database(settings);
        this.channel = CallbackChannel.of(settings.channel(), runId);
        this.measurement = new CallbackMeasurement(settings, database, channel, tenantId);
    }

    public static void main(String[] args) throws Exception {
        // HikariCP logs through SLF4J; without a provider on the class path SLF4J would only warn that it has none.
        System.setProperty("slf4j.internal.verbosity", "ERROR");
        if (Arrays.asList(args).contains("--help")) {
            System.out.print(Settings.USAGE);
            return;
        }
        Settings settings;
        try {
            settings = Settings.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n\n" + Settings.USAGE);
            System.exit(2);
            return;
        }
        System.exit(new CallbackBenchmark(settings).run() ? 0 : 1);
    }

    private boolean run() throws Exception {
        say("Tristate callback benchmark, run " + runId + ", " + channel.name() + " notifications");
        say("machine: " + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                + System.getProperty("os.version") + ", Java " + System.getProperty("java.version") + ", load average "
                + loadAverage());
        database.create();
        Map<String, String> server = database.serverSettings();
        printDurability(server);

        int retired = database.retireEarlierRuns();
        if (retired > 0) {
            say("removed " + retired + " channel secret(s) of earlier benchmark runs (their master keys are gone)");
        }
        Path workDir = Files.createTempDirectory("tristate-bench-");
        String masterKey = Base64.getEncoder().encodeToString(random(32));
        say("starting the application: " + settings.appJar() + " (prod profile, log: " + workDir.resolve(
                "application.log") + ")");
        long startup = System.nanoTime();
        // The callback path alone: the relay, the consumer, the task runner and the resolver would spend CPU on
        // the events the callbacks write, which the baseline does not; they have their own benchmarks.
        boolean ok;
        try (ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir, List.of(
                "--tristate.relay.enabled=false", "--tristate.consumers.enabled=false",
                "--tristate.tasks.enabled=false", "--tristate.resolver.enabled=false"))) {
            say(String.format(Locale.ROOT, "application healthy on port %d after %.1f s", app.port(),
                    (System.nanoTime() - startup) / 1e9));
            database.requireCallbackSchema();
            database.provisionTenant(tenantId, channel, masterKey);
            say("tenant " + tenantId + "; callback pool and baseline pool: " + settings.callbackPoolSize()
                    + " connections");
            Load.Cpu cpu = new Load.Cpu(app.pid());
            List<Level> results = new ArrayList<>();
            try (JdbcBaseline baseline = new JdbcBaseline(settings, app.port(), channel)) {
                Phase viaHttp = measurement.viaHttp(app, cpu);
                Phase viaJdbc = measurement.viaJdbc(baseline, cpu);
                measurement.initialWarmUp(viaHttp, viaJdbc);
                for (int c : settings.concurrency()) {
                    // Trials alternate between the paths, so that a slow stretch of the machine (the JIT compiler
                    // waking up, the database flushing) falls on both, and each path's median trial is reported.
                    List<Cell> http = new ArrayList<>();
                    List<Cell> jdbc = new ArrayList<>();
                    for (int trial = 0; trial < settings.trials(); trial++) {
                        http.add(measurement.measure("HTTP", viaHttp, c));
                        jdbc.add(measurement.measure("JDBC", viaJdbc, c));
                    }
                    results.add(new Level(c, http, jdbc));
                }
            }
            boolean alive = app.isAlive();
            boolean consistent = verify(measurement.provisioned());
            new CallbackReport(settings, channel).print(server, results, cpu.seesDatabase());
            if (!alive) {
                say("the application died during the run; last lines of its log:\n" + app.tail(40));
            }
            ok = alive && consistent && results.stream().flatMap(Level::cells)
                    .allMatch(cell -> cell.result().errors() == 0);
        }
        Report.peakRss(settings, true);
        return ok;
    }

    /** Every callback of the run (warm-ups included) must have moved its payment once, with one outbox event. */
    private boolean verify(int expected) throws Exception {
        Map<String, Long> counts = database.countsOf(tenantId);
        long succeeded = counts.getOrDefault("payments SUCCEEDED", 0L);
        long events = counts.getOrDefault("outbox PaymentSucceeded", 0L);
        long applied = counts.getOrDefault("notifications APPLIED", 0L);
        boolean ok = succeeded == expected && events == expected && applied == expected && counts.size() == 3;
        say("check: " + counts + (ok ? " - every callback applied once, one outbox event each"
                : " - MISMATCH: expected " + expected + " SUCCEEDED payments, outbox events and APPLIED notifications"
                + " and nothing else"));
        return ok;
    }

    private static void printDurability(Map<String, String> server) {
        say("database: " + server);
        String flush = server.get("innodb_flush_log_at_trx_commit");
        if (!"1".equals(flush)) {
            say("");
            say("!!! WARNING: innodb_flush_log_at_trx_commit = " + flush + ", not 1: commits are NOT durable and");
            say("!!! the figures below are not the figures of a durable configuration.");
            say("");
        }
        if ("ON".equalsIgnoreCase(server.get("log_bin")) && !"1".equals(server.get("sync_binlog"))) {
            say("!!! WARNING: the binary log is on but sync_binlog = " + server.get("sync_binlog") + ", not 1.");
        }
    }
}
