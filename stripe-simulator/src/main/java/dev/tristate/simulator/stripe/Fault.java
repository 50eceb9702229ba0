package dev.tristate.simulator.stripe;

import java.util.Objects;

/**
 * A forced answer to the account's next API calls that match {@code method} and {@code path} (a prefix of the path
 * under the API base, such as {@code /v1/refunds}; {@code *} for any method), used up after {@code times} calls.
 * <ul>
 *   <li>{@code ERROR}: the answer is {@code status} with Stripe's error JSON ({@code type}, {@code code},
 *       {@code message}, {@code param}).</li>
 *   <li>{@code HANG}: the answer comes only after {@code hang-ms}.</li>
 *   <li>{@code RESET}: the answer's head promises a body that never comes whole; the connection is cut.</li>
 *   <li>{@code GARBAGE}: {@code 200} with a body that is not JSON.</li>
 * </ul>
 * With {@code afterActing} ({@link #onceActed()}) the call is carried out first (a refund is made, a session
 * expired) and only its answer is replaced: the classic lost answer. Otherwise nothing happens (a {@code HANG} waits,
 * then carries the call out).
 */
public record Fault(String method, String path, Kind kind, int status, String type, String code, String message,
                    String param, boolean afterActing, int times) {

    public enum Kind { ERROR, HANG, RESET, GARBAGE }

    public Fault {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        if (times < 1) {
            throw new IllegalArgumentException("a fault applies at least once");
        }
        if (kind == Kind.ERROR && (status < 400 || status > 599 || type == null)) {
            throw new IllegalArgumentException("an ERROR fault has a 4xx or 5xx status and an error type");
        }
    }

    /** An error answer, once, before anything is done. */
    public static Fault error(String method, String path, int status, String type, String code) {
        return new Fault(method, path, Kind.ERROR, status, type, code, "Simulated " + type
                + (code == null ? "" : " (" + code + ")"), null, false, 1);
    }

    public static Fault of(String method, String path, Kind kind) {
        return new Fault(method, path, kind, 0, null, null, null, null, false, 1);
    }

    public Fault onceActed() {
        return new Fault(method, path, kind, status, type, code, message, param, true, times);
    }

    public Fault times(int count) {
        return new Fault(method, path, kind, status, type, code, message, param, afterActing, count);
    }

    boolean matches(String requestMethod, String apiPath) {
        return ("*".equals(method) || method.equalsIgnoreCase(requestMethod)) && apiPath.startsWith(path);
    }
}
