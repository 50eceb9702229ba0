package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.adapter.out.channel.CsvText;
import dev.tristate.application.payment.port.out.UnreadableStatement.Problem;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a channel statement (RFC 4180 CSV, UTF-8, the sandbox statement's columns in any order, extra columns
 * ignored) for one day, all or nothing: every problem is collected (up to {@link #MAX_PROBLEMS}) and the statement
 * is refused as a whole, so a bad file never half-applies.
 */
final class SandboxStatementParser {

    static final List<String> COLUMNS =
            List.of("trade_no", "out_trade_no", "type", "status", "amount_minor", "currency", "event_time");
    static final int MAX_PROBLEMS = 20;
    private static final Pattern MINOR_UNITS = Pattern.compile("\\d{1,18}");
    private static final Pattern REFUND_STATUS = Pattern.compile("[A-Z_]{1,16}");
    private static final Pattern PRINTABLE = Pattern.compile("[\\x20-\\x7E]{1,64}");

    private final long maxBytes;

    SandboxStatementParser(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    List<StatementLine> parse(byte[] content, LocalDate day) {
        if (content.length > maxBytes) {
            throw rejected(0, null, "the statement is " + content.length + " bytes, more than the limit of "
                    + maxBytes + " bytes");
        }
        List<List<String>> records;
        try {
            records = CsvText.records(CsvText.utf8(content));
        } catch (IllegalArgumentException e) {
            throw rejected(0, null, e.getMessage());
        }
        if (records.isEmpty() || records.get(0).size() == 1 && records.get(0).get(0).isBlank()) {
            throw rejected(0, null, "the statement is empty; expected the header " + String.join(",", COLUMNS));
        }
        List<String> header = records.get(0).stream().map(h -> h.trim().toLowerCase(Locale.ROOT)).toList();
        List<Problem> problems = new ArrayList<>();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            if (index.putIfAbsent(header.get(i), i) != null && COLUMNS.contains(header.get(i))) {
                problems.add(new Problem(1, header.get(i), "the column appears twice"));
            }
        }
        List<String> missing = COLUMNS.stream().filter(c -> !index.containsKey(c)).toList();
        if (!missing.isEmpty()) {
            problems.add(new Problem(1, null, "missing columns: " + String.join(", ", missing)
                    + " (expected " + String.join(",", COLUMNS) + ")"));
        }
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        Instant start = StatementComparison.startOf(day);
        Instant end = StatementComparison.endOf(day);
        List<StatementLine> lines = new ArrayList<>();
        Map<String, Integer> paymentLineOf = new HashMap<>();
        for (int r = 1; r < records.size() && problems.size() < MAX_PROBLEMS; r++) {
            int lineNo = r + 1;
            List<String> fields = records.get(r);
            if (fields.size() == 1 && fields.get(0).isEmpty()) {
                continue;
            }
            if (fields.size() != header.size()) {
                problems.add(new Problem(lineNo, null, "expected " + header.size() + " fields, found "
                        + fields.size()));
                continue;
            }
            int before = problems.size();
            String tradeNo = identifier(fields.get(index.get("trade_no")), lineNo, "trade_no", problems);
            String outTradeNo = identifier(fields.get(index.get("out_trade_no")), lineNo, "out_trade_no", problems);
            StatementEntryType type = type(fields.get(index.get("type")), lineNo, problems);
            String status = fields.get(index.get("status")).trim();
            if (type == StatementEntryType.PAYMENT && !isTradeStatus(status)) {
                problems.add(new Problem(lineNo, "status", "'" + status
                        + "' is not one of PROCESSING, SUCCESS, FAILED, CLOSED"));
            } else if (type == StatementEntryType.REFUND && !REFUND_STATUS.matcher(status).matches()) {
                problems.add(new Problem(lineNo, "status", "'" + status + "' is not a status"));
            }
            Long minor = minorUnits(fields.get(index.get("amount_minor")), lineNo, problems);
            Currency currency = currency(fields.get(index.get("currency")), lineNo, problems);
            Instant eventTime = eventTime(fields.get(index.get("event_time")), lineNo, problems);
            if (eventTime != null && (eventTime.isBefore(start) || !eventTime.isBefore(end))) {
                problems.add(new Problem(lineNo, "event_time", eventTime + " is not on the statement's day " + day
                        + " (UTC)"));
            }
            if (type == StatementEntryType.PAYMENT && outTradeNo != null) {
                Integer first = paymentLineOf.putIfAbsent(outTradeNo, lineNo);
                if (first != null) {
                    problems.add(new Problem(lineNo, "out_trade_no", outTradeNo + " already has a payment line ("
                            + "line " + first + ")"));
                }
            }
            if (problems.size() == before) {
                lines.add(new StatementLine(lineNo, tradeNo, outTradeNo, type, status, new Money(minor, currency),
                        eventTime));
            }
        }
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        return lines;
    }

    private static UnreadableStatement rejected(int line, String column, String message) {
        return new UnreadableStatement(List.of(new Problem(line, column, message)));
    }

    private static String identifier(String raw, int line, String column, List<Problem> problems) {
        String value = raw.trim();
        if (!PRINTABLE.matcher(value).matches()) {
            problems.add(new Problem(line, column, value.isEmpty() ? "is empty"
                    : "must be 1 to 64 printable ASCII characters"));
            return null;
        }
        return value;
    }

    private static StatementEntryType type(String raw, int line, List<Problem> problems) {
        try {
            return StatementEntryType.valueOf(raw.trim());
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(line, "type", "'" + raw.trim() + "' is not PAYMENT or REFUND"));
            return null;
        }
    }

    private static boolean isTradeStatus(String status) {
        for (ChannelTradeStatus s : ChannelTradeStatus.values()) {
            if (s.name().equals(status)) {
                return true;
            }
        }
        return false;
    }

    private static Long minorUnits(String raw, int line, List<Problem> problems) {
        String value = raw.trim();
        if (!MINOR_UNITS.matcher(value).matches()) {
            problems.add(new Problem(line, "amount_minor", "'" + value
                    + "' is not a whole, non-negative number of minor units"));
            return null;
        }
        return Long.parseLong(value);
    }

    private static Currency currency(String raw, int line, List<Problem> problems) {
        try {
            return Money.currency(raw.trim());
        } catch (IllegalArgumentException e) {
            problems.add(new Problem(line, "currency", e.getMessage()));
            return null;
        }
    }

    private static Instant eventTime(String raw, int line, List<Problem> problems) {
        try {
            return OffsetDateTime.parse(raw.trim()).toInstant();
        } catch (DateTimeParseException e) {
            problems.add(new Problem(line, "event_time", "'" + raw.trim() + "' is not an RFC 3339 time"));
            return null;
        }
    }
}
