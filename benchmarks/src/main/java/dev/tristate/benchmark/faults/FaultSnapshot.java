package dev.tristate.benchmark.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one tenant's rows say after a scenario, read with plain JDBC from the tables the application's Liquibase
 * changelogs create: the input of {@link FaultInvariants}, which judges it without a database.
 */
public record FaultSnapshot(List<Payment> payments, List<Notification> notifications, List<OutboxEvent> outbox,
                            List<InboxRow> inbox, List<Delivery> deliveries, List<Entitlement> entitlements,
                            List<LedgerEntry> ledger, List<Balance> balances, List<Task> tasks,
                            List<Unknown> unknowns) {

    public record Payment(String id, String userId, String sku, String status) {
    }

    public record Notification(long id, String notifyId, String paymentId, String outcome, String statusBefore,
                               String statusAfter) {
    }

    public record OutboxEvent(String eventId, String aggregateId, String eventType, String status) {
    }

    public record InboxRow(String consumer, String eventId) {
    }

    public record Delivery(String consumer, String deliveryKey, String status) {
    }

    public record Entitlement(String userId, String sku, String paymentId, String kind, long quantity,
                              String status) {
    }

    public record LedgerEntry(String userId, String entryKey, long delta) {
    }

    public record Balance(String userId, long balance) {
    }

    public record Task(String taskKey, String paymentId, String status) {
    }

    /** An entry of the unknown-outcome ledger; {@code resolved} when it has its resolution. */
    public record Unknown(String paymentId, boolean resolved) {
    }

    /** Reads the tenant's rows (and the inbox rows of its events) in one REPEATABLE READ transaction. */
    public static FaultSnapshot read(String jdbcUrl, String user, String password, String tenantId)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password)) {
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            c.setAutoCommit(false);
            c.setReadOnly(true);
            FaultSnapshot snapshot = new FaultSnapshot(
                    rows(c, "SELECT id, user_id, sku, status FROM payments WHERE tenant_id = ?", tenantId,
                            rs -> new Payment(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4))),
                    rows(c, "SELECT id, notify_id, payment_id, outcome, status_before, status_after"
                                    + " FROM channel_notifications WHERE tenant_id = ?", tenantId,
                            rs -> new Notification(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                    rs.getString(5), rs.getString(6))),
                    rows(c, "SELECT event_id, aggregate_id, event_type, status FROM outbox_events WHERE tenant_id = ?",
                            tenantId, rs -> new OutboxEvent(rs.getString(1), rs.getString(2), rs.getString(3),
                                    rs.getString(4))),
                    rows(c, "SELECT consumer, event_id FROM consumer_inbox WHERE tenant_id = ?", tenantId,
                            rs -> new InboxRow(rs.getString(1), rs.getString(2))),
                    // Deliveries carry no tenant column: every delivery of the scenario's database is its own.
                    rows(c, "SELECT consumer, delivery_key, status FROM consumer_deliveries WHERE ? IS NOT NULL",
                            tenantId, rs -> new Delivery(rs.getString(1), rs.getString(2), rs.getString(3))),
                    rows(c, "SELECT user_id, sku, payment_id, kind, quantity, status FROM entitlements"
                                    + " WHERE tenant_id = ?", tenantId,
                            rs -> new Entitlement(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                                    rs.getLong(5), rs.getString(6))),
                    rows(c, "SELECT user_id, entry_key, delta FROM token_ledger WHERE tenant_id = ?", tenantId,
                            rs -> new LedgerEntry(rs.getString(1), rs.getString(2), rs.getLong(3))),
                    rows(c, "SELECT user_id, balance FROM token_balances WHERE tenant_id = ?", tenantId,
                            rs -> new Balance(rs.getString(1), rs.getLong(2))),
                    rows(c, "SELECT task_key, payment_id, status FROM tasks WHERE tenant_id = ?", tenantId,
                            rs -> new Task(rs.getString(1), rs.getString(2), rs.getString(3))),
                    rows(c, "SELECT payment_id, resolved_at IS NOT NULL FROM unknown_outcomes WHERE tenant_id = ?",
                            tenantId, rs -> new Unknown(rs.getString(1), rs.getBoolean(2))));
            c.commit();
            return snapshot;
        }
    }

    private interface Row<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private static <T> List<T> rows(Connection c, String sql, String tenantId, Row<T> row) throws SQLException {
        List<T> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, tenantId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(row.read(rs));
                }
            }
        }
        return rows;
    }
}
