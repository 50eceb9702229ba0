package dev.tristate.simulator.stripe;

import tools.jackson.databind.node.ObjectNode;

/**
 * An error answer of the API, in Stripe's shape: {@code {"error":{"type","code","message","param"}}} with its HTTP
 * status. stripe-java picks its exception by the status (400/404 invalid request or idempotency error, 401
 * authentication, 402 card, 403 permission, 429 rate limit, anything else {@code ApiException}).
 */
final class StripeApiError extends RuntimeException {

    private final int status;
    private final String type;
    private final String code;
    private final String param;

    StripeApiError(int status, String type, String code, String message, String param) {
        super(message, null, false, false);
        this.status = status;
        this.type = type;
        this.code = code;
        this.param = param;
    }

    static StripeApiError invalid(String param, String message) {
        return new StripeApiError(400, "invalid_request_error", "parameter_invalid", message, param);
    }

    static StripeApiError missing(String param) {
        return new StripeApiError(400, "invalid_request_error", "parameter_missing",
                "Missing required param: " + param + ".", param);
    }

    static StripeApiError noSuch(String object, String id, String param) {
        return new StripeApiError(404, "invalid_request_error", "resource_missing",
                "No such " + object + ": '" + id + "'", param);
    }

    static StripeApiError state(String code, String message, String param) {
        return new StripeApiError(400, "invalid_request_error", code, message, param);
    }

    int status() {
        return status;
    }

    ObjectNode body() {
        return body(type, code, getMessage(), param);
    }

    static ObjectNode body(String type, String code, String message, String param) {
        ObjectNode error = Json.object();
        error.put("type", type);
        if (code != null) {
            error.put("code", code);
        }
        error.put("message", message);
        if (param != null) {
            error.put("param", param);
        }
        ObjectNode body = Json.object();
        body.set("error", error);
        return body;
    }
}
