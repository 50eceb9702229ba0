package dev.tristate.benchmark;

import static dev.tristate.benchmark.ConsumerReport.DEFAULT_BATCHING;
import static dev.tristate.benchmark.ConsumerReport.DEFAULT_CONCURRENCY;
import static dev.tristate.benchmark.ConsumerReport.pct;
import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The consumer benchmark's latency phase (docs/benchmarks.md): relay and consumers on, default settings; signed
 * sandbox SUCCESS callbacks at a fixed arrival rate (open loop) for PENDING payments; per callback, from its send
 * instant to its entitlement's {@code granted_at} (a lower bound of the commit) and to the instant a poll first saw
 * it committed (an upper bound), and the HTTP answer time.
 */
final class ConsumerLatencyPhase {

    /**
     * The phase's options: {@code --rate}, {@code --latency-jit-warmup}, {@code --latency-max-jit-warmup},
     * {@code --latency-warmup}, {@code --latency-count}, {@code --relay-interval} (empty: the application's
     * default) and {@code --poll-interval}.
     */
    record Options(double rate, int jitWarmup, int maxJitWarmup, int warmup, int count, String relayInterval,
                   int pollInterval) {
    }

    /** What the phase measured; {@code jitWarmedUp}: the closed-loop callbacks its JIT warm-up sent in all. */
    record Latency(String relayInterval, double rate, int jitWarmedUp, int warmup, int count, double achievedRate,
                   long[] lagNanos, long[] httpNanos, long[] toGrantedMicros, long[] toSeenMicros, int errors,
                   Load.Cpu.Usage cpu, BrokerCpu.Usage broker, long watcherPolls, Map<String, Double> statements,
                   double watcherPollsPerCallback) {
    }

    /** The application's tristate.relay.interval (OutboxRelayWiring), stated when --relay-interval is empty. */
    private static final String DEFAULT_RELAY_INTERVAL = "500ms";
    /** Callbacks per further JIT warm-up round while the application's compiler is busy. */
    private static final int JIT_ROUND = 5_000;
    /** The share of the application's CPU its JIT compiler may take in a warm-up round for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;

    private final ConsumerRun run;
    private final Database database;
    private final ConsumerRows rows;
    private final Options options;
    /** Closed-loop callbacks the JIT warm-up sent in all, for the report. */
    private int jitWarmedUp;

    ConsumerLatencyPhase(ConsumerRun run, Database database, ConsumerRows rows, Options options) {
        this.run = run;
        this.database = database;
        this.rows = rows;
        this.options = options;
    }

    Latency measure(EntitlementsQueue broker, Path workDir) throws Exception {
        String relayInterval = options.relayInterval();
        int latencyWarmup = options.warmup();
        int latencyCount = options.count();
        List<String> args = relayInterval.isEmpty() ? List.of() : List.of("--tristate.relay.interval=" + relayInterval);
        String interval = relayInterval.isEmpty() ? DEFAULT_RELAY_INTERVAL + " (the application's default)"
                : relayInterval;
        say("");
        say(String.format(Locale.ROOT, "latency: %d + %d callbacks at %.0f/s (open loop), relay and consumers on,"
                        + " tristate.relay.interval %s, consumers %s, %s (defaults)", latencyWarmup,
                latencyCount, options.rate(), interval, DEFAULT_CONCURRENCY, DEFAULT_BATCHING));
        try (ApplicationProcess app = run.start(broker, workDir, "latency", args)) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            URI uri = URI.create("http://127.0.0.1:" + app.port() + "/callbacks/sandbox");
            if (options.jitWarmup() > 0) {
                warmUpJit(app, http, uri);
            }
            String tenant = run.newTenant("lat");
            String merchantId = "m-" + tenant;
            String secret = run.secret(tenant);
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
            try (EntitlementWatcher watcher = new EntitlementWatcher(database, tenant, options.pollInterval())) {
                sent = OpenLoop.run(http, uri, merchantId, secret, ids, options.rate(), latencyWarmup,
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
                    run.fail("latency: the watcher saw " + watcher.duplicates()
                            + " second entitlement(s) of a payment");
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
                run.fail("latency: " + sent.errors() + " callbacks not answered 200 SUCCESS (first: "
                        + sent.firstError() + ")");
            }
            if (missing > 0) {
                run.fail("latency: " + missing + " measured callbacks have no entitlement seen");
            }
            run.checkTenant("latency", tenant, total, "SUCCEEDED");
            if (!app.isAlive()) {
                run.fail("latency: the application died; last lines of its log:\n" + app.tail(40));
            }
            double achieved = (total - 1) / (sent.elapsedNanos() / 1e9);
            Latency result = new Latency(interval, options.rate(), jitWarmedUp, latencyWarmup, latencyCount, achieved,
                    sent.sortedLagNanos(), httpNanos, toGranted, toSeen, sent.errors(), usage, brokerUsage, polls,
                    statements, (polls - pollsBefore[0]) / (double) latencyCount);
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
        int n = options.jitWarmup();
        while (true) {
            Load.Cpu.Usage cpu = jitWarmupRound(app, http, uri, n);
            jitWarmedUp += n;
            double jit = cpu.appJitMs();
            if (jit < 0 || jit <= JIT_QUIET * cpu.appMs()) {
                return;
            }
            if (jitWarmedUp + JIT_ROUND > options.maxJitWarmup()) {
                say(String.format(Locale.ROOT, "  the application's JIT compiler still took %.0f%% of its CPU after"
                        + " %d warm-up callbacks: the measurement includes some of it", 100 * jit / cpu.appMs(),
                        jitWarmedUp));
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
        String tenant = run.newTenant("latjit");
        String merchantId = "m-" + tenant;
        String secret = run.secret(tenant);
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
        boolean drained = run.awaitEntitlements(tenant, n, app, null, null);
        Load.Cpu.Usage cpu = result.cpu();
        say(String.format(Locale.ROOT, "  JIT warm-up: %d callbacks in a closed loop (4 threads) in %.1f s, all"
                        + " entitlements after %.1f s; application CPU %.2f ms per callback, JIT %s%s", n,
                result.elapsedNanos() / 1e9, (System.nanoTime() - t0) / 1e9, cpu.appMs(), orNa(cpu.appJitMs()),
                result.errors() == 0 ? "" : "; " + result.errors() + " ERRORS (first: " + result.firstError() + ")"));
        if (result.errors() > 0 || !drained) {
            run.fail("latency JIT warm-up: " + result.errors() + " callbacks failed"
                    + (drained ? "" : ", not every one got its entitlement"));
        }
        run.checkTenant("latency JIT warm-up", tenant, n, "SUCCEEDED");
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
}
