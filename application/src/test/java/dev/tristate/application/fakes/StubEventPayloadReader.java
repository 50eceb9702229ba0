package dev.tristate.application.fakes;

import dev.tristate.application.consumer.port.out.EventPayloadReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the bodies it was told about (as their text), and nothing else: service tests choose each body's meaning
 * without a JSON library in the application.
 */
public class StubEventPayloadReader implements EventPayloadReader {

    private final Map<String, ReadResult> known = new HashMap<>();

    /** Remembers what {@code body} means and returns its bytes. */
    public synchronized byte[] body(String body, ReadResult meaning) {
        known.put(body, meaning);
        return body.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public synchronized ReadResult read(byte[] body) {
        return known.getOrDefault(new String(body, StandardCharsets.UTF_8), new Unreadable("not JSON"));
    }
}
