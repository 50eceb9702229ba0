package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;
import static dev.tristate.benchmark.peer.PeerPhases.awaitDone;
import static dev.tristate.benchmark.peer.PeerPhases.cpuLine;
import static dev.tristate.benchmark.peer.PeerPhases.cpuOf;

import dev.tristate.benchmark.BacklogPreload;
import dev.tristate.benchmark.Database;
import dev.tristate.benchmark.Load;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * The peer benchmark's drain phase (docs/benchmarks.md, "Versus namastack-outbox"): a backlog preloaded while the
 * outbox is idle, all due at one whole second after the preload; events per second from that moment to the last row
 * marked done. The command runs it once as a warm-up and once measured, on the same processes.
 */
final class PeerDrainPhase {

    record Drain(int events, long done, long failed, double seconds, boolean delivered, Load.Cpu.Usage usage) {
        double perSecond() {
            return events / seconds;
        }

        boolean complete() {
            return done == events && failed == 0 && delivered;
        }
    }

    private final Database database;
    private final BacklogPreload preload = new BacklogPreload("the outbox",
            earliest -> earliest.plusSeconds(2).truncatedTo(ChronoUnit.SECONDS));

    PeerDrainPhase(Database database) {
        this.database = database;
    }

    /** One drain of {@code events} preloaded under the key {@code phase}, on the contender's running processes. */
    Drain measure(Contender contender, List<Contender.Instance> running, Queues queues, String phase, int events,
                  String label) throws Exception {
        contender.truncate();
        database.awaitPurged();
        Instant due = preloadDue(contender, phase, events);
        Load.Cpu cpu = cpuOf(running);
        Load.Cpu.Sample before = cpu.sample();
        long done = awaitDone(contender, events, running, queues);
        Load.Cpu.Usage usage = cpu.since(before, events);
        Instant last = contender.lastDone();
        long failed = contender.failed();
        boolean delivered = queues.expectAndPurge(contender.queue(), events, label);
        double seconds = Duration.between(due, last).toNanos() / 1e9;
        Drain drain = new Drain(events, done, failed, seconds, delivered, usage);
        say(String.format(Locale.ROOT, "  %-50s %,7d events in %6.2f s: %8.1f events/s; %s%s", label, events, seconds,
                drain.perSecond(), cpuLine(usage),
                drain.complete() ? "" : "  INCOMPLETE (" + done + " done, " + failed + " failed)"));
        return drain;
    }

    /**
     * Preloads n events, all due at one whole second after the preload has committed, waits for that moment and
     * returns it ({@link BacklogPreload}).
     */
    private Instant preloadDue(Contender contender, String phase, int n) throws Exception {
        return preload.preloadDue(n, (count, dueLiteral) -> contender.preload(phase, count, dueLiteral));
    }
}
