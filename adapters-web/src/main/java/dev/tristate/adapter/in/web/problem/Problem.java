package dev.tristate.adapter.in.web.problem;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One RFC 9457 problem before rendering: status, the stable {@code code} clients branch on, a fixed title per code, a
 * human detail that never carries an exception's message, extension members (e.g. {@code errors}) and the headers
 * that go with it (Retry-After, WWW-Authenticate, Allow).
 */
public record Problem(int status, String code, String title, String detail, Map<String, Object> extensions,
                      Map<String, String> headers) {

    public Problem {
        if (status < 400 || status > 599) {
            throw new IllegalArgumentException("a problem has a 4xx or 5xx status: " + status);
        }
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(detail, "detail");
        extensions = Collections.unmodifiableMap(new LinkedHashMap<>(extensions));
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    public static Problem of(int status, String code, String title, String detail) {
        return new Problem(status, code, title, detail, Map.of(), Map.of());
    }

    public Problem withExtension(String name, Object value) {
        Map<String, Object> more = new LinkedHashMap<>(extensions);
        more.put(name, value);
        return new Problem(status, code, title, detail, more, headers);
    }

    public Problem withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Problem(status, code, title, detail, extensions, more);
    }

    /** Retry-After in whole seconds, at least 1. */
    public Problem withRetryAfter(Duration wait) {
        long seconds = Math.max(1, wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0));
        return withHeader("Retry-After", Long.toString(seconds));
    }
}
