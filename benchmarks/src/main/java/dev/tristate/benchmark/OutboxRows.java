package dev.tristate.benchmark;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Outbox rows written with plain JDBC for the benchmarks that drain a backlog: PaymentSucceeded events of one tenant
 * of about 300 bytes each, as the callback path writes them, keyed {@code phase:i} so that a phase's rows can be
 * counted.
 */
public final class OutboxRows {

    static final String EVENT_TYPE = "PaymentSucceeded";

    private final Database database;
    private final String tenant;

    public OutboxRows(Database database, String tenant) {
        this.database = database;
        this.tenant = tenant;
    }

    /** An empty outbox: the relays' shared claim place pointed into the old rows (ids start again at 1). */
    public void truncate() throws SQLException {
        try (Connection c = database.connect(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE TABLE outbox_events");
            s.execute("UPDATE outbox_claim_place SET due_at = NULL, after_id = NULL");
        }
    }

    /** n events as {event id, payment id, payload}, not written anywhere. */
    public List<String[]> payloads(String phase, int n) {
        List<String[]> events = new ArrayList<>(n);
        String now = Instant.now().toString();
        for (int i = 0; i < n; i++) {
            String eventId = UUID.randomUUID().toString();
            String paymentId = "pay_" + UUID.randomUUID().toString().replace("-", "");
            String payload = "{\"event_id\":\"" + eventId + "\",\"event_type\":\"" + EVENT_TYPE + "\",\"tenant_id\":\""
                    + tenant + "\",\"payment_id\":\"" + paymentId + "\",\"occurred_at\":\"" + now
                    + "\",\"merchant_order_id\":\"o-" + phase + "-" + i + "\",\"amount_minor\":1999,"
                    + "\"amount_currency\":\"CNY\",\"channel_txn_id\":\"T-" + eventId + "\",\"user_id\":\"u-42\","
                    + "\"sku\":\"course:java-101\"}";
            events.add(new String[] {eventId, paymentId, payload});
        }
        return events;
    }

    /** n PENDING events due at {@code nextAttemptAt} (a UTC literal), in multi-row INSERTs. */
    public void insertPending(String phase, int n, String nextAttemptAt) throws SQLException {
        List<String[]> events = payloads(phase, n);
        String now = Database.utc(LocalDateTime.now(ZoneOffset.UTC));
        int chunk = 500;
        try (Connection c = database.connect()) {
            for (int from = 0; from < n; from += chunk) {
                int to = Math.min(n, from + chunk);
                StringBuilder sql = new StringBuilder("INSERT INTO outbox_events (event_id, event_key, tenant_id,"
                        + " aggregate_type, aggregate_id, event_type, payload, status, attempts, next_attempt_at,"
                        + " created_at) VALUES ");
                for (int i = from; i < to; i++) {
                    sql.append(i == from ? "" : ", ").append("(?, ?, ?, 'payment', ?, '").append(EVENT_TYPE)
                            .append("', ?, 'PENDING', 0, '").append(nextAttemptAt).append("', '").append(now)
                            .append("')");
                }
                try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                    int p = 1;
                    for (int i = from; i < to; i++) {
                        String[] e = events.get(i);
                        ps.setString(p++, e[0]);
                        ps.setString(p++, phase + ":" + i);
                        ps.setString(p++, tenant);
                        ps.setString(p++, e[1]);
                        ps.setString(p++, e[2]);
                    }
                    ps.executeUpdate();
                }
            }
        }
    }
}
