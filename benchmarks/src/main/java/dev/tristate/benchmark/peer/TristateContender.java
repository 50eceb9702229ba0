package dev.tristate.benchmark.peer;

import static dev.tristate.benchmark.Report.say;

import dev.tristate.benchmark.ApplicationProcess;
import dev.tristate.benchmark.Database;
import dev.tristate.benchmark.OutboxRows;
import dev.tristate.benchmark.Settings;
import dev.tristate.benchmark.peer.steady.SteadyClasses;
import dev.tristate.benchmark.peer.steady.TristateSteadyWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Tristate as shipped ({@code tristate.jar}, prod profile) with its relay on and its default settings, the consumer
 * and resolver off (the queue keeps what the relay published), and the benchmark's steady writer added to its process
 * ({@link TristateSteadyWriter}). Its rows: {@code outbox_events}, done when SENT ({@code sent_at} is written after the
 * broker's confirm).
 */
final class TristateContender implements Contender {

    static final String QUEUE = "tristate.entitlements";

    private final Settings settings;
    private final Database database;
    private final OutboxRows outbox;
    private final String masterKey;
    private final List<String> extraArgs;

    TristateContender(Settings settings, Database database, String masterKey, List<String> extraArgs) {
        this.settings = settings;
        this.database = database;
        this.outbox = new OutboxRows(database, "bench-peer");
        this.masterKey = masterKey;
        this.extraArgs = extraArgs;
    }

    @Override
    public String name() {
        return "Tristate";
    }

    @Override
    public String queue() {
        return QUEUE;
    }

    /** Starts the application once with its relay off: Liquibase creates the schema, the topology is declared. */
    void createSchema(Path dir) throws Exception {
        try (ApplicationProcess app = ApplicationProcess.start(settings, masterKey, dir, List.of(
                "--tristate.relay.enabled=false", "--tristate.consumers.enabled=false",
                "--tristate.resolver.enabled=false"), null)) {
            outbox.truncate();
        }
    }

    @Override
    public List<Instance> start(int n, Path dir) throws Exception {
        Path classes = SteadyClasses.writeTo(dir.resolve("steady-classes"));
        List<Instance> started = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                Path workDir = dir.resolve("tristate-" + i);
                Files.createDirectories(workDir);
                List<String> args = new ArrayList<>(List.of("--tristate.consumers.enabled=false",
                        "--tristate.resolver.enabled=false", "--tristate.relay.enabled=true",
                        "--spring.main.sources=" + TristateSteadyWriter.SOURCE,
                        "--" + TristateSteadyWriter.DIR_PROPERTY + "=" + workDir.toAbsolutePath()));
                args.addAll(extraArgs);
                long began = System.nanoTime();
                ApplicationProcess app = ApplicationProcess.start(settings, masterKey, workDir, args, classes);
                started.add(new Running(app, workDir));
                say(String.format(Locale.ROOT, "  Tristate %d healthy after %.1f s (log %s)", i,
                        (System.nanoTime() - began) / 1e9, app.log()));
                if (!Files.readString(app.log()).contains(TristateSteadyWriter.SERVING)) {
                    throw new IllegalStateException("the steady writer did not start in " + app.log());
                }
            }
        } catch (Exception e) {
            started.forEach(Instance::close);
            throw e;
        }
        return started;
    }

    @Override
    public void prepare(Instance instance, Queues queues) {
        // The backlog's rows are the relay benchmark's (OutboxRows): nothing to learn from the running process.
    }

    @Override
    public void truncate() throws SQLException {
        outbox.truncate();
    }

    @Override
    public void preload(String phase, int n, String dueLiteral) throws SQLException {
        outbox.insertPending(phase, n, dueLiteral);
    }

    @Override
    public long done() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox_events WHERE status = 'SENT'");
    }

    @Override
    public long failed() throws SQLException {
        return count("SELECT COUNT(*) FROM outbox_events WHERE status NOT IN ('PENDING', 'SENT')");
    }

    @Override
    public Instant lastDone() throws SQLException {
        try (Connection c = database.connect(); PreparedStatement ps = c.prepareStatement(
                "SELECT DATE_FORMAT(MAX(sent_at), '%Y-%m-%d %H:%i:%s.%f') FROM outbox_events");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return Database.instant(rs.getString(1));
        }
    }

    @Override
    public long[] latenciesMicros(String fromLiteral) throws SQLException {
        return Contender.longs(database.connect(), "SELECT TIMESTAMPDIFF(MICROSECOND, created_at, sent_at)"
                + " FROM outbox_events WHERE status = 'SENT' AND created_at >= ?", fromLiteral);
    }

    /** Every application process this benchmark stopped, the one that created the schema included. */
    @Override
    public List<Long> peakRssMb() {
        return ApplicationProcess.peakRssOfStopped();
    }

    private long count(String sql) throws SQLException {
        try (Connection c = database.connect(); PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A running application (ApplicationProcess keeps its peak RSS when it stops). */
    private final class Running implements Instance {
        private final ApplicationProcess app;
        private final Path workDir;

        Running(ApplicationProcess app, Path workDir) {
            this.app = app;
            this.workDir = workDir;
        }

        @Override
        public Path workDir() {
            return workDir;
        }

        @Override
        public long pid() {
            return app.pid();
        }

        @Override
        public boolean isAlive() {
            return app.isAlive();
        }

        @Override
        public String tail(int lines) {
            return app.tail(lines);
        }

        @Override
        public void close() {
            app.close();
        }
    }
}
