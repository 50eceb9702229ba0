package dev.tristate.application.shared.port.out;

import java.util.Optional;

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
}
