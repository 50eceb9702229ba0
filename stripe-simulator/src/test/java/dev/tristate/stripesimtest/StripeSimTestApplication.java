package dev.tristate.stripesimtest;

import dev.tristate.simulator.stripe.StripeSimulatorConfiguration;
import java.time.Clock;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * A minimal host for the simulator, the way bootstrap hosts it: imported, not scanned. It lives outside
 * {@code dev.tristate.simulator.stripe} so that the simulator's own component scan does not find it.
 */
@SpringBootApplication
@Import(StripeSimulatorConfiguration.class)
public class StripeSimTestApplication {

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
