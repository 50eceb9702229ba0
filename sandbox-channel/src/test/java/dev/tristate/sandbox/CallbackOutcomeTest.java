package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.simulator.kit.NotificationDelivery.AttemptOutcome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CallbackOutcomeTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "200 | {\"code\":\"SUCCESS\"}                  | ACKNOWLEDGED",
            "200 | {\"code\":\"success\"}                  | RETRY",
            "200 | ''                                     | RETRY",
            "200 | SUCCESS                                | RETRY",
            "201 | {\"code\":\"SUCCESS\"}                  | RETRY",
            "400 | {\"code\":\"INVALID\",\"message\":\"x\"} | REJECTED",
            "400 | <html>bad request</html>               | RETRY",
            "401 | {\"code\":\"BAD_SIGNATURE\"}            | RETRY",
            "503 | {\"code\":\"RETRY\"}                    | RETRY",
            "500 | {\"code\":\"SUCCESS\"}                  | RETRY"})
    void onlyTwoHundredSuccessStopsAndOnlyFourHundredInvalidIsNotResentAsIs(int status, String body,
                                                                           AttemptOutcome expected) {
        assertThat(CallbackDispatcher.outcomeOf(status, body)).isEqualTo(expected);
    }
}
