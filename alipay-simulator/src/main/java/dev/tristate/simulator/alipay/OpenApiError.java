package dev.tristate.simulator.alipay;

import java.util.Map;

/**
 * An error answer of Alipay's open platform: the public {@code code} with its fixed {@code msg}, and the method's
 * {@code sub_code} and {@code sub_msg}. Thrown by a method to answer it.
 */
final class OpenApiError extends RuntimeException {

    static final String SUCCESS = "10000";
    private static final Map<String, String> MESSAGES = Map.of(
            SUCCESS, "Success",
            "20000", "Service Currently Unavailable",
            "20001", "Insufficient Token Permissions",
            "40001", "Missing Required Arguments",
            "40002", "Invalid Arguments",
            "40004", "Business Failed",
            "40006", "Insufficient Permissions");

    private final String code;
    private final String subCode;
    private final String subMsg;

    OpenApiError(String code, String subCode, String subMsg) {
        super(code + " " + subCode + " " + subMsg, null, false, false);
        this.code = code;
        this.subCode = subCode;
        this.subMsg = subMsg;
    }

    static OpenApiError missing(String subCode, String subMsg) {
        return new OpenApiError("40001", subCode, subMsg);
    }

    static OpenApiError invalid(String subCode, String subMsg) {
        return new OpenApiError("40002", subCode, subMsg);
    }

    static OpenApiError business(String subCode, String subMsg) {
        return new OpenApiError("40004", subCode, subMsg);
    }

    static String messageOf(String code) {
        return MESSAGES.getOrDefault(code, "Unknown");
    }

    String code() {
        return code;
    }

    String subCode() {
        return subCode;
    }

    String subMsg() {
        return subMsg;
    }
}
