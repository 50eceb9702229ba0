package dev.tristate.adapter.in.web.callback;

import java.util.Optional;

/** The id of the trace the current request is in (32 hex digits), which the notification record stores. */
@FunctionalInterface
public interface CurrentTraceId {

    /** Nothing traces requests. */
    CurrentTraceId NONE = Optional::empty;

    Optional<String> get();
}
