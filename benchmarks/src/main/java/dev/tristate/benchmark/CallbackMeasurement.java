package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.say;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
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
 * The callback benchmark's two paths and how a cell of them is measured: signed SUCCESS callbacks through the
 * application over HTTP, or the same SQL through plain JDBC (the baseline), each callback for a fresh PENDING
 * payment; the warm-ups until the application's JIT compiler is quiet, and a cell measured again while other
 * processes disturbed it.
 */
final class CallbackMeasurement {

    /** One path at one concurrency: n callbacks, each for a fresh payment. */
    interface Phase {
        Load.Result run(int concurrency, int n) throws Exception;
    }

    /** A measured cell, the statements the server counted per callback in it, and which try it was. */
    record Cell(Load.Result result, Map<String, Double> statements, int attempts) {
    }

    /** The trials of one concurrency level, per path, in the order they ran. */
    record Level(int concurrency, List<Cell> http, List<Cell> jdbc) {

        /** The trial of median throughput (of an even number, the lower of the two in the middle). */
        static Cell median(List<Cell> trials) {
            List<Cell> sorted = trials.stream()
                    .sorted(Comparator.comparingDouble(cell -> cell.result().perSecond())).toList();
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

        Stream<Cell> cells() {
            return Stream.concat(http.stream(), jdbc.stream());
        }
    }

    private static final int INITIAL_WARMUP_CONCURRENCY = 8;
    /** Callbacks per further warm-up round while the application's JIT compiler is busy. */
    private static final int WARMUP_ROUND = 5000;
    /** The share of the application's CPU its JIT compiler may take in a warm-up round for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;
    /** Share of the machine other processes may take during a measured cell before it is measured again. */
    static final double MAX_DISTURBANCE = 0.10;

    private final Settings settings;
    private final Database database;
    private final CallbackChannel channel;
    private final String tenantId;
    /** The payments written so far, warm-ups included: each must end SUCCEEDED once. */
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

    CallbackMeasurement(Settings settings, Database database, CallbackChannel channel, String tenantId) {
        this.settings = settings;
        this.database = database;
        this.channel = channel;
        this.tenantId = tenantId;
    }

    /** The payments written so far, warm-ups included. */
    int provisioned() {
        return provisioned;
    }

    /** The HTTP path: the callbacks through the application. */
    Phase viaHttp(ApplicationProcess app, Load.Cpu cpu) {
        return (c, n) -> httpPhase(app, c, fresh(n), cpu);
    }

    /** The JDBC path: the same SQL through the baseline. */
    Phase viaJdbc(JdbcBaseline baseline, Load.Cpu cpu) {
        return (c, n) -> jdbcPhase(baseline, c, fresh(n), cpu);
    }

    /** The run's first warm-up of both paths, when {@code --initial-warmup} asks for one. */
    void initialWarmUp(Phase viaHttp, Phase viaJdbc) throws Exception {
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

    /**
     * Warm-up, then the measured run. When other processes took more than a tenth of the machine during it (on a
     * shared machine), the cell is measured again, up to --retries times; the least disturbed try is reported.
     */
    Cell measure(String path, Phase phase, int concurrency) throws Exception {
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

    private static void progress(String path, Load.Result r) {
        say(String.format(Locale.ROOT, "  c=%-3d %-12s %6d callbacks in %6.2f s: %7.1f/s, p50 %6.2f ms, p99 %6.2f ms"
                        + ", app CPU %.2f ms/callback (JIT %s), other processes %s%s", r.concurrency(), path,
                r.calls(), r.elapsedNanos() / 1e9, r.perSecond(), r.percentileMillis(50), r.percentileMillis(99),
                r.cpu().appMs(), orNa(r.cpu().appJitMs()), percent(r.cpu().othersShare()),
                r.errors() == 0 ? "" : ", " + r.errors() + " ERRORS (first: " + r.firstError() + ")"));
    }

    /** Counter increments per measured callback. */
    private static Map<String, Double> perCallback(Map<String, Long> before, Map<String, Long> after, Load.Result r) {
        Map<String, Double> per = new LinkedHashMap<>();
        after.forEach((name, value) -> per.put(name, (value - before.getOrDefault(name, value)) / (double) r.calls()));
        return per;
    }
}
