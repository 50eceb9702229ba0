package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A MariaDB server of its own, beside (never instead of) the machine's server on port 3306: {@code mariadbd} as a
 * child process on a free port of 127.0.0.1, with its data directory, socket and error log under one temporary
 * folder, and root without a password. A scenario can stop it cleanly (SIGTERM), crash it (SIGKILL), start it again
 * on the same port and data, and cut the connections of one database with {@code KILL CONNECTION}. On
 * {@link #close()} (or when the JVM exits) the server is stopped and the folder deleted.
 */
public final class PrivateMariaDb implements AutoCloseable {

    private static final Path SERVER = Path.of("/usr/sbin/mariadbd");
    private static final Path INSTALL = Path.of("/usr/bin/mariadb-install-db");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** ER_NO_SUCH_THREAD: the connection ended between the listing and the kill. */
    private static final int UNKNOWN_THREAD_ID = 1094;

    private final Path base;
    private final int port;
    private final Thread killer;
    private volatile Process server;

    private PrivateMariaDb(Path base, int port) {
        this.base = base;
        this.port = port;
        this.killer = new Thread(this::killNow, "kill-private-mariadb");
        Runtime.getRuntime().addShutdownHook(killer);
    }

    /** Whether this machine has the MariaDB server and its installer. */
    public static boolean installed() {
        return Files.isExecutable(SERVER) && Files.isExecutable(INSTALL);
    }

    /** Creates a fresh data directory and starts a server on it; on failure removes what it made. */
    public static PrivateMariaDb start() throws IOException, InterruptedException {
        if (!installed()) {
            throw new IllegalStateException("MariaDB is not installed (no " + SERVER + " or " + INSTALL
                    + "): apt-get install -y mariadb-server");
        }
        Path base = Files.createTempDirectory("tristate-mariadb-");
        PrivateMariaDb db;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            db = new PrivateMariaDb(base, socket.getLocalPort());
        }
        try {
            db.install();
            db.startServer();
            return db;
        } catch (IOException | InterruptedException | RuntimeException e) {
            db.close();
            throw e;
        }
    }

    public int port() {
        return port;
    }

    /** The server's JDBC URL without a database, e.g. {@code jdbc:mysql://127.0.0.1:41234}. */
    public String serverUrl() {
        return "jdbc:mysql://127.0.0.1:" + port;
    }

    public boolean isRunning() {
        Process p = server;
        return p != null && p.isAlive();
    }

    /** The server's process id; -1 while it is stopped. */
    public long pid() {
        Process p = server;
        return p != null && p.isAlive() ? p.pid() : -1;
    }

    private void install() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(INSTALL.toString(), "--no-defaults",
                "--datadir=" + base.resolve("data"), "--auth-root-authentication-method=normal", "--skip-test-db"));
        command.addAll(runAs());
        Path log = base.resolve("install.log");
        Process install = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!install.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            install.destroyForcibly();
            throw new IllegalStateException("mariadb-install-db took longer than " + START_TIMEOUT.toSeconds() + " s");
        }
        if (install.exitValue() != 0) {
            throw new IllegalStateException("mariadb-install-db failed (exit " + install.exitValue() + "):\n"
                    + tail(log));
        }
    }

    /** Starts the server again on its port and data, as after {@link #stop()} or {@link #crash()}. */
    public synchronized void restart() throws IOException, InterruptedException {
        if (isRunning()) {
            throw new IllegalStateException("the private MariaDB is running (pid " + pid() + "); stop it first");
        }
        startServer();
    }

    private synchronized void startServer() throws IOException, InterruptedException {
        // --no-defaults: nothing of /etc/mysql applies, in particular not the machine's port, socket or datadir.
        List<String> command = new ArrayList<>(List.of(SERVER.toString(), "--no-defaults",
                "--datadir=" + base.resolve("data"), "--port=" + port, "--bind-address=127.0.0.1",
                "--socket=" + base.resolve("mariadb.sock"), "--pid-file=" + base.resolve("mariadb.pid"),
                "--log-error=" + base.resolve("error.log"), "--skip-name-resolve",
                "--character-set-server=utf8mb4", "--collation-server=utf8mb4_general_ci",
                "--innodb-buffer-pool-size=128M", "--innodb-flush-log-at-trx-commit=1", "--max-connections=300"));
        command.addAll(runAs());
        server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(base.resolve("server.out").toFile())).start();
        awaitConnectable();
    }

    /** mariadbd refuses to run as root unless told to; as any other user the option would only warn. */
    private static List<String> runAs() {
        return "root".equals(System.getProperty("user.name")) ? List.of("--user=root") : List.of();
    }

    private void awaitConnectable() throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!isRunning()) {
                throw new IllegalStateException("the private MariaDB exited during start-up; its error log:\n"
                        + tail(base.resolve("error.log")));
            }
            try (Connection c = connect("")) {
                return;
            } catch (SQLException notYet) {
                last = notYet;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the private MariaDB did not accept connections within "
                + START_TIMEOUT.toSeconds() + " s (" + last + "); its error log:\n" + tail(base.resolve("error.log")));
    }

    /** A connection as root to {@code database} (empty: none). */
    public Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(serverUrl() + "/" + database, "root", "");
    }

    /** SIGTERM: the server shuts down cleanly, as an operator would stop it; returns once it has exited. */
    public synchronized void stop() throws InterruptedException {
        Process p = server;
        if (p == null || !p.isAlive()) {
            return;
        }
        p.destroy();
        if (!p.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException("the private MariaDB did not stop within " + STOP_TIMEOUT.toSeconds()
                    + " s of SIGTERM and was killed");
        }
    }

    /** SIGKILL, as a crash or a power cut: InnoDB recovers from its redo log on the next start. */
    public synchronized void crash() throws InterruptedException {
        Process p = server;
        if (p != null) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * {@code KILL CONNECTION} for every connection whose current database is {@code database}, except the one
     * that does the killing; returns how many were killed. Connections that end on their own meanwhile are skipped.
     */
    public int killConnections(String database) throws SQLException {
        return killConnections(serverUrl(), "root", "", database);
    }

    /**
     * As {@link #killConnections(String)}, on any server ({@code serverUrl} names no database, with or without a
     * trailing slash): only the connections of {@code database} are cut.
     */
    public static int killConnections(String serverUrl, String user, String password, String database)
            throws SQLException {
        if (database == null || database.isBlank()) {
            throw new IllegalArgumentException("name the database whose connections to kill");
        }
        int killed = 0;
        String server = serverUrl.endsWith("/") ? serverUrl : serverUrl + "/";
        try (Connection c = DriverManager.getConnection(server, user, password)) {
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT ID FROM information_schema.PROCESSLIST"
                    + " WHERE DB = ? AND ID <> CONNECTION_ID()")) {
                ps.setString(1, database);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                    }
                }
            }
            try (Statement s = c.createStatement()) {
                for (long id : ids) {
                    try {
                        s.execute("KILL CONNECTION " + id);
                        killed++;
                    } catch (SQLException gone) {
                        if (gone.getErrorCode() != UNKNOWN_THREAD_ID) {
                            throw gone;
                        }
                    }
                }
            }
        }
        return killed;
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | RuntimeException unreadable) {
            return "(" + log + " unreadable: " + unreadable + ")";
        }
    }

    private void killNow() {
        Process p = server;
        if (p != null) {
            p.destroyForcibly();
        }
    }

    /** Stops the server (by force when it does not stop cleanly) and deletes its folder. */
    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killNow();
        } catch (RuntimeException e) {
            killNow();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(killer);
        } catch (IllegalStateException shuttingDown) {
            // the hook runs anyway
        }
        try (Stream<Path> all = Files.walk(base)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | RuntimeException e) {
            // a temporary folder: the system cleans it in the end
        }
    }
}
