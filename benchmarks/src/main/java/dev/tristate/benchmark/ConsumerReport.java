package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.ConsumerLatencyPhase.Latency;
import dev.tristate.benchmark.ConsumerThroughputPhase.Drain;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The consumer benchmark's closing report: its tables, the targets and the checks' verdict. */
final class ConsumerReport {

    /** The application's defaults (ConsumerWiring, OutboxRelayWiring), stated in the report. */
    static final String DEFAULT_CONCURRENCY = "concurrency 2, max-concurrency 4";
    static final String DEFAULT_BATCHING = "prefetch 20, batch size 20";
    /** The batch size the application ships with: the throughput target compares it with one per transaction. */
    private static final int DEFAULT_BATCH_SIZE = 20;

    private final String runId;
    private final ConsumerLatencyPhase.Options latencyOptions;
    private final ConsumerThroughputPhase.Options throughputOptions;
    private final List<String> failures;

    ConsumerReport(String runId, ConsumerLatencyPhase.Options latencyOptions,
                   ConsumerThroughputPhase.Options throughputOptions, List<String> failures) {
        this.runId = runId;
        this.latencyOptions = latencyOptions;
        this.throughputOptions = throughputOptions;
        this.failures = failures;
    }

    /** The report of the phases that finished: {@code latency} null and {@code drains} empty when none did. */
    void print(Latency latency, List<Drain> drains, String loadBefore, double runSeconds) {
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
                            + " watched every %d ms (%d polls).", latency.count(), latency.warmup(),
                    latency.jitWarmedUp(), latency.rate(), latency.achievedRate(), pct(latency.lagNanos(), 99) / 1e6,
                    pct(latency.lagNanos(), 100) / 1e6, latency.relayInterval(), DEFAULT_CONCURRENCY,
                    DEFAULT_BATCHING, latencyOptions.pollInterval(),
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
            say("Consumer throughput: relay off, " + throughputOptions.count() + " PaymentSucceeded messages per level"
                    + " after " + throughputOptions.warmup() + " of warm-up, published as the relay does (confirms per "
                    + throughputOptions.publishBatch() + "); consumers " + DEFAULT_CONCURRENCY + " (defaults).");
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
    static long pct(long[] sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
