package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ProblemJson;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.adapter.in.web.problem.RequestBodyTooLarge;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The merchant API's budget, checked before anything else runs. A bulkhead: at most {@code maxConcurrent} merchant
 * requests at once; beyond that 503 OVERLOADED at once (waiting would hold the very thread the bulkhead protects), so
 * merchant traffic can never occupy every servlet thread and starve the channel callbacks. And a body limit: a
 * declared length over the limit is refused before reading, a chunked body is cut off when it passes the limit.
 */
final class MerchantApiGuardFilter extends OncePerRequestFilter {

    static final Duration OVERLOADED_RETRY_AFTER = Duration.ofSeconds(1);

    private final Semaphore permits;
    private final long maxBodyBytes;

    MerchantApiGuardFilter(int maxConcurrent, long maxBodyBytes) {
        if (maxConcurrent < 1 || maxBodyBytes < 1) {
            throw new IllegalArgumentException("the merchant API needs at least one request slot and one body byte");
        }
        this.permits = new Semaphore(maxConcurrent);
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!permits.tryAcquire()) {
            ProblemJson.write(Problems.overloaded(OVERLOADED_RETRY_AFTER), request.getRequestURI(), response);
            return;
        }
        try {
            if (request.getContentLengthLong() > maxBodyBytes) {
                ProblemJson.write(Problems.payloadTooLarge(maxBodyBytes), request.getRequestURI(), response);
                return;
            }
            chain.doFilter(new LimitedBody(request, maxBodyBytes), response);
        } finally {
            permits.release();
        }
    }

    /** The request with a body that throws {@link RequestBodyTooLarge} when read past the limit. */
    private static final class LimitedBody extends HttpServletRequestWrapper {
        private final long limit;
        private ServletInputStream stream;

        LimitedBody(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), limit);
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }

    private static final class LimitedStream extends ServletInputStream {
        private final ServletInputStream in;
        private final long limit;
        private long read;

        LimitedStream(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws RequestBodyTooLarge {
            read += n;
            if (read > limit) {
                throw new RequestBodyTooLarge(limit);
            }
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
