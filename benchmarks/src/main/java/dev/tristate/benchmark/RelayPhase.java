package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.RelayBenchmark.Drain;
import dev.tristate.benchmark.baseline.BaselineClasses;
import dev.tristate.benchmark.baseline.OneByOneConfirms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The relay benchmark's relay phases (docs/benchmarks.md): application processes started with their relays on, a
 * warm-up, then a backlog of PENDING events preloaded while the relays are idle, all due at one moment a little after
 * the preload ends, and the drain timed from that moment to the last {@code sent_at}. Every event must end SENT and
 * arrive in the queue once.
 */
final class RelayPhase {

    /**
     * The phases' options: {@code --batch-size}, {@code --relay-threads} (empty: the application's default) and
     * {@code --max-warmup}.
     */
    record Options(int batchSize, String relayThreads, int maxWarmup) {
    }

    /** The share of the relays' CPU their JIT compilers may take in a warm-up drain for the warm-up to end. */
    private static final double JIT_QUIET = 0.05;

    private final Settings settings;
    private final Database database;
    private final OutboxRows outbox;
    private final Options options;
    private final Path workDir;
    private final String masterKey;
    private final AtomicInteger phases = new AtomicInteger();
    private final BacklogPreload preload = new BacklogPreload("the relays", earliest -> earliest.plusSeconds(1));

    /** Every application of the run starts under {@code workDir} with {@code masterKey}. */
    RelayPhase(Settings settings, Database database, OutboxRows outbox, Options options, Path workDir,
               String masterKey) {
        this.settings = settings;
        this.database = database;
        this.outbox = outbox;
        this.options = options;
        this.workDir = workDir;
        this.masterKey = masterKey;
    }

    /**
     * One phase: {@code processes} applications, relaying with confirms one by one (the baseline) or per batch, a
     * warm-up of {@code warmup} events per drain, then {@code events} drained and measured.
     */
    Drain measure(RelayQueue broker, int processes, boolean oneByOne, int warmup, int events) throws Exception {
        String label = processes + " relay" + (processes == 1 ? "" : "s") + ", confirms "
                + (oneByOne ? "one by one" : "per batch");
        // No consumer: the queue must hold what the relay published, to be counted (and it measures the relay alone).
        List<String> args = new ArrayList<>(List.of("--tristate.consumers.enabled=false",
                "--tristate.resolver.enabled=false", "--tristate.relay.enabled=true",
                "--tristate.relay.batch-size=" + options.batchSize(), "--tristate.relay.interval=20ms"));
        if (!options.relayThreads().isEmpty()) {
            args.add("--tristate.relay.threads=" + Integer.parseInt(options.relayThreads()));
        }
        Path baseline = null;
        if (oneByOne) {
            args.add("--spring.main.sources=" + BaselineClasses.SOURCE);
            baseline = BaselineClasses.writeTo(workDir.resolve("one-by-one-classes"));
        }
        List<ApplicationProcess> apps = new ArrayList<>();
        try {
            for (int i = 0; i < processes; i++) {
                ApplicationProcess app = start("relay-" + phases.incrementAndGet(), args, baseline);
                apps.add(app);
                if (oneByOne && !Files.readString(app.log()).contains(OneByOneConfirms.WRAPPED)) {
                    throw new IllegalStateException("the one-by-one baseline did not take effect in " + app.log()
                            + ": its relay would publish per batch");
                }
            }
            if (warmup > 0) {
                warmUp(broker, apps, label, warmup, oneByOne ? warmup : options.maxWarmup());
            }
            String phase = "m" + phases.incrementAndGet();
            Load.Cpu cpu = new Load.Cpu(apps.stream().mapToLong(ApplicationProcess::pid).toArray());
            // Each drain starts on an empty outbox: a backlog of 100 000 events with its indexes is about the size of
            // MariaDB's default buffer pool (128 MB), and with the earlier phases' rows left in the table the drain
            // evicted and re-read pages. The purge of the warm-ups' rows is not this drain's work (its own purge is).
            outbox.truncate();
            database.awaitPurged();
            Instant due = preloadDue(phase, events);
            // From the moment the backlog fell due (the relays, polling every 20 ms when idle, start within that).
            Load.Cpu.Sample before = cpu.sample();
            long sent = awaitSent(phase, events, apps, broker);
            Load.Cpu.Usage usage = cpu.since(before, events);
            Instant last = lastSentAt(phase);
            boolean delivered = broker.expectAndPurge(events, label);
            long seconds = Duration.between(due, last).toNanos();
            Drain drain = new Drain(label, events, sent, seconds / 1e9, usage, delivered);
            say(drain.line());
            return drain;
        } finally {
            apps.forEach(ApplicationProcess::close);
        }
    }

    /**
     * Drains of {@code round} events until the relays' JIT compilers took at most {@link #JIT_QUIET} of the relays'
     * CPU in the last one, up to {@code max} events in all: the drain is to measure the compiled relay, not its
     * compiler, which on two cores competes with the relay, the database and the broker. (The relay's per-batch
     * code runs once per 100 events, so it reaches the optimizing compiler late: after 40 000 events the compiler
     * can still take a quarter of the relay's CPU, and even after 200 000 it keeps 10-20% (0.005-0.011 ms per event),
     * a trickle of compilations that a run of minutes does not end. Hence the cap, and the JIT figure printed with
     * every drain.)
     */
    private void warmUp(RelayQueue broker, List<ApplicationProcess> apps, String label, int round, int max)
            throws Exception {
        Load.Cpu cpu = new Load.Cpu(apps.stream().mapToLong(ApplicationProcess::pid).toArray());
        int done = 0;
        while (true) {
            String warm = "w" + phases.incrementAndGet();
            outbox.truncate();
            Instant due = preloadDue(warm, round);
            Load.Cpu.Sample before = cpu.sample();
            awaitSent(warm, round, apps, broker);
            Load.Cpu.Usage usage = cpu.since(before, round);
            broker.expectAndPurge(round, label + " warm-up");
            done += round;
            say(String.format(Locale.ROOT, "  warm-up (%s): %d events in %.2f s, JIT %.3f of %.3f ms/event", label,
                    round, Duration.between(due, lastSentAt(warm)).toNanos() / 1e9, usage.appJitMs(), usage.appMs()));
            if (usage.appJitMs() < 0 || usage.appJitMs() <= JIT_QUIET * usage.appMs()) {
                return;
            }
            if (done + round > max) {
                say(String.format(Locale.ROOT, "    the JIT compiler still took %.0f%% of the relay's CPU after %d"
                        + " warm-up events: the drain measures some of it", 100 * usage.appJitMs() / usage.appMs(),
                        done));
                return;
            }
        }
    }

    /** An application under {@code workDir/name}; {@code extraClasses} (or null) added to its class path. */
    ApplicationProcess start(String name, List<String> args, Path extraClasses) throws Exception {
        long started = System.nanoTime();
        ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir.resolve(name), args,
                extraClasses);
        say(String.format(Locale.ROOT, "application %s healthy on port %d after %.1f s (log %s)", name, app.port(),
                (System.nanoTime() - started) / 1e9, app.log()));
        return app;
    }

    // ---------------------------------------------------------------- the outbox, with plain JDBC

    /**
     * Preloads n PENDING events, all due at one moment after the preload has committed, waits for that moment and
     * returns it. Nothing has to change in the rows to make them due: making them due with one UPDATE of the whole
     * backlog would leave index changes that the database purges while the relays drain, charging the relay for the
     * benchmark's own UPDATE (that and rows of earlier phases left in the table measured about a third of the
     * database's CPU per event). {@link BacklogPreload} sets the moment and says when the relays began before it.
     */
    private Instant preloadDue(String phase, int n) throws SQLException, InterruptedException {
        return preload.preloadDue(n, (count, dueLiteral) -> outbox.insertPending(phase, count, dueLiteral));
    }

    /**
     * Waits until the phase's events are all SENT. While the relays drain, it watches the queue's depth (a passive
     * declare, which costs the broker next to nothing) and asks the database only once the queue holds them all: a
     * {@code COUNT(*)} over the phase's rows every 100 ms would cost MariaDB CPU on the cores the relays share, and
     * that cost would be charged to the relay.
     */
    private long awaitSent(String phase, int expected, List<ApplicationProcess> apps, RelayQueue broker)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(15);
        long sent = 0;
        while (System.nanoTime() < deadline) {
            if (broker.depth() >= expected) {
                sent = database.count("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT' AND event_key LIKE ?",
                        phase + ":%");
                if (sent >= expected) {
                    return sent;
                }
            }
            for (ApplicationProcess app : apps) {
                if (!app.isAlive()) {
                    throw new IllegalStateException("a relay process died; last lines of its log:\n" + app.tail(40));
                }
            }
            Thread.sleep(100);
        }
        say("  only " + sent + " of " + expected + " events were SENT within 15 minutes");
        return sent;
    }

    private Instant lastSentAt(String phase) throws SQLException {
        try (java.sql.Connection c = database.connect();
             PreparedStatement ps = c.prepareStatement("SELECT DATE_FORMAT(MAX(sent_at), '%Y-%m-%d %H:%i:%s.%f')"
                     + " FROM outbox_events WHERE event_key LIKE ?")) {
            ps.setString(1, phase + ":%");
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Database.instant(rs.getString(1));
            }
        }
    }
}
