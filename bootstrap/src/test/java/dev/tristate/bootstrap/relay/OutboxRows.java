package dev.tristate.bootstrap.relay;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/** Outbox rows written and read directly, for the relay's end-to-end tests. */
final class OutboxRows {

    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private final JdbcTemplate jdbc;

    OutboxRows(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
    }

    static String literal(Instant instant) {
        return LITERAL.format(LocalDateTime.ofInstant(instant, ZoneOffset.UTC));
    }

    /** Pending events of the given type, due now, as the callback path writes them; returns their event ids. */
    List<String> insertPending(int count, String eventType) {
        return insertPending(count, eventType, Instant.now());
    }

    /** Pending events of the given type, due at {@code dueAt}; returns their event ids. */
    List<String> insertPending(int count, String eventType, Instant dueAt) {
        List<Object[]> rows = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        String now = literal(Instant.now());
        String due = literal(dueAt);
        for (int i = 0; i < count; i++) {
            String eventId = UUID.randomUUID().toString();
            String paymentId = "pay_" + UUID.randomUUID().toString().replace("-", "");
            ids.add(eventId);
            rows.add(new Object[] {eventId, eventType + "|" + paymentId + "|", "t-relay-it", paymentId, eventType,
                    "{\"event_id\":\"" + eventId + "\",\"event_type\":\"" + eventType + "\",\"payment_id\":\""
                            + paymentId + "\"}", due, now});
        }
        for (int from = 0; from < rows.size(); from += 1_000) {
            jdbc.batchUpdate("INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id,"
                    + " event_type, payload, status, attempts, next_attempt_at, created_at)"
                    + " VALUES (?, ?, ?, 'payment', ?, ?, ?, 'PENDING', 0, ?, ?)",
                    rows.subList(from, Math.min(rows.size(), from + 1_000)));
        }
        return ids;
    }

    /** Makes the given pending events due now, in one statement. */
    void makeDue(List<String> eventIds) {
        jdbc.update("UPDATE outbox_events SET next_attempt_at = ? WHERE status = 'PENDING' AND event_id IN ("
                + String.join(",", eventIds.stream().map(id -> "'" + id + "'").toList()) + ")",
                literal(Instant.now()));
    }

    Map<String, Object> row(String eventId) {
        return lowerCaseKeys(jdbc.queryForMap("SELECT * FROM outbox_events WHERE event_id = ?", eventId));
    }

    /** Status to count, over the whole table. */
    Map<String, Long> statusCounts() {
        Map<String, Long> counts = new HashMap<>();
        jdbc.query("SELECT status, COUNT(*) FROM outbox_events GROUP BY status",
                rs -> {
                    counts.put(rs.getString(1), rs.getLong(2));
                });
        return counts;
    }

    long count(String status) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE status = ?", Long.class, status);
    }

    /** event id to sent_at, for SENT rows. */
    Map<String, Object> sentAt() {
        Map<String, Object> sent = new HashMap<>();
        jdbc.query("SELECT event_id, sent_at FROM outbox_events WHERE status = 'SENT'",
                rs -> {
                    sent.put(rs.getString(1), rs.getObject(2));
                });
        return sent;
    }

    private static Map<String, Object> lowerCaseKeys(Map<String, Object> row) {
        Map<String, Object> lower = new HashMap<>();
        row.forEach((k, v) -> lower.put(k.toLowerCase(java.util.Locale.ROOT), v));
        return lower;
    }
}
