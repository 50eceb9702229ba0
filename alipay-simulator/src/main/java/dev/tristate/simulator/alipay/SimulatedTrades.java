package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.SimulatedTrade.Status;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * The trades of every app, in memory, and what changes them: creation with Alipay's out_trade_no dedup, the buyer's
 * payment or abandonment, the merchant's close and refunds. Every status change is notified.
 */
@Component
class SimulatedTrades {

    private final Map<String, SimulatedTrade> byOutTradeNo = new ConcurrentHashMap<>();
    private final Map<String, SimulatedTrade> byTradeNo = new ConcurrentHashMap<>();
    private final SimulatorSettings settings;
    private final NotificationSender sender;
    private final String tradeNoStem;
    private final AtomicLong sequence = new AtomicLong();

    SimulatedTrades(SimulatorSettings settings, NotificationSender sender) {
        this.settings = settings;
        this.sender = sender;
        // The second the simulator started: trade numbers do not repeat after a restart, which forgets the trades.
        this.tradeNoStem = String.format("%08d", Math.floorMod(settings.clock().instant().getEpochSecond(),
                100_000_000L));
    }

    /**
     * The trade of this order: a new one, or the unpaid one already under its out_trade_no when the order is the same.
     * A paid or closed trade under it, or another order while it is unpaid, is refused as Alipay refuses it.
     */
    SimulatedTrade create(SimulatedTrade.Order order) {
        Instant now = settings.clock().instant();
        SimulatedTrade created = byOutTradeNo.computeIfAbsent(key(order.appId(), order.outTradeNo()),
                key -> new SimulatedTrade(order, nextTradeNo(now), now));
        byTradeNo.putIfAbsent(created.tradeNo(), created);
        if (created.order() == order) {
            return created;
        }
        Status status = created.status(now);
        if (status == Status.TRADE_SUCCESS || status == Status.TRADE_FINISHED) {
            throw OpenApiError.business("ACQ.TRADE_HAS_SUCCESS", "交易已被支付");
        }
        if (status == Status.TRADE_CLOSED) {
            throw OpenApiError.business("ACQ.TRADE_HAS_CLOSE", "交易已经关闭");
        }
        if (created.order().totalFen() != order.totalFen() || !created.order().subject().equals(order.subject())) {
            throw OpenApiError.business("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改");
        }
        return created;
    }

    Optional<SimulatedTrade> find(String appId, String outTradeNo) {
        return Optional.ofNullable(byOutTradeNo.get(key(appId, outTradeNo)));
    }

    /** The trade as the merchant's calls see it: unknown and never-opened trades are both "not exist". */
    SimulatedTrade visible(String appId, String outTradeNo, String tradeNo) {
        SimulatedTrade trade = outTradeNo != null ? byOutTradeNo.get(key(appId, outTradeNo))
                : tradeNo == null ? null : byTradeNo.get(tradeNo);
        if (trade == null || !trade.order().appId().equals(appId) || !trade.touched()
                || (tradeNo != null && !trade.tradeNo().equals(tradeNo))) {
            throw OpenApiError.business("ACQ.TRADE_NOT_EXIST", "交易不存在");
        }
        return trade;
    }

    Optional<SimulatedTrade> byTradeNo(String tradeNo) {
        return Optional.ofNullable(tradeNo == null ? null : byTradeNo.get(tradeNo));
    }

    List<SimulatedTrade> of(String appId) {
        List<SimulatedTrade> trades = new ArrayList<>();
        for (SimulatedTrade trade : byOutTradeNo.values()) {
            if (trade.order().appId().equals(appId)) {
                trades.add(trade);
            }
        }
        return trades;
    }

    /** The buyer paid: TRADE_SUCCESS and its notification (false when the trade was not waiting). */
    boolean pay(SimulatedTrade trade) {
        Instant now = settings.clock().instant();
        if (!trade.pay(now)) {
            return false;
        }
        List<OutgoingNotification> notifications = new ArrayList<>();
        notifications.add(notification(trade, "TRADE_SUCCESS", Map.of()));
        if (trade.behaviour().outOfOrder()) {
            // A stale "waiting" report, sent after the payment's: the receiver must not move the trade back.
            notifications.add(notification(trade, "WAIT_BUYER_PAY", Map.of("gmt_payment", "")));
        }
        sender.send(trade, notifications);
        return true;
    }

    /** The buyer abandoned, or the merchant closed: TRADE_CLOSED and its notification. */
    boolean close(SimulatedTrade trade) {
        if (!trade.close(settings.clock().instant())) {
            return false;
        }
        sender.send(trade, List.of(notification(trade, "TRADE_CLOSED", Map.of())));
        return true;
    }

    SimulatedTrade.RefundOutcome refund(SimulatedTrade trade, String outRequestNo, long amountFen, String reason) {
        Instant now = settings.clock().instant();
        SimulatedTrade.RefundOutcome outcome = trade.refund(outRequestNo, amountFen, reason, now);
        if (outcome.fundChange()) {
            String status = trade.status(now) == Status.TRADE_CLOSED ? "TRADE_CLOSED" : "TRADE_SUCCESS";
            sender.send(trade, List.of(notification(trade, status, Map.of(
                    "refund_fee", Yuan.format(outcome.refundedFen()),
                    "gmt_refund", ChinaTime.format(now),
                    "out_biz_no", outRequestNo))));
        }
        return outcome;
    }

    private OutgoingNotification notification(SimulatedTrade trade, String tradeStatus, Map<String, String> extra) {
        SimulatedTrade.Order order = trade.order();
        Map<String, String> params = new TreeMap<>();
        params.put("notify_type", "trade_status_sync");
        params.put("app_id", order.appId());
        params.put("auth_app_id", order.appId());
        params.put("seller_id", order.sellerId());
        params.put("out_trade_no", order.outTradeNo());
        params.put("trade_no", trade.tradeNo());
        params.put("trade_status", tradeStatus);
        params.put("total_amount", Yuan.format(trade.behaviour().reportedAmount(order.totalFen())));
        params.put("subject", order.subject());
        params.put("gmt_create", ChinaTime.format(trade.createdAt()));
        if (trade.paidAt() != null) {
            params.put("gmt_payment", ChinaTime.format(trade.paidAt()));
        }
        if (trade.closedAt() != null) {
            params.put("gmt_close", ChinaTime.format(trade.closedAt()));
        }
        params.put("charset", "utf-8");
        params.put("version", "1.0");
        params.putAll(extra);
        params.values().removeIf(String::isEmpty);
        return new OutgoingNotification(order.notifyUrl() == null ? null : URI.create(order.notifyUrl()), params);
    }

    /** 28 digits as Alipay's: the China day, {@code 2200}, the start second and a sequence. */
    private String nextTradeNo(Instant now) {
        return ChinaTime.day(now).toString().replace("-", "") + "2200" + tradeNoStem
                + String.format("%08d", sequence.incrementAndGet() % 100_000_000L);
    }

    private static String key(String appId, String outTradeNo) {
        return appId + '\n' + outTradeNo;
    }
}
