package dev.tristate.adapter.in.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The throttle's arithmetic and bound, on a clock the test moves (the HTTP behaviour: ConsoleSignInThrottleTest). */
class LoginThrottleTest {

    private Instant now = Instant.parse("2026-01-02T03:04:05Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    private final LoginThrottle throttle = new LoginThrottle(3, Duration.ofSeconds(30), Duration.ofMinutes(2), 100,
            Duration.ofHours(1), clock);

    @Test
    void theWaitStartsAtTheLastAllowedFailureDoublesAndIsCapped() {
        assertThat(throttle.failed("operator", "10.0.0.1")).isEmpty();
        assertThat(throttle.failed("operator", "10.0.0.1")).isEmpty();
        assertThat(throttle.failed("Operator ", "10.0.0.1"))
                .contains(new LoginThrottle.Lockout(3, Duration.ofSeconds(30)));
        assertThat(throttle.waitFor("operator", "10.0.0.1")).contains(Duration.ofSeconds(30));
        assertThat(throttle.waitFor("operator", "10.0.0.2")).as("another address").isEmpty();

        now = now.plusSeconds(30);
        assertThat(throttle.waitFor("operator", "10.0.0.1")).isEmpty();
        assertThat(throttle.failed("operator", "10.0.0.1").map(LoginThrottle.Lockout::delay))
                .contains(Duration.ofMinutes(1));
        assertThat(throttle.failed("operator", "10.0.0.1").map(LoginThrottle.Lockout::delay))
                .contains(Duration.ofMinutes(2));
        assertThat(throttle.failed("operator", "10.0.0.1").map(LoginThrottle.Lockout::delay)).as("capped")
                .contains(Duration.ofMinutes(2));

        throttle.succeeded("operator", "10.0.0.1");
        assertThat(throttle.waitFor("operator", "10.0.0.1")).isEmpty();
    }

    @Test
    void theCountersStayWithinTheirBoundHoweverManyNamesFail() {
        for (int i = 0; i < 5_000; i++) {
            throttle.failed("name-" + i, "10.0.0." + (i % 250));
        }
        assertThat(throttle.tracked()).isLessThanOrEqualTo(100);
    }

    @Test
    void namesLongerThanAnyUsersAndOverlongPasswordsAreNotWorthChecking() {
        assertThat(LoginThrottle.acceptable("operator", "secret")).isTrue();
        assertThat(LoginThrottle.acceptable("x".repeat(65), "secret")).isFalse();
        assertThat(LoginThrottle.acceptable("operator", "p".repeat(1025))).isFalse();
        assertThat(LoginThrottle.acceptable(" ", "secret")).isFalse();
        assertThat(LoginThrottle.acceptable(null, "secret")).isFalse();
    }
}
