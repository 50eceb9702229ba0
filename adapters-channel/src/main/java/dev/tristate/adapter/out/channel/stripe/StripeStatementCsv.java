package dev.tristate.adapter.out.channel.stripe;

import dev.tristate.adapter.out.channel.CsvText;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement.Problem;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A Stripe balance-transaction export as a person downloads and uploads it: Stripe's itemized balance change report
 * ("Balance change from activity", itemized), CSV in UTF-8, with at least these of its columns, in any order (others
 * are ignored): {@code balance_transaction_id}, {@code created_utc}, {@code currency}, {@code gross},
 * {@code reporting_category}, {@code source_id}, {@code payment_intent_id} and the metadata column
 * {@code payment_metadata[out_trade_no]} (chosen in the report's columns). {@code gross} is in major units, as the
 * report writes amounts ({@code 19.99}, {@code -2.50}). Rows of category {@code charge} are PAYMENT lines (trade
 * number: the PaymentIntent), rows of category {@code refund} are REFUND lines (trade number: the refund,
 * {@code re_...}); other categories and rows without an order number are not lines. All or nothing, like every bill.
 */
final class StripeStatementCsv {

    static final List<String> COLUMNS = List.of("balance_transaction_id", "created_utc", "currency", "gross",
            "reporting_category", "source_id", "payment_intent_id", "payment_metadata[out_trade_no]");
    static final int MAX_PROBLEMS = 20;
    private static final DateTimeFormatter REPORT_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,15}(\\.\\d{1,3})?");
    private static final Pattern PRINTABLE = Pattern.compile("[\\x21-\\x7E]{1,64}");

    private StripeStatementCsv() {
    }

    static List<StatementLine> parse(byte[] content, LocalDate day, long maxBytes) {
        if (content.length > maxBytes) {
            throw UnreadableStatement.of(0, null, "the statement is " + content.length
                    + " bytes, more than the limit of " + maxBytes + " bytes");
        }
        List<List<String>> records;
        try {
            records = CsvText.records(CsvText.utf8(content));
        } catch (IllegalArgumentException e) {
            throw UnreadableStatement.of(0, null, e.getMessage());
        }
        if (records.isEmpty()) {
            throw UnreadableStatement.of(0, null, "the statement is empty; expected the columns "
                    + String.join(",", COLUMNS));
        }
        List<String> header = records.get(0).stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).toList();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i), i);
        }
        List<String> missing = COLUMNS.stream().filter(column -> !index.containsKey(column)).toList();
        if (!missing.isEmpty()) {
            throw UnreadableStatement.of(1, null, "missing columns: " + String.join(", ", missing)
                    + " (expected " + String.join(",", COLUMNS) + ")");
        }
        List<Problem> problems = new ArrayList<>();
        List<StatementLine> lines = new ArrayList<>();
        Map<String, Integer> paymentLineOf = new HashMap<>();
        for (int r = 1; r < records.size() && problems.size() < MAX_PROBLEMS; r++) {
            int lineNo = r + 1;
            List<String> fields = records.get(r);
            if (fields.size() == 1 && fields.get(0).isBlank()) {
                continue;
            }
            if (fields.size() != header.size()) {
                problems.add(new Problem(lineNo, null, "expected " + header.size() + " fields, found "
                        + fields.size()));
                continue;
            }
            Row row = new Row(fields, index, lineNo, problems);
            String category = row.get("reporting_category");
            boolean payment = category.equals("charge");
            String outTradeNo = row.get("payment_metadata[out_trade_no]");
            if (!payment && !category.equals("refund") || outTradeNo.isEmpty()) {
                continue;
            }
            int before = problems.size();
            row.identifier("payment_metadata[out_trade_no]");
            String tradeNo = payment && !row.get("payment_intent_id").isEmpty()
                    ? row.identifier("payment_intent_id") : row.identifier("source_id");
            Money amount = row.amount();
            Instant created = row.created(day);
            if (payment && problems.size() == before) {
                Integer first = paymentLineOf.putIfAbsent(outTradeNo, lineNo);
                if (first != null) {
                    problems.add(new Problem(lineNo, "payment_metadata[out_trade_no]", outTradeNo
                            + " already has a payment line (line " + first + ")"));
                }
            }
            if (problems.size() == before) {
                lines.add(new StatementLine(lineNo, tradeNo, outTradeNo,
                        payment ? StatementEntryType.PAYMENT : StatementEntryType.REFUND, "SUCCESS", amount, created));
            }
        }
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        return lines;
    }

    /** One record's fields by column name, adding a problem for each field that cannot be read. */
    private record Row(List<String> fields, Map<String, Integer> index, int line, List<Problem> problems) {

        String get(String column) {
            return fields.get(index.get(column)).trim();
        }

        String identifier(String column) {
            String value = get(column);
            if (!PRINTABLE.matcher(value).matches()) {
                problems.add(new Problem(line, column, value.isEmpty() ? "is empty"
                        : "must be 1 to 64 printable ASCII characters"));
                return null;
            }
            return value;
        }

        Money amount() {
            String gross = get("gross");
            if (!DECIMAL.matcher(gross).matches()) {
                problems.add(new Problem(line, "gross", "'" + gross + "' is not an amount in major units"));
                return null;
            }
            try {
                String code = get("currency").toUpperCase(Locale.ROOT);
                if (StripeAmounts.SPECIAL.contains(code)) {
                    throw new IllegalArgumentException(code + " amounts are not in ISO minor units at Stripe");
                }
                return Money.parseDecimal(gross.startsWith("-") ? gross.substring(1) : gross, Money.currency(code));
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(line, "gross/currency", e.getMessage()));
                return null;
            }
        }

        Instant created(LocalDate day) {
            String raw = get("created_utc");
            Instant created;
            try {
                created = raw.contains("T") ? OffsetDateTime.parse(raw).toInstant()
                        : LocalDateTime.parse(raw, REPORT_TIME).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException e) {
                problems.add(new Problem(line, "created_utc", "'" + raw + "' is not a time as yyyy-MM-dd HH:mm:ss"));
                return null;
            }
            if (created.isBefore(StatementComparison.startOf(day))
                    || !created.isBefore(StatementComparison.endOf(day))) {
                problems.add(new Problem(line, "created_utc", created + " is not on the statement's day " + day
                        + " (UTC)"));
            }
            return created;
        }
    }
}
