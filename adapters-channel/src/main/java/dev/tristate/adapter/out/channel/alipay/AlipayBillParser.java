package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement.Problem;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Alipay's trade bill detail ({@code 业务明细}, the CSV inside the daily zip, already decoded) all or nothing:
 * the {@code #} comment lines before the column header name the account and the day, the columns are found by their
 * header names, one row per 交易 (a payment: its 订单金额) and per 退款 (a refund: its 商家实收, negative in the bill,
 * and its 退款批次号/请求号), up to the end marker; the totals after it are comments. Amounts are yuan, times China
 * time. A bill of another day or account, a missing column or end marker, or any bad row refuses the whole file.
 */
final class AlipayBillParser {

    static final int MAX_PROBLEMS = 20;
    private static final String TRADE_NO = "支付宝交易号";
    private static final String OUT_TRADE_NO = "商户订单号";
    private static final String TYPE = "业务类型";
    private static final String FINISHED = "完成时间";
    private static final String ORDER_AMOUNT = "订单金额（元）";
    private static final String RECEIVED = "商家实收（元）";
    private static final String REFUND_NO = "退款批次号/请求号";
    private static final List<String> REQUIRED = List.of(TRADE_NO, OUT_TRADE_NO, TYPE, FINISHED, ORDER_AMOUNT,
            RECEIVED, REFUND_NO);
    private static final Pattern ACCOUNT = Pattern.compile("#账号：\\[([0-9]+)]");
    private static final Pattern PERIOD = Pattern.compile("#起始日期：\\[(.+?)]\\s*终止日期：\\[(.+?)]");
    private static final DateTimeFormatter HEADER_TIME =
            DateTimeFormatter.ofPattern("uuuu年MM月dd日 HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);
    private static final DateTimeFormatter ROW_TIME =
            DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);
    private static final Pattern YUAN = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]{1,2})?");

    private final List<Problem> problems = new ArrayList<>();

    private AlipayBillParser() {
    }

    /**
     * The lines of the detail {@code csv} for {@code day} (China time); {@code sellerId}, when known, must be the
     * account the bill names (its PID, which the bill writes with {@code 0156} after it).
     */
    static List<StatementLine> parse(String csv, LocalDate day, String sellerId) {
        return new AlipayBillParser().read(csv, day, sellerId);
    }

    private List<StatementLine> read(String csv, LocalDate day, String sellerId) {
        String[] lines = csv.split("\r?\n", -1);
        int header = -1;
        boolean periodSeen = false;
        for (int i = 0; i < lines.length && header < 0; i++) {
            String line = lines[i].strip();
            if (!line.startsWith("#")) {
                header = line.isEmpty() ? -1 : i;
                continue;
            }
            Matcher account = ACCOUNT.matcher(line);
            if (account.matches() && sellerId != null && !account.group(1).startsWith(sellerId)) {
                problem(i + 1, null, "the bill is of account " + account.group(1) + ", not of seller " + sellerId);
            }
            Matcher period = PERIOD.matcher(line);
            if (period.matches()) {
                periodSeen = true;
                checkPeriod(i + 1, period.group(1), period.group(2), day);
            }
        }
        if (header < 0) {
            throw fail(0, null, "no column header: this is not an Alipay bill detail");
        }
        if (!periodSeen) {
            problem(0, null, "no 起始日期/终止日期 line: the bill's day is unknown");
        }
        Map<String, Integer> columns = columns(CsvRow.split(lines[header]), header + 1);
        List<StatementLine> result = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean ended = false;
        for (int i = header + 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.strip().isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                ended |= line.contains("业务明细列表结束");
                continue;
            }
            if (ended) {
                problem(i + 1, null, "a row after the end of the list");
                continue;
            }
            StatementLine row = row(i + 1, CsvRow.split(line), columns, day);
            if (row != null && !seen.add(row.type() + " " + row.tradeNo())) {
                problem(i + 1, TRADE_NO, row.tradeNo() + " is listed twice");
            } else if (row != null) {
                result.add(row);
            }
        }
        if (!ended) {
            problem(0, null, "the end of the list (业务明细列表结束) is missing: the bill is cut short");
        }
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        return result;
    }

    private StatementLine row(int number, List<String> cells, Map<String, Integer> columns, LocalDate day) {
        if (cells.size() < columns.size()) {
            problem(number, null, "has " + cells.size() + " cells, the header " + columns.size());
            return null;
        }
        String tradeNo = id(number, TRADE_NO, cells.get(columns.get(TRADE_NO)));
        String outTradeNo = id(number, OUT_TRADE_NO, cells.get(columns.get(OUT_TRADE_NO)));
        String type = cells.get(columns.get(TYPE));
        Instant finished = time(number, cells.get(columns.get(FINISHED)), day);
        boolean refund = "退款".equals(type);
        if (!refund && !"交易".equals(type)) {
            problem(number, TYPE, "'" + type + "' is neither 交易 nor 退款");
            return null;
        }
        Money amount = yuan(number, refund ? RECEIVED : ORDER_AMOUNT, cells.get(columns.get(refund ? RECEIVED
                : ORDER_AMOUNT)), refund);
        String refundNo = refund ? id(number, REFUND_NO, cells.get(columns.get(REFUND_NO))) : "";
        if (tradeNo == null || outTradeNo == null || finished == null || amount == null || refundNo == null) {
            return null;
        }
        return refund
                ? new StatementLine(number, AlipayRefunds.refundNo(tradeNo, refundNo), outTradeNo,
                        StatementEntryType.REFUND, "SUCCESS", amount, finished)
                : new StatementLine(number, tradeNo, outTradeNo, StatementEntryType.PAYMENT, "SUCCESS", amount,
                        finished);
    }

    private Map<String, Integer> columns(List<String> names, int line) {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            columns.putIfAbsent(names.get(i), i);
        }
        List<String> missing = REQUIRED.stream().filter(name -> !columns.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw fail(line, null, "missing columns: " + String.join(", ", missing));
        }
        return columns;
    }

    private void checkPeriod(int line, String from, String to, LocalDate day) {
        try {
            LocalDateTime start = LocalDateTime.parse(from, HEADER_TIME);
            LocalDateTime end = LocalDateTime.parse(to, HEADER_TIME);
            if (!start.equals(day.atStartOfDay()) || !end.equals(day.plusDays(1).atStartOfDay())) {
                problem(line, null, "the bill runs from " + from + " to " + to + ", not over the day " + day
                        + " (China time)");
            }
        } catch (DateTimeParseException e) {
            problem(line, null, "the bill's period is not readable");
        }
    }

    private String id(int line, String column, String value) {
        if (value.isEmpty() || value.length() > 64 || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            problem(line, column, "must be 1 to 64 printable ASCII characters");
            return null;
        }
        return value;
    }

    private Instant time(int line, String value, LocalDate day) {
        try {
            Instant time = LocalDateTime.parse(value, ROW_TIME).atZone(AlipayTrades.CHINA).toInstant();
            if (!time.atZone(AlipayTrades.CHINA).toLocalDate().equals(day)) {
                problem(line, FINISHED, value + " is not on the bill's day " + day + " (China time)");
                return null;
            }
            return time;
        } catch (DateTimeParseException e) {
            problem(line, FINISHED, "'" + value + "' is not a time as yyyy-MM-dd HH:mm:ss");
            return null;
        }
    }

    private Money yuan(int line, String column, String value, boolean negative) {
        if (!YUAN.matcher(value).matches() || value.startsWith("-") != negative || value.matches("-?0(\\.0+)?")) {
            problem(line, column, "'" + value + "' is not a " + (negative ? "negative" : "positive") + " amount in "
                    + "yuan");
            return null;
        }
        try {
            return Money.parseDecimal(negative ? value.substring(1) : value, Money.currency("CNY"));
        } catch (IllegalArgumentException e) {
            problem(line, column, "'" + value + "' does not fit an amount");
            return null;
        }
    }

    private void problem(int line, String column, String message) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(new Problem(line, column, message));
        }
    }

    private UnreadableStatement fail(int line, String column, String message) {
        problem(line, column, message);
        return new UnreadableStatement(problems);
    }

    /** One CSV line: commas, RFC 4180 quotes; each cell stripped of the tabs and spaces Alipay pads it with. */
    static final class CsvRow {
        private CsvRow() {
        }

        static List<String> split(String line) {
            List<String> cells = new ArrayList<>();
            StringBuilder cell = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quoted) {
                    if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else if (c == '"') {
                        quoted = false;
                    } else {
                        cell.append(c);
                    }
                } else if (c == '"') {
                    quoted = true;
                } else if (c == ',') {
                    cells.add(cell.toString().strip());
                    cell.setLength(0);
                } else {
                    cell.append(c);
                }
            }
            cells.add(cell.toString().strip());
            return cells;
        }
    }
}
