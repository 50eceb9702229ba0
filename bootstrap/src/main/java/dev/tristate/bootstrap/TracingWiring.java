package dev.tristate.bootstrap;

import dev.tristate.adapter.in.messaging.DeliveryTracing;
import dev.tristate.adapter.in.web.callback.CurrentTraceId;
import dev.tristate.application.shared.port.out.TraceContext;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.amqp.core.Message;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Traces across HTTP and AMQP with Micrometer Tracing (over OpenTelemetry, W3C Trace Context). Spring Boot traces
 * each HTTP request, continuing a caller's {@code traceparent}; this carries the trace on through what the request
 * leaves behind: the notification record stores the trace id, each outbox row the {@code traceparent}, which the relay
 * puts in the message's headers and the consumer continues; each task the consumer writes stores it too, and the
 * task's call to the tenant's service runs in a child span of it and sends it on. Without a tracer (tracing switched
 * off) nothing is carried.
 */
@Configuration(proxyBeanMethods = false)
class TracingWiring {

    static final String TRACEPARENT = "traceparent";

    @Bean
    TraceContext traceContext(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
        Tracer t = tracer.getIfAvailable();
        Propagator p = propagator.getIfAvailable();
        return t == null || p == null ? TraceContext.NONE : new MicrometerTraceContext(t, p);
    }

    /** The callback controller's view of it: the trace id its notification records store. */
    @Bean
    CurrentTraceId currentTraceId(TraceContext trace) {
        return trace::traceId;
    }

    @Bean
    DeliveryTracing deliveryTracing(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
        Tracer t = tracer.getIfAvailable();
        Propagator p = propagator.getIfAvailable();
        return t == null || p == null ? DeliveryTracing.NONE : new MicrometerDeliveryTracing(t, p);
    }

    /** The current span, as Micrometer Tracing knows it. */
    record MicrometerTraceContext(Tracer tracer, Propagator propagator) implements TraceContext {

        /** Empty also under the no-op tracer (tracing switched off), whose spans have a blank trace id. */
        @Override
        public Optional<String> traceId() {
            Span span = tracer.currentSpan();
            return span == null ? Optional.empty()
                    : Optional.ofNullable(span.context().traceId()).filter(id -> !id.isBlank());
        }

        @Override
        public Optional<String> traceparent() {
            Span span = tracer.currentSpan();
            if (span == null) {
                return Optional.empty();
            }
            Map<String, String> carrier = new HashMap<>();
            propagator.inject(span.context(), carrier, Map::put);
            return Optional.ofNullable(carrier.get(TRACEPARENT)).filter(value -> !value.isBlank());
        }

        /** A client span: the work calls out (the task's notice to the tenant's service). */
        @Override
        public <T> T inChildSpan(String parentTraceparent, String name, Supplier<T> work) {
            Map<String, String> carrier = parentTraceparent == null ? Map.of()
                    : Map.of(TRACEPARENT, parentTraceparent);
            Span span = propagator.extract(carrier, Map::get).kind(Span.Kind.CLIENT).name(name).start();
            try (Tracer.SpanInScope scope = tracer.withSpan(span)) {
                return work.get();
            } finally {
                span.end();
            }
        }
    }

    /** A consumer span per delivery, the child of the span its message's {@code traceparent} names. */
    record MicrometerDeliveryTracing(Tracer tracer, Propagator propagator) implements DeliveryTracing {

        private static final Propagator.Getter<Message> HEADERS = (message, key) -> {
            Object value = message.getMessageProperties().getHeaders().get(key);
            return value == null ? null : value.toString();
        };

        @Override
        public Spans start(List<Message> messages) {
            List<Span> spans = new ArrayList<>(messages.size());
            for (Message message : messages) {
                String id = message.getMessageProperties().getMessageId();
                Span span = propagator.extract(message, HEADERS).kind(Span.Kind.CONSUMER)
                        .name("entitlements receive").start();
                if (id != null) {
                    span.tag("messaging.message.id", id);
                }
                spans.add(span);
            }
            // One delivery is worked in its span; a batch's deliveries belong to as many traces, so none is current.
            Tracer.SpanInScope scope = spans.size() == 1 ? tracer.withSpan(spans.get(0)) : null;
            return () -> {
                if (scope != null) {
                    scope.close();
                }
                spans.forEach(Span::end);
            };
        }
    }
}
