package dev.tristate.benchmark;

import static dev.tristate.benchmark.CallbackMeasurement.MAX_DISTURBANCE;
import static dev.tristate.benchmark.Report.loadAverage;
import static dev.tristate.benchmark.Report.orNa;
import static dev.tristate.benchmark.Report.percent;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.CallbackMeasurement.Cell;
import dev.tristate.benchmark.CallbackMeasurement.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The callback benchmark's closing report: the median cells, every trial, where the CPU went, and the targets. */
final class CallbackReport {

    /** The targets: the application's throughput against the same SQL through plain JDBC, and its latency. */
    private static final double MIN_RATIO = 0.85;
    private static final double MAX_P99_MILLIS = 30;

    private final Settings settings;
    private final CallbackChannel channel;

    CallbackReport(Settings settings, CallbackChannel channel) {
        this.settings = settings;
        this.channel = channel;
    }

    void print(Map<String, String> server, List<Level> levels, boolean seesDatabase) {
        List<Cell[]> cells = levels.stream().map(l -> new Cell[] {l.medianHttp(), l.medianJdbc()}).toList();
        say("");
        say(channel.name() + " callbacks through the application (HTTP) and the same SQL through plain JDBC"
                + " (baseline); " + settings.count() + " measured callbacks per cell, each path's median of "
                + settings.trials() + " trials (alternating HTTP, JDBC), " + Runtime.getRuntime().availableProcessors()
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
        targets(levels);
    }

    private void targets(List<Level> levels) {
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

    private static String trials(List<Cell> cells) {
        return String.join(", ", cells.stream().map(cell -> String.format(Locale.ROOT, "%.0f (%.1f)",
                cell.result().perSecond(), cell.result().percentileMillis(99))).toList());
    }
}
