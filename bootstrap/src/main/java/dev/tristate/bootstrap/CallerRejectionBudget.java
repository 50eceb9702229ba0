package dev.tristate.bootstrap;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.tristate.application.callback.port.out.RejectionBudget;
import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;

/**
 * One Resilience4j rate limiter per caller (client address) and channel, never waiting: {@code limit} rejected
 * notifications recorded per {@code period}. The limiters live in a Caffeine cache bounded by {@code maxCallers} and
 * dropped after two idle periods, so a flood from many addresses cannot grow it without end (an evicted caller starts
 * with a fresh budget, which the bound keeps rare).
 */
final class CallerRejectionBudget implements RejectionBudget {

    private final RateLimiterConfig config;
    private final Cache<String, RateLimiter> limiters;

    CallerRejectionBudget(int limit, Duration period, long maxCallers) {
        if (limit < 1 || period.isNegative() || period.isZero() || maxCallers < 1) {
            throw new IllegalArgumentException("the rejected-callback budget needs a limit, a period and a number of"
                    + " callers above zero: " + limit + " per " + period + ", " + maxCallers + " callers");
        }
        this.config = RateLimiterConfig.custom().limitForPeriod(limit).limitRefreshPeriod(period)
                .timeoutDuration(Duration.ZERO).build();
        this.limiters = Caffeine.newBuilder().maximumSize(maxCallers).expireAfterAccess(period.multipliedBy(2))
                .build();
    }

    @Override
    public boolean tryRecord(String channel, String caller) {
        return limiters.get(caller + ' ' + channel, key -> RateLimiter.of(key, config)).acquirePermission();
    }
}
