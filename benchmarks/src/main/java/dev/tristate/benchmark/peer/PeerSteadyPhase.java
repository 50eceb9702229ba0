package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;
import static dev.tristate.benchmark.peer.PeerPhases.awaitDone;
import static dev.tristate.benchmark.peer.PeerPhases.cpuLine;
import static dev.tristate.benchmark.peer.PeerPhases.cpuOf;

import dev.tristate.benchmark.Database;
import dev.tristate.benchmark.Load;
import dev.tristate.benchmark.peer.steady.SteadyWriting;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The peer benchmark's steady phase (docs/benchmarks.md, "Versus namastack-outbox"): each process's in-process writer
 * writes events in transactions of their own at a fixed total rate; commit-to-confirm p50/p99 from the rows, done
 * time minus created time, the first seconds left out.
 */
final class PeerSteadyPhase {

    /**
     * The phase's options: {@code --rate}, {@code --steady-seconds}, {@code --steady-warmup-seconds} and
     * {@code --writer-threads}.
     */
    record Options(double rate, int steadySeconds, int steadyWarmupSeconds, int writerThreads) {
    }

    record Steady(long planned, long written, long writeFailures, long done, double maxLateMs, int measured,
                  double p50, double p99, double maxMs, boolean delivered, Load.Cpu.Usage usage) {
        boolean complete() {
            return written == planned && writeFailures == 0 && done == written && measured > 0 && delivered;
        }
    }

    private final Database database;
    private final Options options;

    PeerSteadyPhase(Database database, Options options) {
        this.database = database;
        this.options = options;
    }

    /** Each process writes rate / n events per second for the steady seconds; then p50/p99 of the rows. */
    Steady measure(Contender contender, List<Contender.Instance> running, Queues queues, int n, String label)
            throws Exception {
        double rate = options.rate();
        int steadySeconds = options.steadySeconds();
        int steadyWarmupSeconds = options.steadyWarmupSeconds();
        contender.truncate();
        database.awaitPurged();
        long startAt = System.currentTimeMillis() + 2000;
        Load.Cpu cpu = cpuOf(running);
        Load.Cpu.Sample before = cpu.sample();
        double each = rate / n;
        long count = Math.round(each * steadySeconds);
        for (int k = 0; k < n; k++) {
            String prefix = "pay_" + (contender instanceof TristateContender ? "t" : "n") + n + "_" + k;
            new SteadyWriting.Plan(startAt, each, count, options.writerThreads(), prefix)
                    .writeTo(running.get(k).workDir());
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

    /** Nearest-rank percentile of sorted microseconds, in milliseconds; NaN when there are none. */
    static double percentileMs(long[] sortedMicros, double p) {
        if (sortedMicros.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sortedMicros.length);
        return sortedMicros[Math.max(0, rank - 1)] / 1e3;
    }
}
