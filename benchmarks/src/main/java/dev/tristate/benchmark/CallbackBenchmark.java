package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.random;
import static dev.tristate.benchmark.Report.say;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.util.Timeout;

/**
 * The callback benchmark (docs/benchmarks.md). Starts the application from its jar against a MySQL-compatible
 * database, then at each concurrency level drives signed SUCCESS callbacks of one channel ({@code --channel}: the
 * sandbox's, or WeChat Pay's sealed v3 notifications) at it over HTTP (a fresh PENDING
 * payment per callback, so each one runs the full transition), and in the same run the same SQL through plain JDBC
 * as the baseline. Prints callbacks/s, p50 and p99 of both and their throughput ratio.
 */
public final class CallbackBenchmark {

    private static final int INITIAL_WARMUP_CONCURRENCY = 8;
    /** Callbacks per further warm-up round while the application's JIT compiler is busy. */
    private static final int WARMUP_ROUND = 5000;
    /** The share of the application's CPU its JIT compiler may take in a warm-up round for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;
    /** Share of the machine other processes may take during a measured cell before it is measured again. */
    /** The targets: the application's throughput against the same SQL through plain JDBC, and its latency. */
    private static final double MIN_RATIO = 0.85;
    private static final double MAX_P99_MILLIS = 30;
    private static final double MAX_DISTURBANCE = 0.10;

    private final Settings settings;
    private final Database database;
    private final String runId = LocalDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
            + "-" + UUID.randomUUID().toString().substring(0, 6);
    private final String tenantId = Database.TENANT_PREFIX + runId;
    private int provisioned;
    /**
     * The load generator: blocking HTTP/1.1 with keep-alive, one pooled connection per client thread. It runs on the
     * machine it measures, so its own CPU per request counts against the application's throughput (the JDK's
     * HttpClient cost about twice as much per request here).
     */
    private final CloseableHttpClient http = HttpClients.custom()
            .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnTotal(256).setMaxConnPerRoute(256)
                    .setDefaultConnectionConfig(ConnectionConfig.custom()
                            .setConnectTimeout(Timeout.ofSeconds(10)).setSocketTimeout(Timeout.ofSeconds(30)).build())
                    .build())
            .disableAutomaticRetries().disableCookieManagement().disableRedirectHandling()
            .disableContentCompression().build();

    private final CallbackChannel channel;

    private CallbackBenchmark(Settings settings) {
        this.settings = settings;
        this.database = new Database(settings);
        this.channel = CallbackChannel.of(settings.channel(), runId);
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
                Phase viaHttp = (c, n) -> httpPhase(app, c, fresh(n), cpu);
                Phase viaJdbc = (c, n) -> jdbcPhase(baseline, c, fresh(n), cpu);
                if (settings.initialWarmup() > 0) {
                    say("initial warm-up: " + settings.initialWarmup() + " callbacks per path at concurrency "
                            + INITIAL_WARMUP_CONCURRENCY + ", then rounds of " + WARMUP_ROUND + " while the application's JIT"
                            + " compiler takes more than " + Math.round(100 * JIT_QUIET) + "% of its CPU (up to "
                            + settings.maxWarmup() + " in all)");
                    warmUp("HTTP", viaHttp, INITIAL_WARMUP_CONCURRENCY, settings.initialWarmup(), WARMUP_ROUND,
                            settings.maxWarmup(), true);
                    warmUp("JDBC", viaJdbc, INITIAL_WARMUP_CONCURRENCY, settings.initialWarmup(), WARMUP_ROUND,
                            settings.maxWarmup(), true);
                }
                for (int c : settings.concurrency()) {
                    // Trials alternate between the paths, so that a slow stretch of the machine (the JIT compiler
                    // waking up, the database flushing) falls on both, and each path's median trial is reported.
                    List<Cell> http = new ArrayList<>();
                    List<Cell> jdbc = new ArrayList<>();
                    for (int trial = 0; trial < settings.trials(); trial++) {
                        http.add(measure("HTTP", viaHttp, c));
                        jdbc.add(measure("JDBC", viaJdbc, c));
                    }
                    results.add(new Level(c, http, jdbc));
                }
            }
            boolean alive = app.isAlive();
            boolean consistent = verify(provisioned);
            printReport(server, results, cpu.seesDatabase());
            if (!alive) {
                say("the application died during the run; last lines of its log:\n" + app.tail(40));
            }
            ok = alive && consistent && results.stream().flatMap(Level::cells)
                    .allMatch(cell -> cell.result().errors() == 0);
        }
        Report.peakRss(settings, true);
        return ok;
    }

    /**
     * A warm-up: one round of {@code first} callbacks, then rounds of {@code round} while the application's JIT
     * compiler took more than {@link #JIT_QUIET} of the application's CPU in the last one, up to {@code max} in all.
     * The cells are to measure the compiled application, not its compiler, which on two cores competes with the
     * callbacks for the same CPUs (and goes on compiling for tens of thousands of callbacks, and again when a higher
     * concurrency takes new paths, such as waiting for a pooled connection). The baseline runs in this JVM, where
     * the application's compiler is idle: its warm-up is one round.
     */
    private void warmUp(String path, Phase phase, int concurrency, int first, int round, int max, boolean verbose)
            throws Exception {
        int done = 0;
        int n = first;
        while (true) {
            Load.Result result = phase.run(concurrency, n);
            done += n;
            if (verbose) {
                progress(path + " warm-up", result);
            }
            double jit = result.cpu().appJitMs();
            if (jit < 0 || jit <= JIT_QUIET * result.cpu().appMs()) {
                return;
            }
            if (done + round > max) {
                say(String.format(Locale.ROOT, "    the application's JIT compiler still took %.0f%% of its CPU after"
                        + " %d warm-up callbacks at concurrency %d: the cell measures some of it", 100 * jit
                        / result.cpu().appMs(), done, concurrency));
                return;
            }
            n = round;
        }
    }

    /** One path at one concurrency: n callbacks, each for a fresh payment. */
    private interface Phase {
        Load.Result run(int concurrency, int n) throws Exception;
    }

    /** A measured cell, the statements the server counted per callback in it, and which try it was. */
    private record Cell(Load.Result result, Map<String, Double> statements, int attempts) {
    }

    /** The trials of one concurrency level, per path, in the order they ran. */
    private record Level(int concurrency, List<Cell> http, List<Cell> jdbc) {

        /** The trial of median throughput (of an even number, the lower of the two in the middle). */
        static Cell median(List<Cell> trials) {
            List<Cell> sorted = trials.stream()
                    .sorted(java.util.Comparator.comparingDouble(cell -> cell.result().perSecond())).toList();
            return sorted.get((sorted.size() - 1) / 2);
        }

        Cell medianHttp() {
            return median(http);
        }

        Cell medianJdbc() {
            return median(jdbc);
        }

        double ratio() {
            return medianHttp().result().perSecond() / medianJdbc().result().perSecond();
        }

        /** The worst p99 of the HTTP trials: the latency target is checked against it, not the median's. */
        double worstHttpP99() {
            return http.stream().mapToDouble(cell -> cell.result().percentileMillis(99)).max().orElse(Double.NaN);
        }

        java.util.stream.Stream<Cell> cells() {
            return java.util.stream.Stream.concat(http.stream(), jdbc.stream());
        }
    }

    /**
     * Warm-up, then the measured run. When other processes took more than a tenth of the machine during it (on a
     * shared machine), the cell is measured again, up to --retries times; the least disturbed try is reported.
     */
    private Cell measure(String path, Phase phase, int concurrency) throws Exception {
        Cell best = null;
        for (int attempt = 1; attempt <= 1 + settings.retries(); attempt++) {
            if (settings.warmup() > 0) {
                // A level's own warm-up, again until the compiler is quiet (at most ten rounds).
                warmUp(path, phase, concurrency, settings.warmup(), settings.warmup(), 10 * settings.warmup(), false);
            }
            Map<String, Long> before = database.statementCounters();
            Load.Result result = phase.run(concurrency, settings.count());
            Cell cell = new Cell(result, perCallback(before, database.statementCounters(), result), attempt);
            progress(path, result);
            double others = result.cpu().othersShare();
            if (best == null || others < best.result().cpu().othersShare()) {
                best = cell;
            }
            if (others <= MAX_DISTURBANCE) {
                break;
            }
            if (attempt <= settings.retries()) {
                say(String.format(Locale.ROOT, "    other processes took %.0f%% of the machine: measuring again",
                        100 * others));
            }
        }
        return best;
    }

    /** n new PENDING payments of the benchmark's tenant, written before the phase that uses them. */
    private List<String> fresh(int n) throws Exception {
        List<String> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            // 30 characters, as a new payment's id (pay_ and a ULID): within every channel's order number.
            ids.add("pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26));
        }
        database.insertPendingPayments(tenantId, channel.name(), ids);
        provisioned += n;
        return ids;
    }

    private Load.Result httpPhase(ApplicationProcess app, int concurrency, List<String> ids, Load.Cpu cpu)
            throws InterruptedException {
        URI uri = URI.create("http://127.0.0.1:" + app.port() + channel.path());
        List<HttpPost> requests = new ArrayList<>(ids.size());
        for (String id : ids) {
            Callback cb = channel.success(id);
            HttpPost post = new HttpPost(uri);
            cb.headers().forEach(post::setHeader);
            post.setEntity(new ByteArrayEntity(cb.body(), ContentType.APPLICATION_JSON));
            requests.add(post);
        }
        return Load.run(concurrency, requests, request -> http.execute(request, response -> {
            String body = response.getEntity() == null ? ""
                    : EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8);
            if (response.getCode() != channel.successStatus() || !body.equals(channel.successBody())) {
                throw new IllegalStateException("HTTP " + response.getCode() + " " + body);
            }
            return true;
        }), cpu);
    }

    private Load.Result jdbcPhase(JdbcBaseline baseline, int concurrency, List<String> ids, Load.Cpu cpu)
            throws InterruptedException {
        List<Callback> callbacks = ids.stream().map(channel::success).toList();
        return Load.run(concurrency, callbacks, cb -> {
            baseline.handle(cb);
            return true;
        }, cpu);
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

    private static void progress(String path, Load.Result r) {
        say(String.format(Locale.ROOT, "  c=%-3d %-12s %6d callbacks in %6.2f s: %7.1f/s, p50 %6.2f ms, p99 %6.2f ms"
                        + ", app CPU %.2f ms/callback (JIT %s), other processes %s%s", r.concurrency(), path,
                r.calls(), r.elapsedNanos() / 1e9, r.perSecond(), r.percentileMillis(50), r.percentileMillis(99),
                r.cpu().appMs(), orNa(r.cpu().appJitMs()), percent(r.cpu().othersShare()),
                r.errors() == 0 ? "" : ", " + r.errors() + " ERRORS (first: " + r.firstError() + ")"));
    }

    private static String trials(List<Cell> cells) {
        return String.join(", ", cells.stream().map(cell -> String.format(Locale.ROOT, "%.0f (%.1f)",
                cell.result().perSecond(), cell.result().percentileMillis(99))).toList());
    }

    /** Counter increments per measured callback. */
    private static Map<String, Double> perCallback(Map<String, Long> before, Map<String, Long> after, Load.Result r) {
        Map<String, Double> per = new LinkedHashMap<>();
        after.forEach((name, value) -> per.put(name, (value - before.getOrDefault(name, value)) / (double) r.calls()));
        return per;
    }

    private void printReport(Map<String, String> server, List<Level> levels, boolean seesDatabase) {
        List<Cell[]> cells = levels.stream().map(l -> new Cell[] {l.medianHttp(), l.medianJdbc()}).toList();
        say("");
        say(channel.name() + " callbacks through the application (HTTP) and the same SQL through plain JDBC (baseline); "
                + settings.count() + " measured callbacks per cell, each path's median of " + settings.trials()
                + " trials (alternating HTTP, JDBC), " + Runtime.getRuntime().availableProcessors()
                + " CPUs, innodb_flush_log_at_trx_commit=" + server.get("innodb_flush_log_at_trx_commit")
                + ", sync_binlog=" + server.get("sync_binlog") + ", log_bin=" + server.get("log_bin")
                + ", load average at the end " + loadAverage() + ".");
        say("");
        say("| concurrency | HTTP callbacks/s | HTTP p50 ms | HTTP p99 ms | JDBC callbacks/s | JDBC p50 ms"
                + " | JDBC p99 ms | throughput ratio HTTP/JDBC |");
        say("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (Cell[] pair : cells) {
            Load.Result h = pair[0].result();
            Load.Result j = pair[1].result();
            say(String.format(Locale.ROOT, "| %d | %.0f | %.2f | %.2f | %.0f | %.2f | %.2f | %.2f |",
                    h.concurrency(), h.perSecond(), h.percentileMillis(50), h.percentileMillis(99), j.perSecond(),
                    j.percentileMillis(50), j.percentileMillis(99), h.perSecond() / j.perSecond()));
        }
        say("");
        say("Every trial in the order it ran: callbacks/s (p99 ms).");
        say("");
        say("| concurrency | HTTP trials | JDBC trials | ratio of each pair |");
        say("| ---: | --- | --- | --- |");
        for (Level level : levels) {
            List<String> ratios = new ArrayList<>();
            for (int i = 0; i < level.http().size(); i++) {
                ratios.add(String.format(Locale.ROOT, "%.2f", level.http().get(i).result().perSecond()
                        / level.jdbc().get(i).result().perSecond()));
            }
            say(String.format(Locale.ROOT, "| %d | %s | %s | %s |", level.concurrency(), trials(level.http()),
                    trials(level.jdbc()), String.join(", ", ratios)));
        }
        say("");
        say("Per median cell: CPU per callback in ms of the application's JVM (and of that its JIT compiler and GC"
                + " threads), of this JVM (the HTTP client, or the baseline)"
                + (seesDatabase ? " and of the local database server" : "") + "; the machine's busy share and the"
                + " share other processes took; the statements the server counted per callback (SHOW GLOBAL STATUS,"
                + " server-wide); which try was reported.");
        say("");
        say("| c | path | app CPU | of which JIT | of which GC | client CPU |" + (seesDatabase ? " db CPU |" : "")
                + " machine busy | other processes | max ms | errors | statements | SELECT | SET | COMMIT | try |");
        say("| ---: | --- | ---: | ---: | ---: | ---: |" + (seesDatabase ? " ---: |" : "")
                + " ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (Cell[] pair : cells) {
            for (int i = 0; i < 2; i++) {
                Load.Result r = pair[i].result();
                Load.Cpu.Usage u = r.cpu();
                Map<String, Double> st = pair[i].statements();
                say(String.format(Locale.ROOT, "| %d | %s | %.2f | %s | %s | %.2f |%s %s | %s | %.1f | %d | %.2f"
                                + " | %.2f | %.2f | %.2f | %d |", r.concurrency(), i == 0 ? "HTTP" : "JDBC", u.appMs(),
                        orNa(u.appJitMs()), orNa(u.appGcMs()), u.selfMs(),
                        seesDatabase ? String.format(Locale.ROOT, " %.2f |", u.dbMs()) : "",
                        percent(u.machineBusy()), percent(u.othersShare()), r.maxMillis(), r.errors(),
                        st.getOrDefault("Questions", Double.NaN), st.getOrDefault("Com_select", Double.NaN),
                        st.getOrDefault("Com_set_option", Double.NaN), st.getOrDefault("Com_commit", Double.NaN),
                        pair[i].attempts()));
            }
        }
        say("");
        double busiest = levels.stream().flatMap(Level::cells)
                .mapToDouble(cell -> cell.result().cpu().othersShare()).max().orElse(-1);
        if (busiest > MAX_DISTURBANCE) {
            say(String.format(Locale.ROOT, "!!! WARNING: other processes took up to %.0f%% of the machine during a"
                    + " measured cell: those figures are disturbed; run again on a quiet machine.", 100 * busiest));
            say("");
        }
        for (Level level : levels) {
            if (level.concurrency() == 32 && channel.name().equals("sandbox")) {
                double ratio = level.ratio();
                say(String.format(Locale.ROOT, "target: throughput >= %.2f of the baseline at concurrency 32"
                        + " (medians): %.2f - %s", MIN_RATIO, ratio, ratio >= MIN_RATIO ? "met" : "NOT met"));
            } else if (level.concurrency() == 32) {
                // WeChat Pay's notifications have a latency target only; the ratio is reported beside it.
                say(String.format(Locale.ROOT, "throughput of the baseline at concurrency 32 (medians): %.2f",
                        level.ratio()));
            }
            if (level.concurrency() == 8) {
                double p99 = level.worstHttpP99();
                say(String.format(Locale.ROOT, "target: HTTP p99 < %.0f ms at concurrency 8 (worst trial): %.2f ms"
                        + " - %s", MAX_P99_MILLIS, p99, p99 < MAX_P99_MILLIS ? "met" : "NOT met"));
            }
        }
    }
}
