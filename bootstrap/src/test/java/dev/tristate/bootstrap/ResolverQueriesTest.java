package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResolverQueriesTest {

    @Test
    void eachRoundsAnswersAddUpByAnswer() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ResolverQueries queries = new ResolverQueries(meters);

        queries.count(new ResolverRun(0, 3, 2, 1, 0, 0, Map.of("SUCCESS", 2, "NO_ANSWER", 1)));
        queries.count(new ResolverRun(0, 1, 1, 0, 0, 0, Map.of("SUCCESS", 1)));
        queries.count(new ResolverRun(0, 0, 0, 0, 0, 0));

        assertThat(meters.get("tristate.resolver.queries").tag("answer", "SUCCESS").counter().count()).isEqualTo(3);
        assertThat(meters.get("tristate.resolver.queries").tag("answer", "NO_ANSWER").counter().count()).isEqualTo(1);
        assertThat(meters.find("tristate.resolver.queries").counters()).hasSize(2);
    }
}
