package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.BufferedBodyRequest;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * What Stripe does around every API call, before a controller runs: the secret key names the account (401 otherwise),
 * a forced {@link Fault} may answer instead, and an {@code Idempotency-Key} replays the answer kept under it (same
 * parameters) or is refused (other parameters: 400 {@code idempotency_error}; the first request still running: 409).
 * The account and the parsed parameters go to the controllers as request attributes. The controls under
 * {@code _simulator} are authenticated the same way and know no faults or idempotency.
 */
final class ApiFilter extends OncePerRequestFilter {

    static final String ACCOUNT = "dev.tristate.simulator.stripe.account";
    static final String PARAMS = "dev.tristate.simulator.stripe.params";
    static final int MAX_BODY_BYTES = 64 * 1024;

    private final StripeAccounts accounts;
    private final StripeBook books;
    private final StripeSimulatorSettings settings;

    ApiFilter(StripeAccounts accounts, StripeBook books, StripeSimulatorSettings settings) {
        this.accounts = accounts;
        this.books = books;
        this.settings = settings;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = apiPath(request);
        return path == null || !(path.startsWith("/v1/") || path.startsWith("/_simulator/"));
    }

    /** The path under the prefix, or null outside it. */
    private String apiPath(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith(settings.prefix() + "/") ? path.substring(settings.prefix().length()) : null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        response.setHeader("Request-Id", Ids.next("req"));
        response.setHeader("Stripe-Version", Webhooks.API_VERSION);
        Optional<BufferedBodyRequest> read = BufferedBodyRequest.read(request, MAX_BODY_BYTES);
        if (read.isEmpty()) {
            write(response, 413, StripeApiError.invalid(null, "The request body is too large.").body().toString());
            return;
        }
        Optional<StripeAccount> account = accounts.bySecretKey(bearer(request.getHeader("Authorization")));
        if (account.isEmpty()) {
            write(response, 401, StripeApiError.body("invalid_request_error", null, request.getHeader("Authorization")
                    == null ? "You did not provide an API key." : "Invalid API Key provided.", null).toString());
            return;
        }
        String apiPath = apiPath(request);
        request.setAttribute(ACCOUNT, account.get().id());
        if (apiPath.startsWith("/_simulator/")) {
            chain.doFilter(read.get(), response);
            return;
        }
        Params params;
        try {
            params = Params.parse("POST".equals(request.getMethod())
                    ? new String(read.get().body(), StandardCharsets.UTF_8) : request.getQueryString());
        } catch (StripeApiError malformed) {
            write(response, malformed.status(), malformed.body().toString());
            return;
        }
        request.setAttribute(PARAMS, params);
        AccountBook book = books.of(account.get().id());
        Optional<Fault> fault = book.takeFault(request.getMethod(), apiPath);
        if (fault.isPresent() && !fault.get().afterActing()) {
            if (fault.get().kind() != Fault.Kind.HANG) {
                FaultAnswers.answer(fault.get(), response);
                return;
            }
            FaultAnswers.hang(settings.hangMs());
        }
        String key = request.getHeader("Idempotency-Key");
        ContentCachingResponseWrapper cached = new ContentCachingResponseWrapper(response);
        if (key != null && "POST".equals(request.getMethod())) {
            if (!idempotently(book, key, request.getMethod() + " " + apiPath + "?" + params.fingerprint(),
                    read.get(), cached, chain)) {
                cached.copyBodyToResponse();
                return;
            }
        } else {
            chain.doFilter(read.get(), cached);
        }
        if (fault.isPresent() && fault.get().afterActing()) {
            if (fault.get().kind() == Fault.Kind.HANG) {
                FaultAnswers.hang(settings.hangMs());
            } else {
                // The call was carried out (and its answer kept under its key); the caller gets the fault instead.
                FaultAnswers.answer(fault.get(), response);
                return;
            }
        }
        cached.copyBodyToResponse();
    }

    /**
     * Runs the request under its key, or answers from what is kept. Returns false when the answer came from the
     * store (nothing was done), true when the request ran.
     */
    private boolean idempotently(AccountBook book, String key, String requestLine, HttpServletRequest request,
                                 ContentCachingResponseWrapper response, FilterChain chain)
            throws IOException, ServletException {
        Optional<AccountBook.StoredAnswer> stored = book.claim(key, requestLine);
        if (stored.isPresent()) {
            AccountBook.StoredAnswer answer = stored.get();
            if (answer.inFlight()) {
                write(response, 409, StripeApiError.body("idempotency_error", "idempotency_key_in_use", "There is "
                        + "currently another in-progress request using this Idempotent Key.", null).toString());
            } else if (!answer.request().equals(requestLine)) {
                write(response, 400, StripeApiError.body("idempotency_error", null, "Keys for idempotent requests "
                        + "can only be used with the same parameters they were first used with.", null).toString());
            } else {
                response.setStatus(answer.status());
                response.setContentType(answer.contentType());
                response.setHeader("Idempotent-Replayed", "true");
                response.getOutputStream().write(answer.body());
            }
            return false;
        }
        boolean kept = false;
        try {
            chain.doFilter(request, response);
            byte[] answer = response.getContentAsByteArray();
            // Stripe keeps no result for a request that failed validation: it never started executing.
            if (!(response.getStatus() == 400
                    && new String(answer, StandardCharsets.UTF_8).contains("\"code\":\"parameter_"))) {
                book.store(key, new AccountBook.StoredAnswer(requestLine, response.getStatus(),
                        response.getContentType(), answer));
                kept = true;
            }
        } finally {
            if (!kept) {
                book.release(key);
            }
        }
        response.setHeader("Idempotent-Replayed", "false");
        return true;
    }

    private static String bearer(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        return authorization.substring(7).strip();
    }

    static void write(HttpServletResponse response, int status, String json) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }
}
