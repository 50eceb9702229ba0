package dev.tristate.simulator.wechat;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * The v3 merchant API, after {@link WechatApiFilter} verified the merchant's signature. Answers are WeChat Pay's
 * objects or its error JSON with its status, so wechatpay-java raises its own exceptions.
 */
@RestController
@RequestMapping("${tristate.wechat-simulator.path-prefix:/simulators/wechat}/v3")
class WechatApiController {

    private final WechatSimulator simulator;
    private final WechatTrades trades;
    private final WechatBills bills;
    private final WechatSimulatorSettings settings;

    WechatApiController(WechatSimulator simulator, WechatTrades trades, WechatBills bills,
                        WechatSimulatorSettings settings) {
        this.simulator = simulator;
        this.trades = trades;
        this.bills = bills;
        this.settings = settings;
    }

    @PostMapping("/pay/transactions/native")
    ResponseEntity<String> nativePay(HttpServletRequest request) throws IOException {
        WechatTrade trade = trades.place(merchant(request), "NATIVE", body(request));
        return WechatJson.ok(WechatJson.object().put("code_url", WechatSimulator.CODE_URL_PREFIX + trade.token));
    }

    @PostMapping("/pay/transactions/h5")
    ResponseEntity<String> h5(HttpServletRequest request) throws IOException {
        JsonNode order = body(request);
        if (!order.path("scene_info").path("payer_client_ip").isString()
                || !order.path("scene_info").path("h5_info").path("type").isString()) {
            throw WechatApiError.param("H5下单需要 scene_info.payer_client_ip 和 scene_info.h5_info.type");
        }
        WechatTrade trade = trades.place(merchant(request), "MWEB", order);
        return WechatJson.ok(WechatJson.object().put("h5_url", settings.baseUrl() + "/pay/" + trade.token));
    }

    @PostMapping("/pay/transactions/jsapi")
    ResponseEntity<String> jsapi(HttpServletRequest request) throws IOException {
        WechatTrade trade = trades.place(merchant(request), "JSAPI", body(request));
        return WechatJson.ok(WechatJson.object().put("prepay_id", WechatSimulator.PREPAY_ID_PREFIX + trade.token));
    }

    @GetMapping("/pay/transactions/out-trade-no/{outTradeNo}")
    ResponseEntity<String> query(HttpServletRequest request, @PathVariable String outTradeNo,
                                 @RequestParam(required = false) String mchid) {
        WechatMerchant merchant = merchant(request);
        if (!merchant.mchid().equals(mchid)) {
            throw WechatApiError.param("mchid 与请求签名的商户号不一致");
        }
        WechatTrade trade = trades.find(merchant.mchid(), outTradeNo).orElseThrow(WechatApiController::noOrder);
        boolean hang;
        synchronized (trade) {
            hang = trade.behaviour.hangQuery();
        }
        if (hang) {
            sleep(settings.properties().hangMs());
        }
        return WechatJson.ok(trade.transaction());
    }

    @PostMapping("/pay/transactions/out-trade-no/{outTradeNo}/close")
    ResponseEntity<String> close(HttpServletRequest request, @PathVariable String outTradeNo) throws IOException {
        WechatMerchant merchant = merchant(request);
        if (!WechatTrades.text(body(request), "mchid").equals(merchant.mchid())) {
            throw WechatApiError.param("mchid 与请求签名的商户号不一致");
        }
        WechatTrade trade = trades.find(merchant.mchid(), outTradeNo).orElseThrow(WechatApiController::noOrder);
        if (!trades.close(trade)) {
            throw new WechatApiError(400, "ORDERPAID", "订单已支付，不能发起关单");
        }
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/refund/domestic/refunds")
    ResponseEntity<String> refund(HttpServletRequest request) throws IOException {
        WechatMerchant merchant = merchant(request);
        JsonNode body = body(request);
        if (!body.path("out_trade_no").isString()) {
            throw WechatApiError.param("模拟器按 out_trade_no 退款");
        }
        WechatTrade trade = trades.find(merchant.mchid(), body.path("out_trade_no").stringValue())
                .orElseThrow(() -> new WechatApiError(404, "RESOURCE_NOT_EXISTS", "订单不存在"));
        JsonNode amount = body.path("amount");
        if (!amount.path("refund").isIntegralNumber() || !amount.path("total").isIntegralNumber()
                || !"CNY".equals(amount.path("currency").asString("CNY"))) {
            throw WechatApiError.param("amount.refund、amount.total 为整数(分)，amount.currency 为CNY");
        }
        String notifyUrl = body.path("notify_url").isString() ? body.path("notify_url").stringValue() : null;
        return WechatJson.ok(trade.refundJson(simulator.refund(trade, WechatTrades.text(body, "out_refund_no"),
                amount.path("refund").longValue(), amount.path("total").longValue(), notifyUrl)));
    }

    @GetMapping("/refund/domestic/refunds/{outRefundNo}")
    ResponseEntity<String> queryRefund(HttpServletRequest request, @PathVariable String outRefundNo) {
        WechatMerchant merchant = merchant(request);
        for (WechatTrade trade : trades.of(merchant.mchid())) {
            var refund = trade.refund(outRefundNo);
            if (refund.isPresent()) {
                return WechatJson.ok(trade.refundJson(refund.get()));
            }
        }
        throw new WechatApiError(404, "RESOURCE_NOT_EXISTS", "退款单不存在");
    }

    @GetMapping("/bill/tradebill")
    ResponseEntity<String> tradeBill(HttpServletRequest request, @RequestParam("bill_date") String billDate,
                                     @RequestParam(name = "bill_type", defaultValue = "ALL") String billType,
                                     @RequestParam(name = "tar_type", required = false) String tarType) {
        LocalDate day;
        try {
            day = LocalDate.parse(billDate);
        } catch (DateTimeParseException e) {
            throw WechatApiError.param("bill_date 格式为 yyyy-MM-dd");
        }
        if (tarType != null && !tarType.equals("GZIP")) {
            throw WechatApiError.param("tar_type 只能是 GZIP");
        }
        return WechatJson.ok(bills.tradeBill(merchant(request).mchid(), day, billType, tarType != null));
    }

    @GetMapping("/billdownload/file")
    ResponseEntity<byte[]> download(HttpServletRequest request, @RequestParam(required = false) String token) {
        return bills.download(merchant(request).mchid(), token)
                .map(file -> ResponseEntity.ok().contentType(MediaType.APPLICATION_OCTET_STREAM).body(file))
                .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.APPLICATION_JSON)
                        .body(WechatJson.write(WechatJson.object().put("code", "RESOURCE_NOT_EXISTS")
                                .put("message", "下载链接已过期或不存在")).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    @ExceptionHandler(WechatApiError.class)
    ResponseEntity<String> refused(WechatApiError error) {
        return error.answer();
    }

    private WechatMerchant merchant(HttpServletRequest request) {
        String mchid = (String) request.getAttribute(WechatApiFilter.MCHID);
        return simulator.merchant(mchid).orElseThrow(() -> new WechatApiError(401, "SIGN_ERROR", "商户不存在"));
    }

    private static JsonNode body(HttpServletRequest request) throws IOException {
        return WechatJson.read(request.getInputStream().readAllBytes());
    }

    private static WechatApiError noOrder() {
        return new WechatApiError(404, "ORDER_NOT_EXIST", "订单不存在");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
