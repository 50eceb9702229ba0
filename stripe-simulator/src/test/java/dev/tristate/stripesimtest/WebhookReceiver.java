package dev.tristate.stripesimtest;

import com.sun.net.httpserver.HttpExchange;
import dev.tristate.simulator.kit.testing.LoopbackServer;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Tristate's side of the wire as far as the simulator can tell: a loopback server that records every webhook as
 * received and answers with the status the test chose for its path ({@code 200} by default). Each test uses a path of
 * its own ({@code /hooks/<account>}).
 */
public final class WebhookReceiver {

    private static WebhookReceiver shared;

    private final LoopbackServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> statusByPath = new ConcurrentHashMap<>();

    private WebhookReceiver() {
        server = LoopbackServer.serve("/hooks/", "webhook-receiver", this::handle);
    }

    public static synchronized WebhookReceiver shared() {
        if (shared == null) {
            shared = new WebhookReceiver();
        }
        return shared;
    }

    public URI url(String path) {
        return server.url("/hooks/" + path);
    }

    public void answer(String path, int status) {
        statusByPath.put("/hooks/" + path, status);
    }

    public List<Received> at(String path) {
        return received.stream().filter(r -> r.path().equals("/hooks/" + path)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath();
            received.add(new Received(path, exchange.getRequestHeaders().getFirst("Stripe-Signature"),
                    new String(body, StandardCharsets.UTF_8)));
            int status = statusByPath.getOrDefault(path, 200);
            byte[] answer = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
        }
    }

    /** One webhook as it arrived. */
    public record Received(String path, String signature, String body) {
    }
}
