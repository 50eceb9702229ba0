package dev.tristate.simulator.wechat;

import java.util.Objects;

/**
 * A forced answer to a merchant's next API calls that match {@code method} and {@code path} (a prefix of the path
 * under the prefix, such as {@code /v3/refund/domestic/refunds}; {@code *} for any method), used up after
 * {@code times} calls.
 * <ul>
 *   <li>{@code ERROR}: {@code status} with WeChat Pay's error JSON {@code {"code","message"}}.</li>
 *   <li>{@code HANG}: the answer comes only after {@code hang-ms}.</li>
 *   <li>{@code RESET}: the answer's head promises a body that never comes whole; the connection is cut.</li>
 *   <li>{@code BAD_SIGNATURE}: a normal answer whose {@code Wechatpay-Signature} does not verify.</li>
 * </ul>
 * With {@code afterActing} the call is carried out first (a refund is made, a trade closed) and only its answer is
 * replaced: the classic lost answer.
 */
public record WechatFault(String method, String path, Kind kind, int status, String code, boolean afterActing,
                          int times) {

    public enum Kind { ERROR, HANG, RESET, BAD_SIGNATURE }

    public WechatFault {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        if (times < 1) {
            throw new IllegalArgumentException("a fault applies at least once");
        }
        if (kind == Kind.ERROR && (status < 400 || status > 599 || code == null)) {
            throw new IllegalArgumentException("an ERROR fault has a 4xx or 5xx status and an error code");
        }
    }

    /** An error answer, once, before anything is done. */
    public static WechatFault error(String method, String path, int status, String code) {
        return new WechatFault(method, path, Kind.ERROR, status, code, false, 1);
    }

    public static WechatFault of(String method, String path, Kind kind) {
        return new WechatFault(method, path, kind, 0, null, false, 1);
    }

    public WechatFault onceActed() {
        return new WechatFault(method, path, kind, status, code, true, times);
    }

    public WechatFault times(int count) {
        return new WechatFault(method, path, kind, status, code, afterActing, count);
    }

    boolean matches(String requestMethod, String apiPath) {
        return ("*".equals(method) || method.equalsIgnoreCase(requestMethod)) && apiPath.startsWith(path);
    }
}
