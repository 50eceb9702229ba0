package dev.tristate.sandbox;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON answers as exact bytes, written by the channel's own codec. */
final class JsonResponses {

    private JsonResponses() {
    }

    static ResponseEntity<byte[]> of(HttpStatus status, JsonNode body) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON).body(JsonCodec.write(body));
    }

    static ResponseEntity<byte[]> error(HttpStatus status, String code, String message) {
        ObjectNode body = JsonCodec.object();
        body.put("code", code);
        body.put("message", message);
        return of(status, body);
    }
}
