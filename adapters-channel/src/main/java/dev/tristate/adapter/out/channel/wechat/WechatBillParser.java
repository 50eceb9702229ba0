package dev.tristate.adapter.out.channel.wechat;

import dev.tristate.adapter.out.channel.CsvText;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement.Problem;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * WeChat Pay's trade bill ({@code bill_type=ALL}) as it publishes it: a header line of column names, one line per
 * trade paid ({@code SUCCESS}) and per refund ({@code REFUND}) with every value prefixed by a backtick, then the
 * summary header ({@code 总交易单数,...}) and its line. Columns are found by name. A payment line is the order's
 * {@code 订单金额} under its {@code 微信订单号}; a refund line the {@code 申请退款金额} under its {@code 微信退款单号}. Read
 * all or nothing: a line of another day or merchant, a value that does not read, or a summary that disagrees with the
 * lines makes the whole bill unreadable.
 */
final class WechatBillParser {

    static final String SUMMARY_FIRST_COLUMN = "总交易单数";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss")
            .withResolverStyle(ResolverStyle.STRICT);
    private static final List<String> REQUIRED = List.of("交易时间", "商户号", "微信订单号", "商户订单号", "交易状态",
            "货币种类", "微信退款单号", "商户退款单号", "退款状态", "订单金额", "申请退款金额");
    private static final List<String> SUMMARY_REQUIRED = List.of("总交易单数", "订单总金额", "申请退款总金额");

    private final List<Problem> problems = new ArrayList<>();

    private WechatBillParser() {
    }

    /** The lines of the bill of {@code day}; {@code mchid} null accepts any one merchant (an uploaded file). */
    static List<StatementLine> parse(byte[] file, LocalDate day, String mchid) {
        String text;
        try {
            text = CsvText.utf8(file);
        } catch (IllegalArgumentException e) {
            throw UnreadableStatement.of(0, null, e.getMessage());
        }
        return new WechatBillParser().read(text.split("\r?\n", -1), day, mchid);
    }

    private List<StatementLine> read(String[] rows, LocalDate day, String mchid) {
        if (rows.length == 0 || rows[0].isBlank()) {
            throw UnreadableStatement.of(1, null, "the bill has no header line");
        }
        Map<String, Integer> columns = columns(rows[0], REQUIRED, 1);
        List<StatementLine> lines = new ArrayList<>();
        String merchant = mchid;
        long orderFen = 0;
        long refundFen = 0;
        int i = 1;
        for (; i < rows.length && !rows[i].startsWith(SUMMARY_FIRST_COLUMN); i++) {
            if (rows[i].isEmpty()) {
                problems.add(new Problem(i + 1, null, "an empty line before the summary"));
                continue;
            }
            Map<String, String> v = values(rows[i], columns, i + 1);
            if (v == null) {
                continue;
            }
            int number = i + 1;
            Instant time = time(v.get("交易时间"), day, number);
            if (merchant == null) {
                merchant = v.get("商户号");
            } else if (!merchant.equals(v.get("商户号"))) {
                problems.add(new Problem(number, "商户号", "the line is of another merchant"));
            }
            if (!"CNY".equals(v.get("货币种类"))) {
                problems.add(new Problem(number, "货币种类", "WeChat Pay bills are in CNY"));
            }
            String state = v.get("交易状态");
            if (state.equals("SUCCESS")) {
                Long fen = fen(v.get("订单金额"), "订单金额", number);
                if (fen != null && time != null && nonEmpty(v, number, "微信订单号", "商户订单号")) {
                    orderFen += fen;
                    lines.add(new StatementLine(number, v.get("微信订单号"), v.get("商户订单号"),
                            StatementEntryType.PAYMENT, "SUCCESS", Money.of(fen, "CNY"), time));
                }
            } else if (state.equals("REFUND")) {
                Long fen = fen(v.get("申请退款金额"), "申请退款金额", number);
                if (!"SUCCESS".equals(v.get("退款状态"))) {
                    problems.add(new Problem(number, "退款状态", "a refund line is SUCCESS, not " + v.get("退款状态")));
                } else if (fen != null && time != null && nonEmpty(v, number, "微信退款单号", "商户订单号")) {
                    refundFen += fen;
                    lines.add(new StatementLine(number, v.get("微信退款单号"), v.get("商户订单号"),
                            StatementEntryType.REFUND, "SUCCESS", Money.of(fen, "CNY"), time));
                }
            } else {
                problems.add(new Problem(number, "交易状态", "unknown state " + state));
            }
        }
        summary(rows, i, lines.size(), orderFen, refundFen);
        if (!problems.isEmpty()) {
            throw new UnreadableStatement(problems);
        }
        return List.copyOf(lines);
    }

    private void summary(String[] rows, int at, int count, long orderFen, long refundFen) {
        if (at >= rows.length) {
            problems.add(new Problem(0, null, "the bill has no summary (it may be cut short)"));
            return;
        }
        Map<String, Integer> columns = columns(rows[at], SUMMARY_REQUIRED, at + 1);
        if (at + 1 >= rows.length) {
            problems.add(new Problem(at + 1, null, "the summary header has no line of values"));
            return;
        }
        Map<String, String> v = values(rows[at + 1], columns, at + 2);
        for (int rest = at + 2; rest < rows.length; rest++) {
            if (!rows[rest].isBlank()) {
                problems.add(new Problem(rest + 1, null, "a line after the summary"));
            }
        }
        if (v == null) {
            return;
        }
        if (!String.valueOf(count).equals(v.get("总交易单数"))) {
            problems.add(new Problem(at + 2, "总交易单数", "the summary counts " + v.get("总交易单数") + " lines, the bill has "
                    + count));
        }
        Long orders = fen(v.get("订单总金额"), "订单总金额", at + 2);
        if (orders != null && orders != orderFen) {
            problems.add(new Problem(at + 2, "订单总金额", "the summary's order total is not the lines' sum"));
        }
        Long refunds = fen(v.get("申请退款总金额"), "申请退款总金额", at + 2);
        if (refunds != null && refunds != refundFen) {
            problems.add(new Problem(at + 2, "申请退款总金额", "the summary's refund total is not the lines' sum"));
        }
    }

    private Map<String, Integer> columns(String header, List<String> required, int line) {
        String[] names = header.split(",", -1);
        Map<String, Integer> columns = new HashMap<>();
        for (int c = 0; c < names.length; c++) {
            columns.put(names[c].strip(), c);
        }
        for (String name : required) {
            if (!columns.containsKey(name)) {
                throw UnreadableStatement.of(line, name, "the header lacks the column " + name);
            }
        }
        columns.put("", names.length);
        return columns;
    }

    /** The values by column name, each without its backtick; null (and a problem) for a line that does not split. */
    private Map<String, String> values(String row, Map<String, Integer> columns, int line) {
        if (!row.startsWith("`")) {
            problems.add(new Problem(line, null, "values are prefixed with a backtick"));
            return null;
        }
        // Values are written `a,`b,`c: splitting on ",`" keeps commas inside a value (a product name) whole.
        String[] values = row.substring(1).split(",`", -1);
        if (values.length != columns.get("")) {
            problems.add(new Problem(line, null, "the line has " + values.length + " values, the header "
                    + columns.get("")));
            return null;
        }
        Map<String, String> byName = new HashMap<>();
        columns.forEach((name, c) -> {
            if (!name.isEmpty()) {
                byName.put(name, values[c].strip());
            }
        });
        return byName;
    }

    private Instant time(String value, LocalDate day, int line) {
        try {
            LocalDateTime time = LocalDateTime.parse(value, TIME);
            if (!time.toLocalDate().equals(day)) {
                problems.add(new Problem(line, "交易时间", "the line is of " + time.toLocalDate() + ", not " + day));
                return null;
            }
            return time.atZone(WechatTime.CHINA).toInstant();
        } catch (DateTimeParseException e) {
            problems.add(new Problem(line, "交易时间", "not a time yyyy-MM-dd HH:mm:ss"));
            return null;
        }
    }

    private Long fen(String yuan, String column, int line) {
        try {
            BigDecimal amount = new BigDecimal(yuan);
            if (amount.signum() < 0 || amount.scale() > 2) {
                throw new NumberFormatException();
            }
            return amount.movePointRight(2).longValueExact();
        } catch (NumberFormatException | ArithmeticException | NullPointerException e) {
            problems.add(new Problem(line, column, "not an amount in yuan with at most two decimals"));
            return null;
        }
    }

    private boolean nonEmpty(Map<String, String> v, int line, String... names) {
        boolean all = true;
        for (String name : names) {
            String value = v.get(name);
            if (value == null || value.isEmpty() || value.length() > 64) {
                problems.add(new Problem(line, name, "an id of 1 to 64 characters is missing"));
                all = false;
            }
        }
        return all;
    }
}
