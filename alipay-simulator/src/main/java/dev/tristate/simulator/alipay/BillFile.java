package dev.tristate.simulator.alipay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The daily trade bill as Alipay publishes it: a zip of two GBK CSV files (entry names in GBK too), the business
 * detail ({@code 业务明细}) and its summary ({@code 业务明细(汇总)}), each framed by {@code #} comment lines.
 * Text cells carry a trailing tab, as Alipay writes them so that spreadsheets keep long numbers as text.
 */
final class BillFile {

    static final Charset GBK = Charset.forName("GBK");
    static final String DETAIL_HEADER = "支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,"
            + "操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,"
            + "商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,"
            + "服务费（元）,分润（元）,备注";
    static final String SUMMARY_HEADER = "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）,"
            + "支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,商家红包消费金额（元）,"
            + "卡消费金额（元）,服务费（元）,分润（元）,实收净额（元）";
    /** The list's frame lines: 41 dashes before the title, 40 after it (36 after the end title). */
    private static final String RULE = "-".repeat(41);
    private static final String RULE_AFTER_TITLE = "-".repeat(40);
    private static final String RULE_AFTER_END = "-".repeat(36);
    private static final String CRLF = "\r\n";
    private static final DateTimeFormatter COMPACT_DAY = DateTimeFormatter.BASIC_ISO_DATE;

    /** One row of the detail: a 交易 (payment) or a 退款 (refund, with its request number and a negative amount). */
    record Row(String tradeNo, String outTradeNo, boolean refund, String subject, Instant createdAt,
               Instant finishedAt, long orderFen, long receivedFen, String refundRequestNo) {
    }

    private BillFile() {
    }

    /** The account as the bill names it: the seller's PID followed by {@code 0156}. */
    static String account(String sellerId) {
        return sellerId + "0156";
    }

    static String zipName(String sellerId, LocalDate day) {
        return account(sellerId) + "_" + COMPACT_DAY.format(day) + ".zip";
    }

    static byte[] zip(String sellerId, LocalDate day, List<Row> rows, Instant exportedAt) {
        String stem = account(sellerId) + "_" + COMPACT_DAY.format(day);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, GBK)) {
            zip.putNextEntry(new ZipEntry(stem + "_业务明细.csv"));
            zip.write(detail(sellerId, day, rows, exportedAt).getBytes(GBK));
            zip.closeEntry();
            zip.putNextEntry(new ZipEntry(stem + "_业务明细(汇总).csv"));
            zip.write(summary(sellerId, day, rows, exportedAt).getBytes(GBK));
            zip.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static String detail(String sellerId, LocalDate day, List<Row> rows, Instant exportedAt) {
        StringBuilder csv = new StringBuilder();
        preamble(csv, "#支付宝业务明细查询", sellerId, day, "业务明细列表");
        csv.append(DETAIL_HEADER).append(CRLF);
        long payments = 0;
        long paymentFen = 0;
        long refunds = 0;
        long refundFen = 0;
        for (Row row : rows) {
            csv.append(String.join(",",
                    row.tradeNo() + "\t", row.outTradeNo() + "\t", (row.refund() ? "退款" : "交易") + "\t",
                    cell(row.subject()), ChinaTime.format(row.createdAt()), ChinaTime.format(row.finishedAt()),
                    "\t", "\t", "\t", "\t", TradeApi.BUYER_LOGON_ID + "\t",
                    Yuan.format(row.orderFen()), Yuan.format(row.receivedFen()),
                    "0.00", "0.00", "0.00", "0.00", "0.00", "", "0.00", "0.00",
                    row.refundRequestNo() == null ? "\t" : row.refundRequestNo() + "\t",
                    "0.00", "0.00", ""));
            csv.append(CRLF);
            if (row.refund()) {
                refunds++;
                refundFen += row.receivedFen();
            } else {
                payments++;
                paymentFen += row.receivedFen();
            }
        }
        csv.append('#').append(RULE).append("业务明细列表结束").append(RULE_AFTER_END).append(CRLF);
        csv.append("#交易合计：").append(payments).append("笔，商家实收共").append(Yuan.format(paymentFen))
                .append("元，商家优惠共0.00元").append(CRLF);
        csv.append("#退款合计：").append(refunds).append("笔，商家实收退款共").append(Yuan.format(refundFen))
                .append("元，商家优惠退款共0.00元").append(CRLF);
        csv.append("#导出时间：[").append(ChinaTime.billHeader(exportedAt)).append(']').append(CRLF);
        return csv.toString();
    }

    static String summary(String sellerId, LocalDate day, List<Row> rows, Instant exportedAt) {
        long payments = rows.stream().filter(row -> !row.refund()).count();
        long refunds = rows.size() - payments;
        long orderFen = rows.stream().filter(row -> !row.refund()).mapToLong(Row::orderFen).sum();
        long receivedFen = rows.stream().mapToLong(Row::receivedFen).sum();
        StringBuilder csv = new StringBuilder();
        preamble(csv, "#支付宝业务汇总查询", sellerId, day, "业务汇总列表");
        csv.append(SUMMARY_HEADER).append(CRLF);
        csv.append(String.join(",", "", "合计", String.valueOf(payments), String.valueOf(refunds),
                Yuan.format(orderFen), Yuan.format(receivedFen), "0.00", "0.00", "0.00", "0.00", "0.00", "0.00",
                "0.00", "0.00", "0.00", Yuan.format(receivedFen))).append(CRLF);
        csv.append('#').append(RULE).append("业务汇总列表结束").append(RULE_AFTER_END).append(CRLF);
        csv.append("#导出时间：[").append(ChinaTime.billHeader(exportedAt)).append(']').append(CRLF);
        return csv.toString();
    }

    private static void preamble(StringBuilder csv, String title, String sellerId, LocalDate day, String list) {
        csv.append(title).append(CRLF);
        csv.append("#账号：[").append(account(sellerId)).append(']').append(CRLF);
        csv.append("#起始日期：[").append(ChinaTime.billHeader(ChinaTime.startOf(day))).append("]   终止日期：[")
                .append(ChinaTime.billHeader(ChinaTime.startOf(day.plusDays(1)))).append(']').append(CRLF);
        csv.append('#').append(RULE).append(list).append(RULE_AFTER_TITLE).append(CRLF);
    }

    /** A free-text cell, quoted when it holds a comma, a quote or a line break. */
    private static String cell(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
