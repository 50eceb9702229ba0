package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorApps.App;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code alipay.data.dataservice.bill.downloadurl.query} and the bill it points to: the trade bill of one China day
 * (a 交易 row per trade paid that day, a 退款 row per refund made that day), with the day's seeded discrepancies. A
 * download URL is valid for 30 seconds, as Alipay's.
 */
@Component
class Bills {

    static final Duration URL_VALIDITY = Duration.ofSeconds(30);
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    private record Download(App app, LocalDate day, Instant expiresAt) {
    }

    private final SimulatedTrades trades;
    private final SimulatorSettings settings;
    private final Map<String, Download> downloads = new ConcurrentHashMap<>();
    private final Map<String, BillSeed> seeds = new ConcurrentHashMap<>();

    Bills(SimulatedTrades trades, SimulatorSettings settings) {
        this.trades = trades;
        this.settings = settings;
    }

    void seed(String appId, LocalDate day, BillSeed seed) {
        seeds.put(appId + '\n' + day, seed);
    }

    MethodResult downloadUrl(GatewayCall call) {
        String billType = call.required("bill_type");
        if (!billType.equals("trade")) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: the simulator has bill_type trade only");
        }
        LocalDate day;
        try {
            day = LocalDate.parse(call.required("bill_date"), DAY);
        } catch (DateTimeParseException e) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: bill_date is yyyy-MM-dd");
        }
        Instant now = settings.clock().instant();
        if (!day.isBefore(ChinaTime.day(now))) {
            throw OpenApiError.business("isp.bill_not_exist", "账单不存在");
        }
        String token = UUID.randomUUID().toString().replace("-", "");
        downloads.put(token, new Download(call.app(), day, now.plus(URL_VALIDITY)));
        String compactDay = day.toString().replace("-", "");
        ObjectNode answer = OpenApiAnswers.success();
        answer.put("bill_download_url", settings.baseUrl() + "/downloadBillFile.resource?bizType=trade&userId="
                + call.app().sellerId() + "&fileType=csv.zip&bizDates=" + compactDay + "&downloadFileName="
                + BillFile.zipName(call.app().sellerId(), day) + "&token=" + token);
        return MethodResult.answer(answer);
    }

    /** The zip of a download token still valid, with its file name. */
    Optional<Map.Entry<String, byte[]>> download(String token) {
        Download download = token == null ? null : downloads.get(token);
        Instant now = settings.clock().instant();
        if (download == null || now.isAfter(download.expiresAt())) {
            return Optional.empty();
        }
        String sellerId = download.app().sellerId();
        byte[] zip = BillFile.zip(sellerId, download.day(), rows(download.app().appId(), download.day()), now);
        return Optional.of(Map.entry(BillFile.zipName(sellerId, download.day()), zip));
    }

    List<BillFile.Row> rows(String appId, LocalDate day) {
        BillSeed seed = seeds.getOrDefault(appId + '\n' + day, BillSeed.NONE);
        List<BillFile.Row> rows = new ArrayList<>();
        for (SimulatedTrade trade : trades.of(appId)) {
            SimulatedTrade.Order order = trade.order();
            Instant paidAt = trade.paidAt();
            if (paidAt != null && ChinaTime.day(paidAt).equals(day) && !seed.omitted().contains(order.outTradeNo())) {
                long fen = seed.amountsFen().getOrDefault(order.outTradeNo(),
                        trade.behaviour().reportedAmount(order.totalFen()));
                rows.add(new BillFile.Row(trade.tradeNo(), order.outTradeNo(), false, order.subject(),
                        trade.createdAt(), paidAt, fen, fen, null));
            }
            for (SimulatedTrade.Refund refund : trade.refunds()) {
                if (ChinaTime.day(refund.refundedAt()).equals(day)) {
                    rows.add(new BillFile.Row(trade.tradeNo(), order.outTradeNo(), true, order.subject(),
                            refund.refundedAt(), refund.refundedAt(), order.totalFen(), -refund.amountFen(),
                            refund.outRequestNo()));
                }
            }
        }
        for (BillSeed.ExtraRow extra : seed.extraRows()) {
            boolean refund = extra.refundRequestNo() != null;
            rows.add(new BillFile.Row(extra.tradeNo(), extra.outTradeNo(), refund, "seeded", extra.time(),
                    extra.time(), extra.amountFen(), refund ? -extra.amountFen() : extra.amountFen(),
                    extra.refundRequestNo()));
        }
        rows.sort(Comparator.comparing(BillFile.Row::finishedAt));
        return rows;
    }
}
