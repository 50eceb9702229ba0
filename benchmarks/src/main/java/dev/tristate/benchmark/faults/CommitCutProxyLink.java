package dev.tristate.benchmark.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One client connection through a {@link CommitCutProxy}: the client's socket, the server's socket and a thread for
 * each direction. The client-to-server thread forwards whole MySQL packets, keeping the SQL of the current
 * transaction, and at a COMMIT asks the proxy whether to cut; the server-to-client thread copies bytes as they come,
 * and drops both sockets instead when a forwarded COMMIT is to be cut before its answer.
 */
final class CommitCutProxyLink {

    private static final int COM_QUERY = 0x03;
    /** CLIENT_SSL in the capability flags of the first client packet: TLS follows, which the proxy cannot read. */
    private static final int CLIENT_SSL = 0x0800;
    /** A transaction's statements kept for an armed cut's predicate; longer ones are cut to this many characters. */
    private static final int KEPT_STATEMENTS = 200;
    private static final int KEPT_CHARACTERS = 2000;

    private final CommitCutProxy proxy;
    private final Socket client;
    private final Socket server;
    private final List<String> transaction = new ArrayList<>();
    /** Set before a COMMIT to be cut is forwarded, so that its answer can never reach the client. */
    private volatile boolean cutBeforeAnswer;
    private volatile boolean dropped;

    CommitCutProxyLink(CommitCutProxy proxy, Socket client, Socket server) {
        this.proxy = proxy;
        this.client = client;
        this.server = server;
    }

    void start() {
        String name = "commit-cut-proxy-" + client.getPort();
        Thread up = new Thread(this::clientToServer, name + "-up");
        Thread down = new Thread(this::serverToClient, name + "-down");
        up.setDaemon(true);
        down.setDaemon(true);
        up.start();
        down.start();
    }

    private void clientToServer() {
        try {
            InputStream in = client.getInputStream();
            OutputStream out = server.getOutputStream();
            boolean first = true;
            while (!dropped) {
                byte[] header = in.readNBytes(4);
                if (header.length < 4) {
                    break;
                }
                int length = (header[0] & 0xff) | (header[1] & 0xff) << 8 | (header[2] & 0xff) << 16;
                byte[] payload = in.readNBytes(length);
                if (payload.length < length) {
                    break;
                }
                if (first && asksForTls(payload)) {
                    proxy.refused("a client asked for TLS, inside which the proxy cannot see a COMMIT;"
                            + " connect with sslMode=DISABLED");
                    break;
                }
                first = false;
                if (!forwardOrCut(header, payload, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            if (!CommitCutProxy.closedSocket(e) && !dropped) {
                System.err.println("commit-cut proxy: client to server: " + e);
            }
        }
        drop();
    }

    /** Forwards one packet, or cuts at it; false once the link is cut. */
    private boolean forwardOrCut(byte[] header, byte[] payload, OutputStream out) throws IOException {
        String sql = queryText(payload);
        if (sql != null) {
            String statement = sql.strip().toLowerCase(Locale.ROOT);
            if (statement.equals("commit") || statement.startsWith("commit ")) {
                transaction.add(sql);
                CommitCutProxy.Arming cut = proxy.claimCut(List.copyOf(transaction));
                transaction.clear();
                if (cut != null && cut.cut() == CommitCutProxy.Cut.BEFORE_SERVER_COMMITTED) {
                    drop();
                    return false;
                }
                cutBeforeAnswer = cut != null;
            } else if (endsTransaction(statement)) {
                transaction.clear();
            } else if (transaction.size() < KEPT_STATEMENTS) {
                transaction.add(sql.length() > KEPT_CHARACTERS ? sql.substring(0, KEPT_CHARACTERS) : sql);
            }
        }
        out.write(header);
        out.write(payload);
        out.flush();
        return true;
    }

    private static boolean endsTransaction(String statement) {
        return statement.equals("rollback") || statement.startsWith("rollback ") || statement.startsWith("begin")
                || statement.startsWith("start transaction") || statement.replace(" ", "").startsWith("setautocommit");
    }

    /**
     * The SQL text of a COM_QUERY packet, or null for any other packet. A server that speaks query attributes puts
     * a parameter count and a parameter-set count (0 and 1, as two bytes) before the text; control characters at
     * the start are skipped for that.
     */
    static String queryText(byte[] payload) {
        if (payload.length < 1 || (payload[0] & 0xff) != COM_QUERY) {
            return null;
        }
        int from = 1;
        while (from < payload.length && (payload[from] & 0xff) < 0x20 && payload[from] != '\n'
                && payload[from] != '\t' && payload[from] != '\r') {
            from++;
        }
        return new String(payload, from, payload.length - from, StandardCharsets.UTF_8);
    }

    /** Whether the client's first packet is an SSL request (its capability flags name CLIENT_SSL). */
    static boolean asksForTls(byte[] payload) {
        if (payload.length < 4) {
            return false;
        }
        int flags = (payload[0] & 0xff) | (payload[1] & 0xff) << 8;
        return (flags & CLIENT_SSL) != 0;
    }

    private void serverToClient() {
        byte[] buffer = new byte[16384];
        try {
            InputStream in = server.getInputStream();
            OutputStream out = client.getOutputStream();
            while (!dropped) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                if (cutBeforeAnswer) {
                    // The server has answered the COMMIT: it is decided there, and the client must never learn how.
                    break;
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            if (!CommitCutProxy.closedSocket(e) && !dropped) {
                System.err.println("commit-cut proxy: server to client: " + e);
            }
        }
        drop();
    }

    /** Closes both sockets; the client sees its connection lost. */
    void drop() {
        if (dropped) {
            return;
        }
        dropped = true;
        CommitCutProxy.closeQuietly(client);
        CommitCutProxy.closeQuietly(server);
        proxy.ended(this);
    }
}
