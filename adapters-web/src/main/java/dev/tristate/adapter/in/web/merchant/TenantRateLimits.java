package dev.tristate.adapter.in.web.merchant;

import dev.tristate.domain.tenant.TenantId;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import java.time.Duration;
import java.util.Optional;

/**
 * One Resilience4j rate limiter per authenticated tenant: {@code limit} requests per {@code period}, never waiting
 * (a waiting request would hold the servlet thread the limit protects). Only authenticated tenants get a limiter, so
 * the registry holds at most one per tenant that exists.
 */
final class TenantRateLimits {

    private final RateLimiterRegistry registry;
    private final Duration period;

    TenantRateLimits(int limit, Duration period) {
        if (limit < 1 || period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("a rate limit needs at least one request per positive period");
        }
        this.period = period;
        this.registry = RateLimiterRegistry.of(RateLimiterConfig.custom().limitForPeriod(limit)
                .limitRefreshPeriod(period).timeoutDuration(Duration.ZERO).build());
    }

    /** Empty when the tenant may go on; otherwise how long until its next request is allowed. */
    Optional<Duration> refusal(TenantId tenant) {
        RateLimiter limiter = registry.rateLimiter(tenant.value());
        if (limiter.acquirePermission()) {
            return Optional.empty();
        }
        if (limiter instanceof AtomicRateLimiter atomic) {
            long nanos = atomic.getDetailedMetrics().getNanosToWait();
            if (nanos > 0) {
                return Optional.of(Duration.ofNanos(nanos));
            }
        }
        return Optional.of(period);
    }
}
