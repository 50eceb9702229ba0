package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TradeNumbersTest {

    @Test
    void tradeNumbersAreSbxAndTwentyDigitsAndDoNotRepeatWithinOrAcrossProcesses() {
        TradeNumbers first = new TradeNumbers(Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC));
        TradeNumbers afterRestart =
                new TradeNumbers(Clock.fixed(Instant.parse("2030-01-01T00:00:07Z"), ZoneOffset.UTC));

        Set<String> seen = new HashSet<>();
        IntStream.range(0, 1000).forEach(i -> seen.add(first.next()));
        IntStream.range(0, 1000).forEach(i -> seen.add(afterRestart.next()));

        assertThat(seen).hasSize(2000).allSatisfy(tradeNo -> assertThat(tradeNo).matches("SBX\\d{20}"));
    }
}
