package dev.tristate.bootstrap.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for requests that no HTTP client would send: bytes written exactly as given (bad
 * request lines, control characters, duplicate or odd headers, lying Content-Length) and slow bodies. Reads one
 * answer: by Content-Length, chunked, or up to the close. Hand-written because the JDK's and Spring's clients
 * validate and normalise exactly what these tests need to get wrong.
 */
final class RawHttp {

    /** One answer; header names in lower case. */
    record Answer(int status, Map<String, List<String>> headers, byte[] body) {

        /** The first value of the header, or null. */
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + text();
        }
    }

    private RawHttp() {
    }

    /** Writes {@code request} exactly as given on a new connection and reads one answer. */
    static Answer send(String host, int port, byte[] request, Duration timeout) throws IOException {
        try (Socket socket = connect(host, port, timeout)) {
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            return read(socket.getInputStream(), deadline(timeout), socket, isHead(request));
        }
    }

    /**
     * Writes {@code head} at once, then {@code body} one byte per {@code pause}, then reads the answer. The server may
     * answer (and close) before the body is complete: the answer is read as soon as writing fails or the server has
     * begun to answer.
     */
    static Answer sendSlowly(String host, int port, byte[] head, byte[] body, Duration pause, Duration timeout)
            throws IOException {
        try (Socket socket = connect(host, port, timeout)) {
            long deadline = deadline(timeout);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(head);
            out.flush();
            try {
                for (byte b : body) {
                    if (in.available() > 0) {
                        break;
                    }
                    sleep(pause);
                    if (System.nanoTime() > deadline) {
                        throw new SocketTimeoutException("no answer within " + timeout);
                    }
                    out.write(b);
                    out.flush();
                }
            } catch (SocketException closedByServer) {
                // the server answered and closed while the body was still coming: read what it said
            }
            return read(in, deadline, socket, isHead(head));
        }
    }

    /** An answer to HEAD has the headers of a body but none. */
    private static boolean isHead(byte[] request) {
        return request.length > 5 && new String(request, 0, 5, StandardCharsets.ISO_8859_1).equals("HEAD ");
    }

    private static Socket connect(String host, int port, Duration timeout) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress(host, port), (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        socket.setTcpNoDelay(true);
        return socket;
    }

    private static long deadline(Duration timeout) {
        return System.nanoTime() + timeout.toNanos();
    }

    private static Answer read(InputStream in, long deadline, Socket socket, boolean head) throws IOException {
        Reader reader = new Reader(in, deadline, socket);
        int status;
        Map<String, List<String>> headers;
        do {
            // interim answers (100 Continue) are skipped: the final one follows on the same connection
            String statusLine = reader.line();
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
                throw new IOException("not an HTTP status line: " + statusLine);
            }
            status = Integer.parseInt(parts[1]);
            headers = new LinkedHashMap<>();
            for (String line = reader.line(); !line.isEmpty(); line = reader.line()) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                            k -> new ArrayList<>()).add(line.substring(colon + 1).trim());
                }
            }
        } while (status / 100 == 1 && status != 101);
        byte[] body;
        List<String> length = headers.get("content-length");
        List<String> encoding = headers.get("transfer-encoding");
        if (head || status == 204 || status == 304 || status == 101) {
            body = new byte[0];
        } else if (encoding != null && encoding.get(0).toLowerCase(Locale.ROOT).contains("chunked")) {
            body = reader.chunked();
        } else if (length != null) {
            body = reader.exactly(Integer.parseInt(length.get(0)));
        } else {
            body = reader.toEnd();
        }
        Map<String, List<String>> frozen = new LinkedHashMap<>();
        headers.forEach((k, v) -> frozen.put(k, List.copyOf(v)));
        return new Answer(status, Collections.unmodifiableMap(frozen), body);
    }

    private static void sleep(Duration pause) throws IOException {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Byte reads bounded by one deadline for the whole answer. */
    private static final class Reader {
        private final InputStream in;
        private final long deadline;
        private final Socket socket;

        Reader(InputStream in, long deadline, Socket socket) {
            this.in = in;
            this.deadline = deadline;
            this.socket = socket;
        }

        int next() throws IOException {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new SocketTimeoutException("no complete answer in time");
            }
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
            return in.read();
        }

        String line() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b = next(); b != '\n'; b = next()) {
                if (b < 0) {
                    throw new EOFException("connection closed in the middle of the answer's head");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        byte[] exactly(int n) throws IOException {
            byte[] bytes = new byte[n];
            for (int i = 0; i < n; i++) {
                int b = next();
                if (b < 0) {
                    throw new EOFException("connection closed after " + i + " of " + n + " body bytes");
                }
                bytes[i] = (byte) b;
            }
            return bytes;
        }

        byte[] chunked() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String size = line();
                int semicolon = size.indexOf(';');
                int n = Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
                if (n == 0) {
                    while (!line().isEmpty()) {
                        // trailers, ignored
                    }
                    return body.toByteArray();
                }
                body.writeBytes(exactly(n));
                line();
            }
        }

        byte[] toEnd() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            try {
                for (int b = next(); b >= 0; b = next()) {
                    body.write(b);
                }
            } catch (SocketException reset) {
                // a reset after the answer ends it as well as a close does
            }
            return body.toByteArray();
        }
    }
}
