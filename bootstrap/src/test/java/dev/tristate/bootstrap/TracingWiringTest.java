package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.junit.jupiter.api.Test;

class TracingWiringTest {

    @Test
    void withTracingSwitchedOffThereIsNoTraceToCarry() {
        TracingWiring.MicrometerTraceContext trace = new TracingWiring.MicrometerTraceContext(Tracer.NOOP,
                Propagator.NOOP);

        assertThat(trace.traceId()).as("the notification record falls back to X-Request-Id or a new id").isEmpty();
        assertThat(trace.traceparent()).as("the outbox row keeps none").isEmpty();
    }
}
