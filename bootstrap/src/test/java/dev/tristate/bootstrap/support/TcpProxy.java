package dev.tristate.bootstrap.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP proxy on 127.0.0.1 in front of a service, so that a test can take the service away from the application
 * under test (closing every connection and refusing new ones) without stopping it for anyone else.
 */
public final class TcpProxy implements AutoCloseable {

    private final ServerSocket server;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean refusing;

    private TcpProxy(String targetHost, int targetPort) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        Thread acceptor = new Thread(this::accept, "tcp-proxy-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public static TcpProxy to(String host, int port) throws IOException {
        return new TcpProxy(host, port);
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (refusing) {
                    closeQuietly(client);
                    continue;
                }
                Socket upstream = new Socket(targetHost, targetPort);
                sockets.add(client);
                sockets.add(upstream);
                pipe(client, upstream);
                pipe(upstream, client);
            } catch (IOException e) {
                // closed, or the target refused: the client's connection ends either way
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread copier = new Thread(() -> {
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                in.transferTo(out);
            } catch (IOException ignored) {
                // a side closed
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp-proxy-pipe");
        copier.setDaemon(true);
        copier.start();
    }

    /**
     * Takes the service away but keeps the port: every open connection is cut and each new one is closed as soon as
     * it is accepted, until {@link #serve()}. An application configured with this port sees the service down.
     */
    public TcpProxy refuse() {
        refusing = true;
        sockets.forEach(TcpProxy::closeQuietly);
        sockets.clear();
        return this;
    }

    /** Brings the service back on the same port. */
    public void serve() {
        refusing = false;
    }

    /** Takes the service away: no new connection is accepted and every open one is cut. */
    @Override
    public void close() {
        closeQuietly(server);
        sockets.forEach(TcpProxy::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception ignored) {
            // already closed
        }
    }
}
