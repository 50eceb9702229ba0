package dev.tristate.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A closed loop: {@code concurrency} threads take the next callback as soon as their previous one is answered.
 * Each call's latency goes into a long[]; percentiles are exact (sorted, nearest rank); throughput is completed
 * calls over the wall time from the common start to the last answer.
 */
public final class Load {

    interface Call<T> {
        /** True when the callback was recorded and answered as success. */
        boolean run(T item) throws Exception;
    }

    record Result(int concurrency, int calls, int errors, String firstError, long elapsedNanos, long[] sortedNanos,
                  Cpu.Usage cpu) {

        double perSecond() {
            return calls / (elapsedNanos / 1e9);
        }

        /** Nearest-rank percentile in milliseconds. */
        double percentileMillis(double p) {
            int rank = (int) Math.ceil(p / 100.0 * sortedNanos.length);
            return sortedNanos[Math.max(0, rank - 1)] / 1e6;
        }

        double maxMillis() {
            return sortedNanos[sortedNanos.length - 1] / 1e6;
        }
    }

    private Load() {
    }

    static <T> Result run(int concurrency, List<T> items, Call<T> call, Cpu cpu) throws InterruptedException {
        int n = items.size();
        long[] latencies = new long[n];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger errors = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        CountDownLatch ready = new CountDownLatch(concurrency);
        CountDownLatch go = new CountDownLatch(1);
        Thread[] workers = new Thread[concurrency];
        for (int w = 0; w < concurrency; w++) {
            workers[w] = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                    long t0 = System.nanoTime();
                    boolean ok;
                    try {
                        ok = call.run(items.get(i));
                        if (!ok) {
                            firstError.compareAndSet(null, "not answered with success");
                        }
                    } catch (Exception e) {
                        ok = false;
                        firstError.compareAndSet(null, e.toString());
                    }
                    latencies[i] = System.nanoTime() - t0;
                    if (!ok) {
                        errors.incrementAndGet();
                    }
                }
            }, "load-" + w);
            workers[w].start();
        }
        ready.await();
        Cpu.Sample before = cpu.sample();
        long start = System.nanoTime();
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        long elapsed = System.nanoTime() - start;
        Cpu.Usage usage = cpu.since(before, n);
        Arrays.sort(latencies);
        return new Result(concurrency, n, errors.get(), firstError.get(), elapsed, latencies, usage);
    }

    /**
     * Where the CPU went during a run, on this machine: the application's JVM, this JVM (the client, or the
     * baseline), the local database server if one runs here, and the whole machine's busy share (Linux /proc/stat).
     */
    public static final class Cpu {

        public record Sample(long appNanos, long appJitNanos, long appGcNanos, long selfNanos, long dbNanos,
                      long[] machineTicks, long brokerNanos) {
        }

        /**
         * CPU milliseconds per callback (the application's JIT compiler and GC threads also separately, -1 when
         * unknown), and the machine's busy share (0..1, -1 when unknown).
         */
        public record Usage(double appMs, double appJitMs, double appGcMs, double selfMs, double dbMs,
                            double machineBusy, double othersShare, double brokerMs) {
        }

        private final java.util.List<ProcessHandle> apps;
        private final ProcessHandle db;
        private final ProcessHandle broker;

        Cpu(long appPid) {
            this(new long[] {appPid});
        }

        /** The CPU of several application processes (several relays), counted together as "the application". */
        public Cpu(long[] appPids) {
            this.apps = java.util.Arrays.stream(appPids).mapToObj(ProcessHandle::of)
                    .flatMap(java.util.Optional::stream).toList();
            this.db = ProcessHandle.allProcesses()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/mariadbd") || c.endsWith("/mysqld"))
                            .orElse(false))
                    .findFirst().orElse(null);
            // The local RabbitMQ (an Erlang VM) works for the application too: its CPU is not "other processes".
            this.broker = ProcessHandle.allProcesses()
                    .filter(p -> p.info().command().map(c -> c.endsWith("/beam.smp")).orElse(false))
                    .findFirst().orElse(null);
        }

        boolean seesDatabase() {
            return db != null;
        }

        public Sample sample() {
            long appNanos = 0;
            long jit = 0;
            long gc = 0;
            for (ProcessHandle app : apps) {
                long[] jitAndGc = jitAndGcNanos(app);
                appNanos += nanos(app);
                jit = jit < 0 || jitAndGc[0] < 0 ? -1 : jit + jitAndGc[0];
                gc = gc < 0 || jitAndGc[1] < 0 ? -1 : gc + jitAndGc[1];
            }
            return new Sample(appNanos, jit, gc, nanos(ProcessHandle.current()), nanos(db),
                    machineTicks(), nanos(broker));
        }

        public Usage since(Sample before, int calls) {
            Sample now = sample();
            double busy = -1;
            double others = -1;
            if (before.machineTicks != null && now.machineTicks != null) {
                double total = now.machineTicks[0] - before.machineTicks[0];
                double idle = now.machineTicks[1] - before.machineTicks[1];
                busy = total > 0 ? 1 - idle / total : -1;
                // Jiffies are 10 ms: what the machine was busy with, less the three processes measured here.
                double ours = (now.appNanos - before.appNanos + now.selfNanos - before.selfNanos + now.dbNanos
                        - before.dbNanos + now.brokerNanos - before.brokerNanos) / 1e7;
                others = total > 0 ? Math.max(0, (total - idle - ours) / total) : -1;
            }
            boolean threads = now.appJitNanos >= 0 && before.appJitNanos >= 0;
            return new Usage(perCall(now.appNanos - before.appNanos, calls),
                    threads ? perCall(now.appJitNanos - before.appJitNanos, calls) : -1,
                    threads ? perCall(now.appGcNanos - before.appGcNanos, calls) : -1,
                    perCall(now.selfNanos - before.selfNanos, calls), db == null ? -1
                    : perCall(now.dbNanos - before.dbNanos, calls), busy, others,
                    broker == null ? -1 : perCall(now.brokerNanos - before.brokerNanos, calls));
        }

        private static double perCall(long nanos, int calls) {
            return nanos / 1e6 / calls;
        }

        private static long nanos(ProcessHandle process) {
            return process == null ? 0 : process.info().totalCpuDuration().map(d -> d.toNanos()).orElse(0L);
        }

        /**
         * CPU of the JVM's compiler threads ("C1/C2 CompilerThread") and GC threads ("GC Thread", "G1 ...") from
         * /proc/PID/task, in nanoseconds (clock ticks of 10 ms); {-1, -1} off Linux.
         */
        private static long[] jitAndGcNanos(ProcessHandle process) {
            long jit = 0;
            long gc = 0;
            try (var tasks = Files.list(Path.of("/proc", String.valueOf(process.pid()), "task"))) {
                for (Path task : (Iterable<Path>) tasks::iterator) {
                    String stat;
                    try {
                        stat = Files.readString(task.resolve("stat"));
                    } catch (java.io.IOException gone) {
                        continue;
                    }
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    if (name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler")) {
                        jit += ticks;
                    } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
                        gc += ticks;
                    }
                }
                return new long[] {jit * 10_000_000L, gc * 10_000_000L};
            } catch (Exception e) {
                return new long[] {-1, -1};
            }
        }

        /** {total, idle + iowait} jiffies of all CPUs, or null off Linux. */
        private static long[] machineTicks() {
            try {
                String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
                long total = 0;
                for (int i = 1; i < f.length; i++) {
                    total += Long.parseLong(f[i]);
                }
                return new long[] {total, Long.parseLong(f[4]) + Long.parseLong(f[5])};
            } catch (Exception e) {
                return null;
            }
        }
    }
}
