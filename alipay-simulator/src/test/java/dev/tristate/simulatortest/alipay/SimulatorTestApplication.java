package dev.tristate.simulatortest.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorConfiguration;
import dev.tristate.simulator.kit.testing.MutableClock;
import java.time.Instant;
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

    /** Where the test clock starts, so that China days and bill dates are known in advance. */
    public static final Instant CLOCK_START = Instant.parse("2030-06-15T02:15:30Z");

    @Bean
    MutableClock clock() {
        return new MutableClock(CLOCK_START);
    }
}
