package dev.tristate.domain.consumer;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * A message as the broker delivered it, before anything is trusted: its message id and type as the broker carried
 * them (either may be missing), its headers as text, and the body's bytes unchanged. What a quarantine keeps.
 */
public record InboundMessage(String messageId, String type, Map<String, String> headers, byte[] body) {

    public InboundMessage {
        headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(headers));
        Objects.requireNonNull(body, "body");
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    public ContentHash contentHash() {
        return ContentHash.of(body);
    }

    /**
     * What identifies this delivery among a consumer's failures: the message id (or "-") and the body's hash. The
     * same event delivered again has the same key; a different body under the same id (an invariant break) gets a
     * row of its own, so neither body is lost.
     */
    public String deliveryKey() {
        String id = messageId == null || messageId.isBlank() || messageId.length() > 64
                || !messageId.chars().allMatch(c -> c > 0x20 && c < 0x7F) ? "-" : messageId;
        return id + ":" + contentHash().sha256Hex();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof InboundMessage m && Objects.equals(messageId, m.messageId)
                && Objects.equals(type, m.type) && headers.equals(m.headers) && Arrays.equals(body, m.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(messageId, type, headers, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "InboundMessage[id=" + messageId + ", type=" + type + ", " + body.length + " bytes]";
    }
}
