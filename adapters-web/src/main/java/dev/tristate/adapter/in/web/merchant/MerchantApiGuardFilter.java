package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ApiProblemException;
import dev.tristate.adapter.in.web.problem.Problem;
import dev.tristate.adapter.in.web.problem.ProblemJson;
import dev.tristate.adapter.in.web.problem.Problems;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.tenant.TenantId;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The merchant API's gate, in this order, each step before the request's body is read:
 * <ol>
 *   <li>who is calling: {@code Authorization: Bearer <api key>}, or 401. A caller without a key takes nothing that
 *   a tenant needs (no rate, no slot);</li>
 *   <li>the tenant's own rate ({@link TenantRateLimits}), or 429 with {@code Retry-After}: one tenant's burst does not
 *   use up the slots of the others;</li>
 *   <li>a bulkhead: at most {@code maxConcurrent} merchant requests at once; beyond that 503 OVERLOADED at once
 *   (waiting would hold the very thread the bulkhead protects), so merchant traffic can never occupy every servlet
 *   thread and starve the channel callbacks;</li>
 *   <li>the body: a declared length over the limit is refused before reading; the body is cut off when it passes
 *   the limit or is still arriving after the read deadline ({@link LimitedRequestBody}).</li>
 * </ol>
 * The authenticated tenant is handed to the controllers as the request attribute {@link #TENANT}.
 */
final class MerchantApiGuardFilter extends OncePerRequestFilter {

    static final String TENANT = "dev.tristate.adapter.in.web.merchant.tenant";
    static final Duration OVERLOADED_RETRY_AFTER = Duration.ofSeconds(1);
    private static final Logger log = LoggerFactory.getLogger(MerchantApiGuardFilter.class);

    /** The gate's settings: slots, body size and read deadline, per-tenant rate. */
    record Limits(int maxConcurrent, long maxBodyBytes, Duration bodyReadTimeout, int requestsPerPeriod,
                  Duration ratePeriod) {
        Limits {
            if (maxConcurrent < 1 || maxBodyBytes < 1) {
                throw new IllegalArgumentException("the merchant API needs at least one request slot and one byte");
            }
            if (bodyReadTimeout.isNegative() || bodyReadTimeout.isZero()) {
                throw new IllegalArgumentException("the body read timeout must be positive");
            }
        }
    }

    private final MerchantAuthenticator authenticator;
    private final TenantRateLimits rates;
    private final Semaphore permits;
    private final Limits limits;

    MerchantApiGuardFilter(MerchantAuthenticator authenticator, Limits limits) {
        this.authenticator = authenticator;
        this.limits = limits;
        this.rates = new TenantRateLimits(limits.requestsPerPeriod(), limits.ratePeriod());
        this.permits = new Semaphore(limits.maxConcurrent());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<TenantId> tenant = authenticate(request, response);
        if (tenant.isEmpty()) {
            return;
        }
        Optional<Duration> wait = rates.refusal(tenant.get());
        if (wait.isPresent()) {
            refuse(Problems.rateLimited(wait.get()), request, response);
            return;
        }
        if (!permits.tryAcquire()) {
            refuse(Problems.overloaded(OVERLOADED_RETRY_AFTER), request, response);
            return;
        }
        try {
            if (request.getContentLengthLong() > limits.maxBodyBytes()) {
                refuse(Problems.payloadTooLarge(limits.maxBodyBytes()), request, response);
                return;
            }
            request.setAttribute(TENANT, tenant.get());
            chain.doFilter(new LimitedRequestBody(request, limits.maxBodyBytes(), limits.bodyReadTimeout()),
                    response);
        } finally {
            permits.release();
        }
    }

    private Optional<TenantId> authenticate(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        try {
            return Optional.of(authenticator.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION)));
        } catch (ApiProblemException e) {
            refuse(e.problem(), request, response);
        } catch (PersistenceFailure e) {
            log.warn("{} {}: the API key could not be looked up ({})", request.getMethod(), request.getRequestURI(),
                    e.outcomeClass(), e);
            refuse(Problems.serviceUnavailable(), request, response);
        }
        return Optional.empty();
    }

    /**
     * Answers without reading the body, and closes the connection: the client may still be sending a body that
     * nobody will read, and reading it to keep the connection would hold the thread this gate protects.
     */
    private static void refuse(Problem problem, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (request.getContentLengthLong() > 0 || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null) {
            response.setHeader(HttpHeaders.CONNECTION, "close");
        }
        ProblemJson.write(problem, request.getRequestURI(), response);
    }
}
