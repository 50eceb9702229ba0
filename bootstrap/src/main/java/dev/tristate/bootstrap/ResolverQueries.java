package dev.tristate.bootstrap;

import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase.ResolverRun;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code tristate.resolver.queries{answer}}: the questions the resolver's rounds asked the channels, by what the
 * channel said. The answers are the resolver's own words (channel statuses, NOT_FOUND, NO_ANSWER ...), a bounded set.
 */
final class ResolverQueries {

    private final MeterRegistry meters;
    private final Map<String, Counter> byAnswer = new ConcurrentHashMap<>();

    ResolverQueries(MeterRegistry meters) {
        this.meters = meters;
    }

    void count(ResolverRun run) {
        run.answers().forEach((answer, questions) -> byAnswer.computeIfAbsent(answer, a ->
                Counter.builder("tristate.resolver.queries").tag("answer", a)
                        .description("Questions the resolver asked the channels, by what the channel said")
                        .register(meters)).increment(questions));
    }
}
