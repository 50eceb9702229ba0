package dev.tristate.simulator.kit;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A request whose body a filter has already read, within a limit, so that it can check the bytes (a signature, an
 * idempotency fingerprint) and the controller then reads the very same bytes. Spring's
 * {@code ContentCachingRequestWrapper} keeps only what the controller reads, too late for a filter that must decide
 * first.
 */
public final class BufferedBodyRequest extends HttpServletRequestWrapper {

    private final byte[] body;

    private BufferedBodyRequest(HttpServletRequest request, byte[] body) {
        super(request);
        this.body = body;
    }

    /**
     * Reads the body, at most {@code maxBytes} of it: empty when it is larger (the rest is left unread, so a client
     * cannot make the simulator hold an unbounded body).
     */
    public static Optional<BufferedBodyRequest> read(HttpServletRequest request, int maxBytes) throws IOException {
        byte[] body = request.getInputStream().readNBytes(maxBytes + 1);
        return body.length > maxBytes ? Optional.empty() : Optional.of(new BufferedBodyRequest(request, body));
    }

    /** The body as it was read; a copy. */
    public byte[] body() {
        return body.clone();
    }

    @Override
    public ServletInputStream getInputStream() {
        ByteArrayInputStream bytes = new ByteArrayInputStream(body);
        return new ServletInputStream() {
            @Override
            public int read() {
                return bytes.read();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                return bytes.read(buffer, offset, length);
            }

            @Override
            public int available() {
                return bytes.available();
            }

            @Override
            public boolean isFinished() {
                return bytes.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new UnsupportedOperationException("the body is already read");
            }
        };
    }

    @Override
    public BufferedReader getReader() {
        String encoding = getCharacterEncoding();
        return new BufferedReader(new InputStreamReader(getInputStream(),
                encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding)));
    }

    @Override
    public int getContentLength() {
        return body.length;
    }

    @Override
    public long getContentLengthLong() {
        return body.length;
    }
}
