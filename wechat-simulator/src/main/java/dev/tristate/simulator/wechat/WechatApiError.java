package dev.tristate.simulator.wechat;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** An error answer of the v3 API: an HTTP status and {@code {"code":"...","message":"..."}}. */
final class WechatApiError extends RuntimeException {

    private final int status;
    private final String code;

    WechatApiError(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
    }

    static WechatApiError param(String message) {
        return new WechatApiError(400, "PARAM_ERROR", message);
    }

    ResponseEntity<String> answer() {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(WechatJson.write(WechatJson.object().put("code", code).put("message", getMessage())));
    }
}
