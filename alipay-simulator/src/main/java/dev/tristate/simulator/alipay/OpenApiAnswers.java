package dev.tristate.simulator.alipay;

import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Alipay's answer: {@code {"<method>_response":{...},"sign":"..."}}, where {@code sign} is RSA2 over the exact text
 * of the {@code _response} object (which the SDK cuts out of the body and verifies with the Alipay public key). A
 * call to a method Alipay does not have is answered under {@code error_response}.
 */
final class OpenApiAnswers {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private OpenApiAnswers() {
    }

    static String rootOf(String method) {
        return method == null || !GatewayRequests.METHODS.contains(method)
                ? "error_response" : method.replace('.', '_') + "_response";
    }

    static ObjectNode success() {
        ObjectNode node = JSON.createObjectNode();
        node.put("code", OpenApiError.SUCCESS);
        node.put("msg", OpenApiError.messageOf(OpenApiError.SUCCESS));
        return node;
    }

    static ObjectNode error(String code, String subCode, String subMsg) {
        ObjectNode node = JSON.createObjectNode();
        node.put("code", code);
        node.put("msg", OpenApiError.messageOf(code));
        if (subCode != null) {
            node.put("sub_code", subCode);
            node.put("sub_msg", subMsg == null ? subCode : subMsg);
        }
        return node;
    }

    static ObjectNode error(OpenApiError error) {
        return error(error.code(), error.subCode(), error.subMsg());
    }

    /** The signed answer; {@code fault} may leave the signature out or sign with a stranger's key. */
    static ResponseEntity<byte[]> signed(String method, ObjectNode node, SimulatorKeys keys, Fault fault) {
        String content = JSON.writeValueAsString(node);
        StringBuilder body = new StringBuilder("{\"").append(rootOf(method)).append("\":").append(content);
        if (fault == null || !fault.unsigned()) {
            String sign = fault != null && fault.foreignSign() ? SimulatorKeys.sign(Stranger.KEY, content)
                    : keys.sign(content);
            body.append(",\"sign\":\"").append(sign).append('"');
        }
        body.append('}');
        return ResponseEntity.status(HttpStatus.OK)
                .header(HttpHeaders.CONTENT_TYPE, "application/json;charset=utf-8")
                .body(body.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** A key nobody trusts, made once, for the {@code foreign_sign} fault. */
    private static final class Stranger {
        static final PrivateKey KEY = generate();

        private static PrivateKey generate() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                return generator.generateKeyPair().getPrivate();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
