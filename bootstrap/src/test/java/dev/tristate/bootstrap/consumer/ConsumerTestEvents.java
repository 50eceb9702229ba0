package dev.tristate.bootstrap.consumer;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.jdbc.core.JdbcTemplate;

/** Events as the callback path writes them, sent through the outbox or straight to the exchange; and what came of them. */
final class ConsumerTestEvents {

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final JdbcTemplate jdbc;

    ConsumerTestEvents(DataSource dataSource) {
        jdbc = new JdbcTemplate(dataSource);
    }

    static String paymentId() {
        return "pay_" + UUID.randomUUID().toString().replace("-", "");
    }

    /** The wire form of a PaymentSucceeded event (the outbox's payload, see EventPayloads). */
    static String succeeded(String eventId, String tenant, String paymentId, String user, String sku) {
        return "{\"event_id\":\"" + eventId + "\",\"event_type\":\"PaymentSucceeded\",\"tenant_id\":\"" + tenant
                + "\",\"payment_id\":\"" + paymentId + "\",\"occurred_at\":\"2026-12-01T10:00:00Z\","
                + "\"merchant_order_id\":\"o-1\",\"amount_minor\":1999,\"amount_currency\":\"CNY\","
                + "\"channel_txn_id\":\"SBX1\",\"user_id\":\"" + user + "\",\"sku\":\"" + sku + "\"}";
    }

    /** A PENDING outbox row, due now: the relay publishes it. */
    void intoTheOutbox(String eventId, String tenant, String paymentId, String payload) {
        String now = LITERAL.format(LocalDateTime.ofInstant(Instant.now(), ZoneOffset.UTC));
        jdbc.update("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id,"
                + " event_type, payload, status, attempts, next_attempt_at, created_at)"
                + " VALUES (?, ?, ?, 'payment', ?, 'PaymentSucceeded', ?, 'PENDING', 0, ?, ?)",
                eventId, "PaymentSucceeded|" + paymentId + "|" + UUID.randomUUID(), tenant, paymentId, payload, now,
                now);
    }

    /** Straight to the events exchange, as a relay that publishes again would. */
    static void publish(ConnectionFactory connectionFactory, String messageId, String type, String body) {
        MessageProperties properties = new MessageProperties();
        properties.setMessageId(messageId);
        properties.setType(type);
        properties.setHeader("tenant_id", "t-test");
        properties.setContentType(MessageProperties.CONTENT_TYPE_JSON);
        RabbitTemplate template = new RabbitTemplate(connectionFactory);
        template.send("tristate.events", type, new Message(body.getBytes(StandardCharsets.UTF_8), properties));
    }

    long inboxRows(String eventId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM consumer_inbox WHERE consumer = 'entitlements'"
                + " AND event_id = ?", Long.class, eventId);
    }

    long entitlements(String tenant, String paymentId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ? AND payment_id = ?",
                Long.class, tenant, paymentId);
    }

    long tokenBalance(String tenant, String user) {
        List<Long> balance = jdbc.queryForList("SELECT balance FROM token_balances WHERE tenant_id = ? AND user_id = ?",
                Long.class, tenant, user);
        return balance.isEmpty() ? 0 : balance.get(0);
    }

    /** The consumer's delivery rows of a message id (status, last_error, headers, body, attempt_history). */
    List<Map<String, Object>> deliveries(String messageId) {
        return jdbc.queryForList("SELECT status, last_error, headers, body, attempt_history, attempts"
                + " FROM consumer_deliveries WHERE consumer = 'entitlements' AND message_id = ?", messageId);
    }
}
