package dev.tristate.sandboxtest;

import com.sun.net.httpserver.HttpExchange;
import dev.tristate.simulator.kit.testing.LoopbackServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tristate's side of the wire, as far as the sandbox can tell: a loopback server that records every
 * notification exactly as received and answers as the test scripted it, per out_trade_no
 * ({@code 200 {"code":"SUCCESS"}} once the script is used up). One server serves the whole test run; tests keep
 * apart by using their own trades.
 */
public final class NotifyReceiver {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static NotifyReceiver shared;

    private final LoopbackServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Answer>> scripts = new ConcurrentHashMap<>();

    private NotifyReceiver() {
        server = LoopbackServer.serve("/callbacks/sandbox", "notify-receiver", this::handle);
    }

    public static synchronized NotifyReceiver shared() {
        if (shared == null) {
            shared = new NotifyReceiver();
        }
        return shared;
    }

    public URI url() {
        return server.url("/callbacks/sandbox");
    }

    /** The answers to the next requests about this trade, in order. */
    public void script(String outTradeNo, Answer... answers) {
        scripts.put(outTradeNo, new ArrayDeque<>(Arrays.asList(answers)));
    }

    public List<Received> forTrade(String outTradeNo) {
        return received.stream().filter(r -> outTradeNo.equals(r.json().get("out_trade_no"))).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body = exchange.getRequestBody().readAllBytes();
            @SuppressWarnings("unchecked")
            Map<String, Object> json = JSON.readValue(body, Map.class);
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Content-Type"),
                    exchange.getRequestHeaders().getFirst("Sandbox-Signature"), body, json, System.nanoTime()));
            Deque<Answer> script = scripts.get(String.valueOf(json.get("out_trade_no")));
            Answer answer = script == null ? null : script.pollFirst();
            (answer == null ? Answer.success() : answer).send(exchange);
        }
    }

    /** One request as it arrived: the raw body bytes and the parsed fields. */
    public record Received(String method, String path, String contentType, String signature, byte[] body,
                           Map<String, Object> json, long receivedAtNanos) {

        public String field(String name) {
            return String.valueOf(json.get(name));
        }

        public String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** How the receiver answers one request. */
    public interface Answer {

        void send(HttpExchange exchange) throws IOException;

        static Answer success() {
            return status(200, "{\"code\":\"SUCCESS\"}");
        }

        static Answer status(int status, String body) {
            return exchange -> {
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
                if (bytes.length > 0) {
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(bytes);
                    }
                }
            };
        }

        /** Promises a body and breaks off: the channel sees a broken connection. */
        static Answer brokenConnection() {
            return exchange -> {
                exchange.sendResponseHeaders(200, 100);
                OutputStream out = exchange.getResponseBody();
                out.write("{\"code\"".getBytes(StandardCharsets.UTF_8));
                out.flush();
                throw new IOException("connection broken on purpose");
            };
        }

        /** Answers SUCCESS only after the latch opened (or after the wait), as a slow or stuck server would. */
        static Answer after(CountDownLatch latch, long maxWaitMs) {
            return exchange -> {
                try {
                    latch.await(maxWaitMs, TimeUnit.MILLISECONDS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
                success().send(exchange);
            };
        }
    }
}
