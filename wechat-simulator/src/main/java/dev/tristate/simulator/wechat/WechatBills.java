package dev.tristate.simulator.wechat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.GZIPOutputStream;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /v3/bill/tradebill} and the file its {@code download_url} points to: the merchant's {@code ALL} trade
 * bill of one China day, laid out as WeChat Pay publishes it (a header line, one line per trade paid and per refund
 * made that day, every value prefixed with a backtick, then the summary header and line), plain or gzip, with the
 * day's seeded discrepancies. The answer's {@code hash_value} is the SHA-1 of the uncompressed file. A download URL
 * is valid for 30 seconds and names WeChat Pay's own host, as WeChat Pay's does.
 */
@Component
class WechatBills {

    static final String HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,"
            + "付款银行,货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,"
            + "商户数据包,手续费,费率,订单金额,申请退款金额,费率备注";
    static final String SUMMARY_HEADER = "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额";
    static final String WECHAT_HOST = "https://api.mch.weixin.qq.com";
    private static final Duration URL_VALIDITY = Duration.ofSeconds(30);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private record Download(String mchid, LocalDate day, boolean gzip, Instant expiresAt) {
    }

    private record Row(Instant time, String appid, String transactionId, String outTradeNo, String tradeType,
                       boolean refund, long orderFen, String refundId, String outRefundNo, long refundFen,
                       String description) {
    }

    private final WechatTrades trades;
    private final WechatSimulatorSettings settings;
    private final Map<String, Download> downloads = new ConcurrentHashMap<>();
    private final Map<String, WechatBillSeed> seeds = new ConcurrentHashMap<>();

    WechatBills(WechatTrades trades, WechatSimulatorSettings settings) {
        this.trades = trades;
        this.settings = settings;
    }

    void seed(String mchid, LocalDate day, WechatBillSeed seed) {
        seeds.put(mchid + '\n' + day, seed);
    }

    ObjectNode tradeBill(String mchid, LocalDate day, String billType, boolean gzip) {
        if (!"ALL".equals(billType)) {
            throw WechatApiError.param("模拟器只提供 bill_type=ALL 的账单");
        }
        Instant now = settings.now();
        LocalDate today = now.atZone(WechatSimulatorSettings.CHINA).toLocalDate();
        if (day.isAfter(today)) {
            throw new WechatApiError(400, "NO_STATEMENT_EXIST", "账单日期不存在账单");
        }
        if (day.equals(today) && !settings.properties().sameDayBills()) {
            throw new WechatApiError(400, "STATEMENT_CREATING", "账单生成中，请稍后重试");
        }
        String token = UUID.randomUUID().toString().replace("-", "");
        downloads.put(token, new Download(mchid, day, gzip, now.plus(URL_VALIDITY)));
        ObjectNode answer = WechatJson.object();
        answer.put("hash_type", "SHA1");
        answer.put("hash_value", sha1(file(mchid, day)));
        answer.put("download_url", WECHAT_HOST + "/v3/billdownload/file?token=" + token);
        return answer;
    }

    /** The file of a download token still valid and of this merchant: plain or gzip, as asked. */
    Optional<byte[]> download(String mchid, String token) {
        Download download = token == null ? null : downloads.get(token);
        if (download == null || !download.mchid().equals(mchid) || settings.now().isAfter(download.expiresAt())) {
            return Optional.empty();
        }
        byte[] file = file(mchid, download.day());
        return Optional.of(download.gzip() ? gzip(file) : file);
    }

    /** The bill of the day as WeChat Pay writes it, UTF-8. */
    byte[] file(String mchid, LocalDate day) {
        WechatBillSeed seed = seeds.getOrDefault(mchid + '\n' + day, WechatBillSeed.NONE);
        List<Row> rows = new ArrayList<>();
        for (WechatTrade trade : trades.of(mchid)) {
            synchronized (trade) {
                if (trade.successTime != null && dayOf(trade.successTime).equals(day)
                        && !seed.omitted().contains(trade.outTradeNo)) {
                    long fen = seed.amountsFen().getOrDefault(trade.outTradeNo,
                            trade.behaviour.reported(trade.totalFen));
                    rows.add(new Row(trade.successTime, trade.appid, trade.transactionId, trade.outTradeNo,
                            trade.tradeType, false, fen, null, null, 0, trade.description));
                }
                for (WechatTrade.Refund refund : trade.refunds) {
                    if ("SUCCESS".equals(refund.status) && dayOf(refund.successTime).equals(day)) {
                        rows.add(new Row(refund.successTime, trade.appid, trade.transactionId, trade.outTradeNo,
                                trade.tradeType, true, trade.totalFen, refund.refundId, refund.outRefundNo,
                                refund.amountFen, trade.description));
                    }
                }
            }
        }
        for (WechatBillSeed.ExtraRow extra : seed.extraRows()) {
            boolean refund = extra.outRefundNo() != null;
            rows.add(new Row(extra.time(), "wx0000000000000000", extra.transactionId(), extra.outTradeNo(), "NATIVE",
                    refund, extra.amountFen(), extra.refundId(), extra.outRefundNo(), refund ? extra.amountFen() : 0,
                    "seeded"));
        }
        rows.sort(Comparator.comparing(Row::time));
        StringBuilder out = new StringBuilder(HEADER).append("\r\n");
        long settled = 0;
        long refunded = 0;
        long ordered = 0;
        for (Row row : rows) {
            long orderFen = row.refund() ? 0 : row.orderFen();
            settled += orderFen;
            ordered += orderFen;
            refunded += row.refundFen();
            line(out, TIME.format(row.time().atZone(WechatSimulatorSettings.CHINA)), row.appid(), mchid, "0", "",
                    row.transactionId(), row.outTradeNo(), "oSimulatedPayer0000000000000", row.tradeType(),
                    row.refund() ? "REFUND" : "SUCCESS", "OTHERS", "CNY", yuan(orderFen), "0.00",
                    row.refund() ? row.refundId() : "0", row.refund() ? row.outRefundNo() : "0", yuan(row.refundFen()),
                    "0.00", row.refund() ? "ORIGINAL" : "", row.refund() ? "SUCCESS" : "", row.description(), "",
                    "0.00000", "0.60%", yuan(row.refund() ? 0 : row.orderFen()), yuan(row.refundFen()), "");
        }
        out.append(SUMMARY_HEADER).append("\r\n");
        line(out, Integer.toString(rows.size()), yuan(settled), yuan(refunded), "0.00", "0.00000", yuan(ordered),
                yuan(refunded));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void line(StringBuilder out, String... values) {
        for (int i = 0; i < values.length; i++) {
            out.append(i == 0 ? "" : ",").append('`').append(values[i]);
        }
        out.append("\r\n");
    }

    private static String yuan(long fen) {
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    private static LocalDate dayOf(Instant instant) {
        return instant.atZone(WechatSimulatorSettings.CHINA).toLocalDate();
    }

    private static String sha1(byte[] file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(file));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JVM", e);
        }
    }

    private static byte[] gzip(byte[] file) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
