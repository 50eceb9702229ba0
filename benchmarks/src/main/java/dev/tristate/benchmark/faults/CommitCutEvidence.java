package dev.tristate.benchmark.faults;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the database shows for each COMMIT a {@link CommitCutProxy} cut: for a callback (found by the notify id in the
 * cut transaction's notification insert) the answer the channel was given (the NOT_RECORDED arrival's
 * {@code answer_status}), the unknown-outcome ledger row (CALLBACK_COMMIT, reference = notify id), the payment's
 * status and whether the ledger row was resolved; for a payment creation (found by the merchant order id) the ledger
 * row (PAYMENT_CREATE_COMMIT, reference = Idempotency-Key) and how many payments the order has. A case is settled when
 * the payment is SUCCEEDED (or the order has exactly one payment) and its ledger row is resolved.
 */
final class CommitCutEvidence {

    /** One cut and what the database says about it; {@code problems} is empty when it ended as it must. */
    record Case(String what, List<String> facts, List<String> problems, boolean settled) {
    }

    private static final Pattern NOTIFY_ID = Pattern.compile("'(n-[^']+)'");
    private static final Pattern ORDER_ID = Pattern.compile("'(o-[^']+)'");

    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final String tenantId;

    CommitCutEvidence(String jdbcUrl, String user, String password, String tenantId) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        this.tenantId = tenantId;
    }

    /** Reads every cut's case again until all are settled or {@code within} is up; the last reading. */
    List<Case> awaitSettled(List<String> cutStatements, Duration within) throws Exception {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            List<Case> cases = new ArrayList<>();
            for (String statement : cutStatements) {
                cases.add(read(statement));
            }
            if (cases.stream().allMatch(Case::settled) || System.nanoTime() > deadline) {
                return cases;
            }
            Thread.sleep(1_000);
        }
    }

    Case read(String statement) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password)) {
            Matcher notify = NOTIFY_ID.matcher(statement);
            if (statement.contains("channel_notifications") && notify.find()) {
                return callback(c, notify.group(1));
            }
            Matcher order = ORDER_ID.matcher(statement);
            if (statement.contains("INSERT INTO payments") && order.find()) {
                return paymentCreation(c, order.group(1));
            }
            return new Case("a cut of an unrecognised transaction", List.of(abbreviate(statement)),
                    List.of("not a callback's or a payment creation's transaction"), true);
        }
    }

    private Case callback(Connection c, String notifyId) throws SQLException {
        List<String> facts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String[]> arrivals = rows(c, "SELECT outcome, answer_status FROM channel_notifications"
                + " WHERE tenant_id = ? AND notify_id = ? ORDER BY id", tenantId, notifyId);
        facts.add("arrivals " + describe(arrivals));
        boolean told503 = arrivals.stream().anyMatch(a -> "NOT_RECORDED".equals(a[0]) && "503".equals(a[1]));
        if (!told503) {
            problems.add("no arrival answered 503 NOT_RECORDED");
        }
        if (arrivals.stream().anyMatch(a -> a[1] != null && !a[1].equals("200") && !a[1].equals("503"))) {
            problems.add("an arrival was answered neither 200 nor 503");
        }
        String paymentId = notifyId.substring("n-".length());
        List<String[]> payment = rows(c, "SELECT status FROM payments WHERE id = ?", paymentId);
        String status = payment.isEmpty() ? "none" : payment.get(0)[0];
        facts.add("payment " + status);
        boolean resolved = ledger(c, "CALLBACK_COMMIT", notifyId, facts, problems);
        return new Case("callback " + notifyId, facts, problems, "SUCCEEDED".equals(status) && resolved);
    }

    private Case paymentCreation(Connection c, String orderId) throws SQLException {
        List<String> facts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        List<String[]> payments = rows(c, "SELECT id, status FROM payments WHERE tenant_id = ?"
                + " AND merchant_order_id = ?", tenantId, orderId);
        facts.add("payments " + describe(payments));
        if (payments.size() > 1) {
            problems.add(payments.size() + " payments for one order");
        }
        String key = "fault-" + orderId.substring("o-".length());
        boolean resolved = ledger(c, "PAYMENT_CREATE_COMMIT", key, facts, problems);
        return new Case("payment creation " + orderId, facts, problems, payments.size() == 1 && resolved);
    }

    /** The ledger rows of the case; whether one exists and all are resolved. */
    private boolean ledger(Connection c, String origin, String reference, List<String> facts, List<String> problems)
            throws SQLException {
        List<String[]> entries = rows(c, "SELECT origin, resolved_at, resolution FROM unknown_outcomes"
                + " WHERE tenant_id = ? AND reference = ?", tenantId, reference);
        facts.add("ledger " + describe(entries));
        if (entries.stream().noneMatch(e -> origin.equals(e[0]))) {
            problems.add("no " + origin + " row in the unknown-outcome ledger");
            return false;
        }
        return entries.stream().allMatch(e -> e[1] != null);
    }

    private static List<String[]> rows(Connection c, String sql, String... parameters) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setString(i + 1, parameters[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    String[] row = new String[columns];
                    for (int i = 0; i < columns; i++) {
                        row[i] = rs.getString(i + 1);
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private static String describe(List<String[]> rows) {
        List<String> each = new ArrayList<>();
        for (String[] row : rows) {
            each.add(String.join("/", java.util.Arrays.stream(row).map(v -> v == null ? "-" : v).toList()));
        }
        return each.toString();
    }

    private static String abbreviate(String sql) {
        String flat = sql.replaceAll("\\s+", " ").strip();
        return flat.length() > 160 ? flat.substring(0, 160) + "..." : flat;
    }
}
