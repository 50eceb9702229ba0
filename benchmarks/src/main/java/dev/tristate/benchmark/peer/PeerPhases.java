package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.Load;
import dev.tristate.benchmark.Report;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What the peer benchmark's drain and steady phases share: the wait for a system's rows to be done, and its CPU per
 * event, measured and printed alike so that the two phases' lines compare.
 */
final class PeerPhases {

    private PeerPhases() {
    }

    /**
     * Waits until {@code expected} rows are done. While the outbox works, it watches the queue's depth and asks the
     * database only once the queue holds them all: a count over the table every 100 ms would cost the database CPU
     * on the cores both systems share.
     */
    static long awaitDone(Contender contender, long expected, List<Contender.Instance> running, Queues queues)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(15);
        long done = 0;
        while (System.nanoTime() < deadline) {
            if (queues.depth(contender.queue()) >= expected) {
                done = contender.done();
                if (done >= expected) {
                    return done;
                }
            }
            for (Contender.Instance instance : running) {
                if (!instance.isAlive()) {
                    throw new IllegalStateException("a " + contender.name() + " process died; last lines of its"
                            + " log:\n" + instance.tail(40));
                }
            }
            Thread.sleep(100);
        }
        say("  only " + done + " of " + expected + " events were done within 15 minutes");
        return done;
    }

    /** The CPU of the system's processes (with the database's and the broker's, which both systems share). */
    static Load.Cpu cpuOf(List<Contender.Instance> running) {
        return new Load.Cpu(running.stream().mapToLong(Contender.Instance::pid).toArray());
    }

    /** CPU ms per event: the system's processes (their JIT compilers), the database, the broker; the machine. */
    static String cpuLine(Load.Cpu.Usage u) {
        return String.format(Locale.ROOT, "CPU ms/event: processes %.3f (JIT %s), db %s, broker %s; machine busy %s,"
                        + " other processes %s", u.appMs(), u.appJitMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f",
                        u.appJitMs()), u.dbMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", u.dbMs()),
                u.brokerMs() < 0 ? "?" : String.format(Locale.ROOT, "%.3f", u.brokerMs()),
                Report.percent(u.machineBusy()), Report.percent(u.othersShare()));
    }
}
