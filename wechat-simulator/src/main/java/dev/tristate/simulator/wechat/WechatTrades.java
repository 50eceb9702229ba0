package dev.tristate.simulator.wechat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * The orders of every merchant and what happens to them: placed (Native, H5, JSAPI), paid, failed or abandoned on the
 * pay page, closed, refunded. Orders expire at their {@code time_expire} when next looked at.
 */
@Component
class WechatTrades {

    private static final Pattern OUT_TRADE_NO = Pattern.compile("[0-9A-Za-z_\\-|*]{6,32}");
    private static final Pattern OUT_REFUND_NO = Pattern.compile("[0-9A-Za-z_\\-|*@]{1,64}");
    private static final AtomicLong SEQUENCE = new AtomicLong(System.currentTimeMillis() % 1_000_000);

    private final Map<String, Map<String, WechatTrade>> byMerchant = new ConcurrentHashMap<>();
    private final Map<String, WechatTrade> byToken = new ConcurrentHashMap<>();
    private final WechatSimulatorSettings settings;

    WechatTrades(WechatSimulatorSettings settings) {
        this.settings = settings;
    }

    /**
     * Places an order, or answers the one placed before under the same {@code out_trade_no} when the data is the
     * same; other data is {@code 400 INVALID_REQUEST}, an order paid or closed already {@code 400 ORDERPAID} or
     * {@code 400 ORDER_CLOSED}.
     */
    WechatTrade place(WechatMerchant merchant, String tradeType, JsonNode order) {
        String appid = text(order, "appid");
        if (!text(order, "mchid").equals(merchant.mchid())) {
            throw new WechatApiError(400, "PARAM_ERROR", "mchid与请求签名的商户号不一致");
        }
        if (!merchant.appIds().contains(appid)) {
            throw new WechatApiError(400, "APPID_MCHID_NOT_MATCH", "appid和mch_id不匹配");
        }
        String outTradeNo = text(order, "out_trade_no");
        if (!OUT_TRADE_NO.matcher(outTradeNo).matches()) {
            throw WechatApiError.param("out_trade_no 应为6至32位数字、字母及_-|*");
        }
        JsonNode amount = order.path("amount");
        if (!amount.path("total").isIntegralNumber() || amount.path("total").longValue() < 1) {
            throw WechatApiError.param("amount.total 应为正整数(分)");
        }
        String currency = amount.path("currency").isString() ? amount.path("currency").stringValue() : "CNY";
        if (!currency.equals("CNY")) {
            throw WechatApiError.param("amount.currency 只支持CNY");
        }
        String openid = null;
        if (tradeType.equals("JSAPI")) {
            openid = order.path("payer").path("openid").isString() ? order.path("payer").path("openid").stringValue()
                    : null;
            if (openid == null || openid.isBlank()) {
                throw WechatApiError.param("JSAPI下单缺少 payer.openid");
            }
        }
        Instant expiresAt = null;
        if (order.path("time_expire").isString()) {
            try {
                expiresAt = OffsetDateTime.parse(order.path("time_expire").stringValue()).toInstant();
            } catch (DateTimeParseException e) {
                throw WechatApiError.param("time_expire 应为rfc3339格式");
            }
        }
        String fingerprint = tradeType + "|" + appid + "|" + text(order, "description") + "|"
                + amount.path("total").longValue() + "|" + currency + "|" + text(order, "notify_url") + "|" + openid;
        Map<String, WechatTrade> trades = byMerchant.computeIfAbsent(merchant.mchid(), m -> new ConcurrentHashMap<>());
        Instant now = settings.now();
        WechatTrade placed = new WechatTrade(merchant.mchid(), appid, outTradeNo, tradeType,
                text(order, "description"), amount.path("total").longValue(), currency, text(order, "notify_url"),
                openid, now, expiresAt, UUID.randomUUID().toString().replace("-", ""), fingerprint);
        WechatTrade trade = trades.computeIfAbsent(outTradeNo, no -> {
            byToken.put(placed.token, placed);
            return placed;
        });
        synchronized (trade) {
            expireIfDue(trade, now);
            if (trade.state == WechatTrade.State.SUCCESS || trade.state == WechatTrade.State.REFUND) {
                throw new WechatApiError(400, "ORDERPAID", "该订单已支付");
            }
            if (trade.state == WechatTrade.State.CLOSED) {
                throw new WechatApiError(400, "ORDER_CLOSED", "该订单已关闭");
            }
            if (!trade.fingerprint.equals(fingerprint)) {
                throw new WechatApiError(400, "INVALID_REQUEST", "201 商户订单号重复");
            }
        }
        return trade;
    }

    Optional<WechatTrade> find(String mchid, String outTradeNo) {
        WechatTrade trade = byMerchant.getOrDefault(mchid, Map.of()).get(outTradeNo);
        if (trade != null) {
            synchronized (trade) {
                expireIfDue(trade, settings.now());
            }
        }
        return Optional.ofNullable(trade);
    }

    Optional<WechatTrade> byToken(String token) {
        return Optional.ofNullable(token == null ? null : byToken.get(token)).flatMap(t -> find(t.mchid,
                t.outTradeNo));
    }

    List<WechatTrade> of(String mchid) {
        return List.copyOf(byMerchant.getOrDefault(mchid, Map.of()).values());
    }

    /** The payer paid: true when the order was open (NOTPAY or PAYERROR) and is paid now. */
    boolean pay(WechatTrade trade) {
        synchronized (trade) {
            expireIfDue(trade, settings.now());
            if (trade.state != WechatTrade.State.NOTPAY && trade.state != WechatTrade.State.PAYERROR) {
                return false;
            }
            trade.state = WechatTrade.State.SUCCESS;
            trade.transactionId = "4200" + String.format("%024d", SEQUENCE.incrementAndGet());
            trade.successTime = settings.now();
            return true;
        }
    }

    /** The payment failed at the bank (the payer may try again); WeChat Pay sends no notification for it. */
    boolean fail(WechatTrade trade) {
        synchronized (trade) {
            expireIfDue(trade, settings.now());
            if (trade.state != WechatTrade.State.NOTPAY) {
                return false;
            }
            trade.state = WechatTrade.State.PAYERROR;
            return true;
        }
    }

    /** Closes an unpaid order; closing a closed one again is harmless. False: it is paid. */
    boolean close(WechatTrade trade) {
        synchronized (trade) {
            if (trade.state == WechatTrade.State.SUCCESS || trade.state == WechatTrade.State.REFUND) {
                return false;
            }
            trade.state = WechatTrade.State.CLOSED;
            return true;
        }
    }

    /**
     * A refund of the trade under {@code outRefundNo}: the same one again when it exists (with the same amount;
     * another is {@code 400 INVALID_REQUEST}), else a new one in the state the switches say.
     */
    WechatTrade.Refund refund(WechatTrade trade, String outRefundNo, long amountFen, long totalFen, String notifyUrl) {
        if (!OUT_REFUND_NO.matcher(outRefundNo).matches()) {
            throw WechatApiError.param("out_refund_no 应为1至64位数字、字母及_-|*@");
        }
        synchronized (trade) {
            Optional<WechatTrade.Refund> existing = trade.refund(outRefundNo);
            if (existing.isPresent()) {
                if (existing.get().amountFen != amountFen) {
                    throw new WechatApiError(400, "INVALID_REQUEST", "同一退款单号的退款金额不一致");
                }
                return existing.get();
            }
            if (trade.state != WechatTrade.State.SUCCESS && trade.state != WechatTrade.State.REFUND) {
                throw new WechatApiError(400, "INVALID_REQUEST", "订单未支付，不能退款");
            }
            if (totalFen != trade.totalFen) {
                throw new WechatApiError(400, "INVALID_REQUEST", "订单金额与原订单不一致");
            }
            if (amountFen < 1 || amountFen > trade.totalFen - trade.refundedFen()) {
                throw new WechatApiError(400, "INVALID_REQUEST", "申请退款金额超过订单可退金额");
            }
            Instant now = settings.now();
            WechatTrade.Refund refund = new WechatTrade.Refund(outRefundNo,
                    "5030" + String.format("%025d", SEQUENCE.incrementAndGet()), amountFen, now, notifyUrl);
            if (trade.behaviour.refundAbnormal()) {
                refund.status = "ABNORMAL";
            } else if (trade.behaviour.refundProcessing()) {
                refund.status = "PROCESSING";
            } else {
                refund.status = "SUCCESS";
                refund.successTime = now;
            }
            trade.refunds.add(refund);
            trade.state = WechatTrade.State.REFUND;
            return refund;
        }
    }

    /** A PROCESSING refund succeeds now; false when it was not processing. */
    boolean settle(WechatTrade trade, WechatTrade.Refund refund) {
        synchronized (trade) {
            if (!"PROCESSING".equals(refund.status)) {
                return false;
            }
            refund.status = "SUCCESS";
            refund.successTime = settings.now();
            return true;
        }
    }

    private void expireIfDue(WechatTrade trade, Instant now) {
        if (trade.expired(now)) {
            trade.state = WechatTrade.State.CLOSED;
        }
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isString() || value.stringValue().isBlank()) {
            throw WechatApiError.param("缺少参数 " + field);
        }
        return value.stringValue();
    }
}
