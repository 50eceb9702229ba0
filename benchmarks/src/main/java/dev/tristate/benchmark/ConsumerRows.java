package dev.tristate.benchmark;

import static dev.tristate.benchmark.Report.json;
import static dev.tristate.benchmark.Report.say;

import dev.tristate.domain.event.EventId;
import dev.tristate.domain.event.EventType;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The consumer benchmark's rows, with plain JDBC: the payments it writes before a phase, and the checks of what the
 * application made of them (entitlements, inbox rows, consumer deliveries).
 */
final class ConsumerRows {

    static final String CONSUMER = "entitlements";
    static final String SKU = "course:java-101";
    static final String USER = "u-42";

    private final Settings settings;
    private final Database database;

    ConsumerRows(Settings settings, Database database) {
        this.settings = settings;
        this.database = database;
    }

    /** n PENDING payments of the tenant (19.99 CNY, the SKU), with fresh ids. */
    List<String> pendingPayments(String tenant, int n) throws SQLException {
        List<String> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add("pay_" + UUID.randomUUID().toString().replace("-", ""));
        }
        database.insertPendingPayments(tenant, ids);
        return ids;
    }

    /**
     * n SUCCEEDED payments of 19.99 CNY written as the callback path leaves them (channel_txn_id, paid_at, version
     * 1), and for each the PaymentSucceeded event the application would have put in its outbox: the event id derived
     * as the application derives it, the payload field for field as EventPayloads writes it.
     */
    List<EntitlementsQueue.Message> succeededPayments(String tenant, int n) throws SQLException {
        List<EntitlementsQueue.Message> messages = new ArrayList<>(n);
        Instant paidAt = Instant.now();
        String now = Database.utc(paidAt);
        int chunk = 500;
        try (java.sql.Connection c = database.connect()) {
            for (int from = 0; from < n; from += chunk) {
                int to = Math.min(n, from + chunk);
                StringBuilder sql = new StringBuilder("INSERT INTO payments (id, tenant_id, merchant_order_id,"
                        + " amount_minor, currency, channel, user_id, sku, description, status, channel_txn_id,"
                        + " refunded_minor, created_at, updated_at, paid_at, version) VALUES ");
                List<String[]> rows = new ArrayList<>();
                for (int i = from; i < to; i++) {
                    String suffix = UUID.randomUUID().toString().replace("-", "");
                    String paymentId = "pay_" + suffix;
                    String order = "o-" + suffix;
                    String txn = "T-" + suffix;
                    rows.add(new String[] {paymentId, order, txn});
                    sql.append(i == from ? "" : ", ").append("(?, ?, ?, ").append(Database.AMOUNT_MINOR).append(", '")
                            .append(Database.CURRENCY).append("', '").append(Database.CHANNEL).append("', '")
                            .append(USER).append("', '").append(SKU).append("', 'Java 101', 'SUCCEEDED', ?, 0, ?, ?,"
                                    + " ?, 1)");
                    EventId eventId = EventId.derive(paymentId, EventType.PaymentSucceeded, null);
                    String payload = "{\"event_id\":" + json(eventId.toString()) + ",\"event_type\":"
                            + json(EventType.PaymentSucceeded.name()) + ",\"tenant_id\":" + json(tenant)
                            + ",\"payment_id\":" + json(paymentId) + ",\"occurred_at\":" + json(paidAt.toString())
                            + ",\"merchant_order_id\":" + json(order) + ",\"amount_minor\":" + Database.AMOUNT_MINOR
                            + ",\"amount_currency\":" + json(Database.CURRENCY) + ",\"channel_txn_id\":" + json(txn)
                            + ",\"user_id\":" + json(USER) + ",\"sku\":" + json(SKU) + "}";
                    messages.add(new EntitlementsQueue.Message(eventId.toString(), tenant,
                            payload.getBytes(StandardCharsets.UTF_8)));
                }
                try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                    int k = 1;
                    for (String[] row : rows) {
                        ps.setString(k++, row[0]);
                        ps.setString(k++, tenant);
                        ps.setString(k++, row[1]);
                        ps.setString(k++, row[2]);
                        ps.setString(k++, now);
                        ps.setString(k++, now);
                        ps.setString(k++, now);
                    }
                    ps.executeUpdate();
                }
            }
        }
        return messages;
    }

    /**
     * Each of the tenant's payments (all {@code status}, when given) has exactly one entitlement, GRANTED, of the
     * SKU; the inbox holds one row per payment, outcome GRANTED; no delivery waits for a retry or sits in the
     * quarantine. Prints the check; returns what did not hold, or null.
     */
    String check(String phase, String tenant, long expected, String status) throws SQLException {
        long payments = database.count("SELECT COUNT(*) FROM payments WHERE tenant_id = ?"
                + (status == null ? "" : " AND status = '" + status + "'"), tenant);
        long entitlements = database.count("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ?"
                + " AND status = 'GRANTED' AND sku = '" + SKU + "'", tenant);
        long paymentsWithOne = database.count("SELECT COUNT(*) FROM (SELECT p.id FROM payments p JOIN entitlements e"
                + " ON e.tenant_id = p.tenant_id AND e.payment_id = p.id WHERE p.tenant_id = ? GROUP BY p.id"
                + " HAVING COUNT(*) = 1) one", tenant);
        long allEntitlements = database.count("SELECT COUNT(*) FROM entitlements WHERE tenant_id = ?", tenant);
        long inbox = database.count("SELECT COUNT(*) FROM consumer_inbox WHERE consumer = '" + CONSUMER + "'"
                + " AND tenant_id = ? AND outcome = 'GRANTED'", tenant);
        long allInbox = database.count("SELECT COUNT(*) FROM consumer_inbox WHERE tenant_id = ?", tenant);
        long deliveries = database.count("SELECT COUNT(*) FROM consumer_deliveries WHERE consumer = ?", CONSUMER);
        boolean ok = payments == expected && entitlements == expected && paymentsWithOne == expected
                && allEntitlements == expected && inbox == expected && allInbox == expected && deliveries == 0;
        String line = String.format(Locale.ROOT, "  check %s: %d payments%s, %d with exactly one entitlement, %d"
                        + " entitlements (%d GRANTED %s), %d inbox rows (%d GRANTED), %d consumer deliveries retrying"
                        + " or quarantined - %s", phase, payments, status == null ? "" : " " + status, paymentsWithOne,
                allEntitlements, entitlements, SKU, allInbox, inbox, deliveries, ok ? "ok" : "MISMATCH, expected "
                        + expected + " of each and no deliveries");
        say(line);
        return ok ? null : line.trim();
    }

    void requireTables(String... tables) throws SQLException {
        for (String table : tables) {
            if (database.count("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"
                    + " AND table_name = ?", table) == 0) {
                throw new IllegalStateException("no table " + table + " in " + settings.database() + ": is "
                        + settings.appJar() + " older than the entitlements consumer? Rebuild it.");
            }
        }
    }

    /** The latest {@code granted_at} of the tenant's entitlements. */
    Instant lastGrantedAt(String tenant) throws SQLException {
        try (java.sql.Connection c = database.connect(); PreparedStatement ps = c.prepareStatement(
                "SELECT DATE_FORMAT(MAX(granted_at), '%Y-%m-%d %H:%i:%s.%f') FROM entitlements WHERE tenant_id = ?")) {
            ps.setString(1, tenant);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return Database.instant(rs.getString(1));
            }
        }
    }

    /** How many of the tenant's entitlements were granted at or after {@code since}. */
    long grantedSince(String tenant, Instant since) throws SQLException {
        try (java.sql.Connection c = database.connect(); PreparedStatement ps = c.prepareStatement(
                "SELECT COUNT(*) FROM entitlements WHERE tenant_id = ? AND granted_at >= ?")) {
            ps.setString(1, tenant);
            ps.setString(2, Database.utc(since));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
