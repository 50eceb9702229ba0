package dev.tristate.benchmark.peer.steady;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.locks.LockSupport;

/**
 * The in-process steady writer of the peer benchmark, the same for both systems: each event written in a transaction
 * of its own at a fixed rate, open loop (event i is due at start + i / rate, whether or not the ones before it have
 * committed), by a few threads as concurrent callbacks would. JDK only: it runs inside Tristate's process (added as a
 * class directory) and inside the peer's, each handing it the one thing that differs, how one event is written.
 *
 * <p>The benchmark and the writer talk through files in the process's work directory: the benchmark writes a plan
 * ({@value #PLAN}), the writer runs it and answers with its result ({@value #RESULT}), then waits for the next plan.
 */
public final class SteadyWriting {

    public static final String PLAN = "steady-plan.properties";
    public static final String RESULT = "steady-result.properties";

    /** Writes event {@code i} of the plan (payment id {@code paymentId}) in a transaction of its own. */
    @FunctionalInterface
    public interface Write {
        void write(String paymentId, long i) throws Exception;
    }

    /** When to start (epoch ms), how many events at what rate (per second), by how many threads, and their ids. */
    public record Plan(long startAtEpochMs, double rate, long count, int threads, String paymentIdPrefix) {

        public Plan {
            if (rate <= 0 || count < 0 || threads < 1 || !paymentIdPrefix.matches("[A-Za-z0-9_]{1,40}")) {
                throw new IllegalArgumentException("a steady plan needs a positive rate and thread count, a count"
                        + " >= 0 and a payment id prefix of letters, digits and _: " + this);
            }
        }

        public String paymentId(long i) {
            return paymentIdPrefix + "_" + i;
        }

        /** Written to a temporary file first and moved into place, so the writer never reads half a plan. */
        public void writeTo(Path dir) throws IOException {
            Properties p = new Properties();
            p.setProperty("start-at", Long.toString(startAtEpochMs));
            p.setProperty("rate", Double.toString(rate));
            p.setProperty("count", Long.toString(count));
            p.setProperty("threads", Integer.toString(threads));
            p.setProperty("prefix", paymentIdPrefix);
            Files.deleteIfExists(dir.resolve(RESULT));
            store(p, dir.resolve(PLAN));
        }

        static Plan readFrom(Path file) throws IOException {
            Properties p = load(file);
            return new Plan(Long.parseLong(p.getProperty("start-at")), Double.parseDouble(p.getProperty("rate")),
                    Long.parseLong(p.getProperty("count")), Integer.parseInt(p.getProperty("threads")),
                    p.getProperty("prefix"));
        }
    }

    /** What a plan came to: events written and failed, how late the latest one started, and how long it took. */
    public record Result(long written, long failed, double maxLateMs, double seconds, String firstFailure) {

        void writeTo(Path dir) throws IOException {
            Properties p = new Properties();
            p.setProperty("written", Long.toString(written));
            p.setProperty("failed", Long.toString(failed));
            p.setProperty("max-late-ms", Double.toString(maxLateMs));
            p.setProperty("seconds", Double.toString(seconds));
            p.setProperty("first-failure", firstFailure == null ? "" : firstFailure);
            store(p, dir.resolve(RESULT));
        }

        /** The result in {@code dir}, or null while there is none. */
        public static Result readFrom(Path dir) throws IOException {
            Path file = dir.resolve(RESULT);
            if (!Files.exists(file)) {
                return null;
            }
            Properties p = load(file);
            String failure = p.getProperty("first-failure", "");
            return new Result(Long.parseLong(p.getProperty("written")), Long.parseLong(p.getProperty("failed")),
                    Double.parseDouble(p.getProperty("max-late-ms")), Double.parseDouble(p.getProperty("seconds")),
                    failure.isEmpty() ? null : failure);
        }
    }

    private SteadyWriting() {
    }

    /**
     * Serves plans from {@code dir} until interrupted, on a daemon thread of its own: the process's shutdown does not
     * wait for it.
     */
    public static Thread serve(Path dir, Write write) {
        Thread thread = new Thread(() -> {
            Path plan = dir.resolve(PLAN);
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    if (Files.exists(plan)) {
                        Plan next = Plan.readFrom(plan);
                        Files.delete(plan);
                        run(next, write).writeTo(dir);
                    } else {
                        Thread.sleep(20);
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (IOException | RuntimeException e) {
                    // A plan that cannot be read or run is answered, not dropped: the benchmark waits for an answer.
                    try {
                        new Result(0, 0, 0, 0, e.toString()).writeTo(dir);
                    } catch (IOException unwritable) {
                        return;
                    }
                }
            }
        }, "steady-writer");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Runs the plan: every event is attempted once; a failure is counted (and the first one kept), not retried. */
    public static Result run(Plan plan, Write write) throws InterruptedException {
        AtomicLong next = new AtomicLong();
        AtomicLong written = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        LongAccumulator maxLateNanos = new LongAccumulator(Math::max, 0);
        AtomicReference<String> firstFailure = new AtomicReference<>();
        long startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                Math.max(0, plan.startAtEpochMs() - System.currentTimeMillis()));
        double nanosPerEvent = 1e9 / plan.rate();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < plan.threads(); t++) {
            Thread worker = new Thread(() -> {
                for (long i = next.getAndIncrement(); i < plan.count(); i = next.getAndIncrement()) {
                    long due = startNanos + (long) (i * nanosPerEvent);
                    for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                    }
                    maxLateNanos.accumulate(System.nanoTime() - due);
                    try {
                        write.write(plan.paymentId(i), i);
                        written.incrementAndGet();
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        firstFailure.compareAndSet(null, e.toString());
                    }
                }
            }, "steady-writer-" + t);
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return new Result(written.get(), failed.get(), maxLateNanos.get() / 1e6, seconds, firstFailure.get());
    }

    private static void store(Properties p, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp)) {
            p.store(w, null);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }
}
