package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.RequestBodyTimedOut;
import dev.tristate.adapter.in.web.problem.RequestBodyTooLarge;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The request with a body that throws {@link RequestBodyTooLarge} when read past the size limit and
 * {@link RequestBodyTimedOut} when it is still arriving after the read deadline. The deadline is for the whole body:
 * a client that sends one byte a second never trips the socket's read timeout, yet must not hold a thread.
 */
final class LimitedRequestBody extends HttpServletRequestWrapper {

    private final long limit;
    private final Duration readTimeout;
    private final long deadlineNanos;
    private ServletInputStream stream;

    LimitedRequestBody(HttpServletRequest request, long limit, Duration readTimeout) {
        super(request);
        this.limit = limit;
        this.readTimeout = readTimeout;
        this.deadlineNanos = System.nanoTime() + readTimeout.toNanos();
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
        if (stream == null) {
            stream = new LimitedStream(super.getInputStream());
        }
        return stream;
    }

    @Override
    public BufferedReader getReader() throws IOException {
        String encoding = getCharacterEncoding();
        Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
        return new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }

    private final class LimitedStream extends ServletInputStream {
        private final ServletInputStream in;
        private long read;

        LimitedStream(ServletInputStream in) {
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            checkDeadline();
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            checkDeadline();
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void checkDeadline() throws RequestBodyTimedOut {
            if (!in.isFinished() && System.nanoTime() - deadlineNanos > 0) {
                throw new RequestBodyTimedOut(readTimeout);
            }
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > limit) {
                throw new RequestBodyTooLarge(limit);
            }
            checkDeadline();
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
