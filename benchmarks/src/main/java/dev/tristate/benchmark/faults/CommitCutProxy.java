package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * A TCP proxy on a free port of 127.0.0.1 between an application and a MySQL/MariaDB server that can be armed to cut
 * a connection exactly while a COMMIT is in flight, so that the client cannot know whether it committed. It reads the
 * client's MySQL packets (3 bytes length, 1 byte sequence, payload) and recognises a COMMIT by its COM_QUERY text.
 * An armed cut waits for a COMMIT of a transaction in which a statement matched the arming's predicate, then either
 * forwards the COMMIT and drops both sockets before the server's answer reaches the client
 * ({@link Cut#AFTER_SERVER_COMMITTED}: the row is there) or drops them without forwarding it
 * ({@link Cut#BEFORE_SERVER_COMMITTED}: the server rolls back). Everything else passes through untouched.
 *
 * <p>The client must connect without TLS ({@code sslMode=DISABLED}) and without compression, or the proxy could not
 * read its packets; a client that asks for TLS is refused with a message in {@link #refusals()}.
 */
public final class CommitCutProxy implements AutoCloseable {

    /** Where an armed cut drops the connection. */
    public enum Cut {
        /** The COMMIT is forwarded; the server's answer is not: committed, and the client cannot know. */
        AFTER_SERVER_COMMITTED,
        /** The COMMIT never reaches the server, which rolls back when the connection drops. */
        BEFORE_SERVER_COMMITTED
    }

    /** An armed cut: where it cuts, and which transactions it waits for. */
    record Arming(Cut cut, Predicate<String> statementMatches) {
    }

    private final String targetHost;
    private final int targetPort;
    private final ServerSocket listener;
    private final Thread acceptor;
    private final Set<CommitCutProxyLink> links = ConcurrentHashMap.newKeySet();
    private final AtomicReference<Arming> armed = new AtomicReference<>();
    private final AtomicInteger cuts = new AtomicInteger();
    private final AtomicInteger commits = new AtomicInteger();
    private final List<String> refusals = new CopyOnWriteArrayList<>();
    private final List<String> cutStatements = new CopyOnWriteArrayList<>();
    private volatile long refuseUntilNanos = System.nanoTime();
    private volatile boolean closed;

    private CommitCutProxy(String targetHost, int targetPort, ServerSocket listener) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = listener;
        this.acceptor = new Thread(this::accept, "commit-cut-proxy-" + listener.getLocalPort());
        acceptor.setDaemon(true);
    }

    /** A proxy to the server at {@code targetHost:targetPort}, listening on a free port of 127.0.0.1. */
    public static CommitCutProxy start(String targetHost, int targetPort) throws IOException {
        if (targetHost == null || targetHost.isBlank() || targetPort < 1 || targetPort > 65535) {
            throw new IllegalArgumentException("the proxy needs the server's host and port, not " + targetHost + ":"
                    + targetPort);
        }
        CommitCutProxy proxy = new CommitCutProxy(targetHost, targetPort,
                new ServerSocket(0, 50, InetAddress.getLoopbackAddress()));
        proxy.acceptor.start();
        return proxy;
    }

    public int port() {
        return listener.getLocalPort();
    }

    /**
     * A JDBC URL through the proxy to {@code database}, with what the proxy needs (no TLS) and the given extra
     * parameters (e.g. {@code "connectTimeout=2000"}), appended with {@code &}.
     */
    public String jdbcUrl(String database, String... parameters) {
        StringBuilder url = new StringBuilder("jdbc:mysql://127.0.0.1:" + port() + "/" + database
                + "?sslMode=DISABLED&allowPublicKeyRetrieval=true");
        for (String parameter : parameters) {
            url.append('&').append(parameter);
        }
        return url.toString();
    }

    /**
     * Arms one cut: the next COMMIT that ends a transaction in which a statement's SQL matched
     * {@code statementMatches} is cut at {@code cut}. Replaces an armed cut that has not fired yet.
     */
    public void arm(Cut cut, Predicate<String> statementMatches) {
        if (cut == null || statementMatches == null) {
            throw new IllegalArgumentException("arm needs where to cut and which transactions to wait for");
        }
        armed.set(new Arming(cut, statementMatches));
    }

    /** Arms a cut of the very next COMMIT, whatever the transaction did. */
    public void armNextCommit(Cut cut) {
        arm(cut, sql -> true);
    }

    public void disarm() {
        armed.set(null);
    }

    public boolean isArmed() {
        return armed.get() != null;
    }

    /** Waits up to {@code within} for the armed cut to fire; whether it did. */
    public boolean awaitCut(Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (isArmed() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return !isArmed();
    }

    /** How many connections were cut at a COMMIT. */
    public int cuts() {
        return cuts.get();
    }

    /** How many COMMITs passed through the proxy (cut or not). */
    public int commits() {
        return commits.get();
    }

    /** For each cut so far, the statement of its transaction that matched the arming. */
    public List<String> cutStatements() {
        return List.copyOf(cutStatements);
    }

    /**
     * The server unreachable for {@code duration}, as when it is down or the network to it is: every open
     * connection is dropped now, and new ones are closed as soon as they are accepted until the time is up.
     */
    public void outage(Duration duration) {
        refuseUntilNanos = System.nanoTime() + duration.toNanos();
        for (CommitCutProxyLink link : links) {
            link.drop();
        }
    }

    /** Whether an {@link #outage(Duration)} is under way. */
    public boolean inOutage() {
        return System.nanoTime() - refuseUntilNanos < 0;
    }

    /** Why connections were refused (a client asking for TLS), one line each. */
    public List<String> refusals() {
        return List.copyOf(refusals);
    }

    /** How many client connections are open through the proxy now. */
    public int openConnections() {
        return links.size();
    }

    /**
     * Called by a link at each COMMIT with the statements of the transaction it ends: the arming the link should
     * execute, when one is armed, a statement matches it and this link is the first to claim it; otherwise null.
     */
    Arming claimCut(List<String> transactionStatements) {
        commits.incrementAndGet();
        Arming current = armed.get();
        if (current == null || transactionStatements.stream().noneMatch(current.statementMatches())) {
            return null;
        }
        if (armed.compareAndSet(current, null)) {
            cuts.incrementAndGet();
            cutStatements.add(transactionStatements.stream().filter(current.statementMatches()).findFirst()
                    .orElseThrow());
            return current;
        }
        return null;
    }

    void refused(String why) {
        refusals.add(why);
        System.err.println("commit-cut proxy: " + why);
    }

    void ended(CommitCutProxyLink link) {
        links.remove(link);
    }

    private void accept() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("commit-cut proxy: accept failed: " + e);
                }
                return;
            }
            if (inOutage()) {
                closeQuietly(client);
                continue;
            }
            try {
                Socket server = new Socket(targetHost, targetPort);
                CommitCutProxyLink link = new CommitCutProxyLink(this, client, server);
                links.add(link);
                link.start();
            } catch (IOException unreachable) {
                // The server is down: the client sees its connection closed, as it would see it refused.
                closeQuietly(client);
            }
        }
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that is left to do
        }
    }

    /** Stops listening and closes every open connection. */
    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // nothing more to release
        }
        for (CommitCutProxyLink link : links) {
            link.drop();
        }
    }

    /** Whether {@code e} only says that the socket was closed, by us or by the peer. */
    static boolean closedSocket(IOException e) {
        return e instanceof SocketException || e instanceof java.io.EOFException;
    }
}
