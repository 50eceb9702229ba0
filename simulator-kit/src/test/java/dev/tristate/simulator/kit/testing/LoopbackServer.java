package dev.tristate.simulator.kit.testing;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.concurrent.Executors;

/**
 * The merchant's side of the wire as a simulator's test needs it: a JDK HTTP server on 127.0.0.1 at a free port,
 * serving one path with the test's handler on daemon threads (a handler may wait, as a slow merchant does, without
 * keeping the test JVM alive). It runs until the JVM ends, so one server can serve a whole test run.
 */
public final class LoopbackServer {

    private final HttpServer server;

    private LoopbackServer(HttpServer server) {
        this.server = server;
    }

    /** Starts serving {@code path} (and everything below it) with {@code handler}. */
    public static LoopbackServer serve(String path, String threadName, HttpHandler handler) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext(path, handler);
            server.setExecutor(Executors.newCachedThreadPool(task -> {
                Thread thread = new Thread(task, threadName);
                thread.setDaemon(true);
                return thread;
            }));
            server.start();
            return new LoopbackServer(server);
        } catch (IOException cannotListen) {
            throw new UncheckedIOException(cannotListen);
        }
    }

    /** {@code http://127.0.0.1:<port><path>}. */
    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    public void stop() {
        server.stop(0);
    }
}
