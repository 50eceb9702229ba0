package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Console sign-in failures and the lockouts they start are counted (3 tries in the tests' settings). */
class ConsoleSignInMetricsTest extends ConsoleTestBase {

    @Autowired
    MeterRegistry meters;

    private double count(String name) {
        return meters.get(name).counter().count();
    }

    @Test
    void wrongPasswordsAreCountedAndSoIsTheLockoutTheyStart() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        Browser guesser = new Browser().from("203.0.113.99");
        double failures = count("tristate.console.sign_in.failures");
        double lockouts = count("tristate.console.lockouts");

        for (int i = 0; i < 3; i++) {
            guesser.logIn(operator, "wrong-" + i);
        }

        assertThat(count("tristate.console.sign_in.failures")).isEqualTo(failures + 3);
        assertThat(count("tristate.console.lockouts")).isEqualTo(lockouts + 1);
    }
}
