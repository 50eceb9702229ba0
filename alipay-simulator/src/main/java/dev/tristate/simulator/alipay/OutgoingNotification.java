package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.DeliveryRecord;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * One asynchronous notification ({@code trade_status_sync}) of one trade: its parameters are fixed when it is made
 * and its {@code notify_id} is the same on every resend; each attempt gets a fresh {@code notify_time} and is signed
 * anew, as Alipay does.
 */
final class OutgoingNotification {

    private final String notifyId = UUID.randomUUID().toString().replace("-", "");
    private final URI notifyUrl;
    private final Map<String, String> params;
    private final DeliveryRecord delivery = new DeliveryRecord();

    /** {@code params}: everything Alipay sends but notify_id, notify_time, sign_type and sign. */
    OutgoingNotification(URI notifyUrl, Map<String, String> params) {
        this.notifyUrl = notifyUrl;
        TreeMap<String, String> all = new TreeMap<>(params);
        all.put("notify_id", notifyId);
        this.params = Collections.unmodifiableMap(all);
    }

    String notifyId() {
        return notifyId;
    }

    URI notifyUrl() {
        return notifyUrl;
    }

    String param(String name) {
        return params.get(name);
    }

    /** The form body of one attempt at {@code now}, signed with the simulator's key. */
    byte[] body(Instant now, SimulatorKeys keys) {
        TreeMap<String, String> signed = new TreeMap<>(params);
        signed.put("notify_time", ChinaTime.format(now));
        String content = signContent(signed);
        TreeMap<String, String> sent = new TreeMap<>(signed);
        sent.put("sign_type", "RSA2");
        sent.put("sign", keys.sign(content));
        return sent.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"))
                .getBytes(StandardCharsets.UTF_8);
    }

    /** What Alipay signs: the parameters but sign and sign_type, sorted by name, {@code k=v} joined by {@code &}. */
    static String signContent(Map<String, String> params) {
        return new TreeMap<>(params).entrySet().stream()
                .filter(e -> !e.getKey().equals("sign") && !e.getKey().equals("sign_type"))
                .filter(e -> e.getValue() != null && !e.getValue().isEmpty())
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("&"));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** How its delivery goes. */
    DeliveryRecord delivery() {
        return delivery;
    }

    NotificationView view() {
        return new NotificationView(notifyId, params.get("trade_status"), params.get("total_amount"),
                delivery.state().name(), delivery.copies(), delivery.attempts(), delivery.acknowledgedCopies());
    }
}
