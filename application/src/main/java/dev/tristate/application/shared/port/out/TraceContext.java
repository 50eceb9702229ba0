package dev.tristate.application.shared.port.out;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The trace the current work belongs to, in W3C Trace Context's terms, so that what the work leaves behind (a
 * notification record, an outbox row) names it and whatever picks that up later continues the same trace. Empty when
 * nothing traces the work.
 */
public interface TraceContext {

    /** Nothing traces anything. */
    TraceContext NONE = new TraceContext() {
        @Override
        public Optional<String> traceId() {
            return Optional.empty();
        }

        @Override
        public Optional<String> traceparent() {
            return Optional.empty();
        }
    };

    /** The current trace's id: 32 lower-case hex digits. */
    Optional<String> traceId();

    /** The current span as a {@code traceparent} header value ({@code 00-<trace id>-<span id>-<flags>}). */
    Optional<String> traceparent();

    /**
     * Runs {@code work} in a new span named {@code name}, the child of the span {@code parentTraceparent} names, so
     * that work which ran later than the work that wrote it down (a task) still joins that trace; within it
     * {@link #traceparent()} names the new span. With no parent (null) the span starts where the thread stands.
     * Where nothing traces, the work simply runs.
     */
    default <T> T inChildSpan(String parentTraceparent, String name, Supplier<T> work) {
        return work.get();
    }
}
