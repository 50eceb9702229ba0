package dev.tristate.simulatortest.alipay;

import com.sun.net.httpserver.HttpExchange;
import dev.tristate.simulator.kit.testing.LoopbackServer;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The merchant's notify URL as the simulator sees it: a loopback server that records every form notification as
 * received and answers as the test scripted it per out_trade_no ({@code success} once the script is used up).
 */
public final class FormReceiver {

    private static FormReceiver shared;
    private final LoopbackServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<String>> scripts = new ConcurrentHashMap<>();

    private FormReceiver() {
        server = LoopbackServer.serve("/callbacks/alipay", "alipay-notify-receiver", this::handle);
    }

    public static synchronized FormReceiver shared() {
        if (shared == null) {
            shared = new FormReceiver();
        }
        return shared;
    }

    public String url() {
        return server.url("/callbacks/alipay").toString();
    }

    /** The bodies of the next answers about this trade, in order. */
    public void script(String outTradeNo, String... answers) {
        scripts.put(outTradeNo, new ArrayDeque<>(Arrays.asList(answers)));
    }

    public List<Received> forTrade(String outTradeNo) {
        return received.stream().filter(r -> outTradeNo.equals(r.params().get("out_trade_no"))).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Map<String, String> params = new LinkedHashMap<>();
            for (String pair : body.split("&")) {
                int eq = pair.indexOf('=');
                params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
            received.add(new Received(body, params, System.nanoTime()));
            Deque<String> script = scripts.get(params.get("out_trade_no"));
            String answer = script == null || script.isEmpty() ? "success" : script.pollFirst();
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length == 0 ? -1 : bytes.length);
            exchange.getResponseBody().write(bytes);
        }
    }

    /** One notification as it arrived. */
    public record Received(String body, Map<String, String> params, long receivedAtNanos) {
    }
}
