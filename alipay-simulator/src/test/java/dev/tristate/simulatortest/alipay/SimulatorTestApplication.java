package dev.tristate.simulatortest.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorConfiguration;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A minimal host for the Alipay simulator, the way a host imports it. It lives outside the simulator's package so
 * that the simulator's own component scan does not find it.
 */
@SpringBootApplication
@Import(AlipaySimulatorConfiguration.class)
public class SimulatorTestApplication {

    @Bean
    TestClock clock() {
        return new TestClock();
    }

    /** A clock the tests set, so that China days and bill dates are known in advance. */
    public static final class TestClock extends Clock {
        public static final Instant START = Instant.parse("2030-06-15T02:15:30Z");
        private volatile Instant now = START;

        public void set(Instant instant) {
            now = instant;
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException("the test clock is UTC");
        }
    }
}
