package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.SimulatedTrade.Status;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * The trade methods: {@code alipay.trade.precreate} (a QR code), {@code alipay.trade.page.pay} and
 * {@code alipay.trade.wap.pay} (the buyer's browser arrives with the signed URL and is sent to the cashier),
 * {@code alipay.trade.query} and {@code alipay.trade.close}.
 */
@Component
class TradeApi {

    private static final Pattern TIMEOUT_EXPRESS = Pattern.compile("([1-9][0-9]{0,4})([mhd])");
    static final String BUYER_LOGON_ID = "tri***@example.com";
    static final String BUYER_USER_ID = "2088000000000042";

    private final SimulatedTrades trades;
    private final SimulatorSettings settings;

    TradeApi(SimulatedTrades trades, SimulatorSettings settings) {
        this.trades = trades;
        this.settings = settings;
    }

    MethodResult precreate(GatewayCall call) {
        SimulatedTrade trade = trades.create(order(call, "FACE_TO_FACE_PAYMENT"));
        ObjectNode answer = OpenApiAnswers.success();
        answer.put("out_trade_no", trade.order().outTradeNo());
        answer.put("qr_code", cashierUrl(trade));
        return MethodResult.answer(answer);
    }

    /** Page and WAP pay: the buyer's browser brought the signed request; it goes on to the cashier. */
    MethodResult pagePay(GatewayCall call) {
        String productCode = call.method().equals("alipay.trade.wap.pay") ? "QUICK_WAP_WAY" : "FAST_INSTANT_TRADE_PAY";
        SimulatedTrade trade = trades.create(order(call, productCode));
        return MethodResult.redirect(cashierUrl(trade));
    }

    MethodResult query(GatewayCall call) {
        call.requireTradeReference();
        SimulatedTrade trade = trades.visible(call.app().appId(), call.orderNo("out_trade_no").orElse(null),
                call.orderNo("trade_no").orElse(null));
        Instant now = settings.clock().instant();
        Status status = trade.status(now);
        long reported = trade.behaviour().reportedAmount(trade.order().totalFen());
        ObjectNode answer = OpenApiAnswers.success();
        answer.put("trade_no", trade.tradeNo());
        answer.put("out_trade_no", trade.order().outTradeNo());
        answer.put("buyer_logon_id", BUYER_LOGON_ID);
        answer.put("trade_status", status.name());
        answer.put("total_amount", Yuan.format(reported));
        if (trade.paidAt() != null) {
            answer.put("buyer_pay_amount", Yuan.format(reported));
            answer.put("receipt_amount", Yuan.format(reported));
            answer.put("send_pay_date", ChinaTime.format(trade.paidAt()));
            answer.put("buyer_user_id", BUYER_USER_ID);
        }
        return new MethodResult(answer, trade.behaviour().queryTimeout(), null);
    }

    /**
     * Closes a waiting trade. A trade the buyer never opened is "not exist" to the merchant, as at Alipay; it is
     * closed all the same, so that nobody can pay it after the merchant was told there is nothing to close.
     */
    MethodResult close(GatewayCall call) {
        call.requireTradeReference();
        String outTradeNo = call.orderNo("out_trade_no").orElse(null);
        if (outTradeNo != null) {
            trades.find(call.app().appId(), outTradeNo).filter(trade -> !trade.touched())
                    .ifPresent(unopened -> unopened.close(settings.clock().instant()));
        }
        SimulatedTrade trade = trades.visible(call.app().appId(), outTradeNo, call.orderNo("trade_no").orElse(null));
        if (!trades.close(trade)) {
            throw OpenApiError.business("ACQ.TRADE_STATUS_ERROR", "交易状态不合法");
        }
        ObjectNode answer = OpenApiAnswers.success();
        answer.put("trade_no", trade.tradeNo());
        answer.put("out_trade_no", trade.order().outTradeNo());
        return MethodResult.answer(answer);
    }

    private SimulatedTrade.Order order(GatewayCall call, String productCode) {
        String outTradeNo = call.orderNo("out_trade_no").orElseThrow(() -> OpenApiError.business(
                "ACQ.INVALID_PARAMETER", "参数无效: out_trade_no is required"));
        long totalFen = call.amountFen("total_amount");
        String subject = call.required("subject");
        if (subject.length() > 256) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: subject is longer than 256");
        }
        Optional<String> code = call.optional("product_code");
        if (code.isPresent() && !code.get().equals(productCode)) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: product_code must be " + productCode);
        }
        String notifyUrl = call.params().get("notify_url");
        String returnUrl = call.params().get("return_url");
        return new SimulatedTrade.Order(call.app().appId(), call.app().sellerId(), outTradeNo, totalFen, subject,
                call.method(), notifyUrl == null || notifyUrl.isEmpty() ? null : notifyUrl, expiry(call),
                returnUrl == null || returnUrl.isEmpty() ? null : returnUrl);
    }

    private Instant expiry(GatewayCall call) {
        Optional<String> timeExpire = call.optional("time_expire");
        if (timeExpire.isPresent()) {
            return ChinaTime.parse(timeExpire.get()).orElseThrow(() -> OpenApiError.business(
                    "ACQ.INVALID_PARAMETER", "参数无效: time_expire must be yyyy-MM-dd HH:mm:ss"));
        }
        Optional<String> timeoutExpress = call.optional("timeout_express");
        if (timeoutExpress.isEmpty()) {
            return null;
        }
        Matcher matcher = TIMEOUT_EXPRESS.matcher(timeoutExpress.get());
        if (!matcher.matches()) {
            throw OpenApiError.business("ACQ.INVALID_PARAMETER", "参数无效: timeout_express is like 30m, 2h or 1d");
        }
        long amount = Long.parseLong(matcher.group(1));
        Duration timeout = switch (matcher.group(2)) {
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofDays(amount);
        };
        return settings.clock().instant().plus(timeout);
    }

    private String cashierUrl(SimulatedTrade trade) {
        return settings.baseUrl() + "/cashier/" + trade.tradeNo();
    }
}
