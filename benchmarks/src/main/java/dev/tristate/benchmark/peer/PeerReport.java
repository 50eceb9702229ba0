package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.Load;
import dev.tristate.benchmark.Settings;
import dev.tristate.benchmark.peer.PeerBenchmark.Measured;
import java.util.List;
import java.util.Locale;

/** The peer benchmark's closing report: the table of both systems, the targets, and each system's peak RSS. */
final class PeerReport {

    /** Drain events/s Tristate must reach, as a multiple of the peer's. */
    static final double DRAIN_TARGET = 1.5;

    private final Settings settings;
    private final int backlog;
    private final List<Integer> instances;

    /** {@code backlog} and {@code instances}: the command's {@code --backlog} and {@code --instances}. */
    PeerReport(Settings settings, int backlog, List<Integer> instances) {
        this.settings = settings;
        this.backlog = backlog;
        this.instances = instances;
    }

    void print(List<Measured> results) {
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

    void printPeakRss(Contender contender) {
        List<Long> peaks = contender.peakRssMb();
        if (peaks.isEmpty()) {
            return;
        }
        long max = peaks.stream().mapToLong(Long::longValue).max().orElse(-1);
        String heap = settings.appHeap().isEmpty() ? "the JVM's default heap" : "-Xmx" + settings.appHeap();
        say(contender.name() + " peak RSS: " + max + " MB (of " + peaks.size() + " process(es): " + peaks + " MB), "
                + heap + (settings.appJvmArgs().isEmpty() ? "" : ", " + String.join(" ", settings.appJvmArgs())));
    }
}
