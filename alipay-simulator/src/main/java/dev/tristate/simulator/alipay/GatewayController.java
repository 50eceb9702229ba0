package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.HtmlAnswer;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.node.ObjectNode;

/**
 * Alipay's open-platform gateway, {@code gateway.do}: parameters from the query string and the form body alike (the
 * SDK puts the common ones in the URL and {@code biz_content} in the body; a page-pay URL carries all of them), the
 * request verified, the app's faults applied, the method answered and signed. A hanging answer holds no request
 * thread meanwhile. Also serves the bill files its download URLs point to.
 */
@Controller
@RequestMapping("${tristate.alipay-simulator.path-prefix:/simulators/alipay}")
class GatewayController {

    private final GatewayRequests requests;
    private final Faults faults;
    private final TradeApi tradeApi;
    private final RefundApi refundApi;
    private final Bills bills;
    private final SimulatorSettings settings;
    private final SimulatorScheduler scheduler;

    GatewayController(GatewayRequests requests, Faults faults, TradeApi tradeApi, RefundApi refundApi, Bills bills,
                      SimulatorSettings settings, SimulatorScheduler scheduler) {
        this.requests = requests;
        this.faults = faults;
        this.tradeApi = tradeApi;
        this.refundApi = refundApi;
        this.bills = bills;
        this.settings = settings;
        this.scheduler = scheduler;
    }

    @RequestMapping(path = "/gateway.do", method = {RequestMethod.GET, RequestMethod.POST})
    DeferredResult<ResponseEntity<byte[]>> gateway(HttpServletRequest request) {
        Map<String, String> params = new TreeMap<>();
        request.getParameterMap().forEach((name, values) -> params.put(name, values.length == 0 ? "" : values[0]));
        String method = params.get("method");
        GatewayCall call;
        try {
            call = requests.verify(params);
        } catch (OpenApiError refused) {
            return answerAfter(answer(method, OpenApiAnswers.error(refused), null), 0);
        }
        Fault fault = faults.of(call.app().appId(), method).orElse(null);
        if (fault != null && fault.answersError() && !fault.actFirst()) {
            return answerAfter(answer(method, faultAnswer(fault), fault), fault.hangMs());
        }
        MethodResult result;
        try {
            result = dispatch(call);
        } catch (OpenApiError refused) {
            result = MethodResult.answer(OpenApiAnswers.error(refused));
        }
        if (fault != null && fault.answersError()) {
            result = MethodResult.answer(faultAnswer(fault));
        }
        long hangMs = fault != null && fault.hangMs() > 0 ? fault.hangMs() : result.hang() ? settings.queryHangMs() : 0;
        ResponseEntity<byte[]> answer = result.redirect() != null
                ? ResponseEntity.status(HttpStatus.FOUND).location(URI.create(result.redirect())).build()
                : answer(method, result.answer(), fault);
        return answerAfter(answer, hangMs);
    }

    @GetMapping("/downloadBillFile.resource")
    ResponseEntity<byte[]> bill(@RequestParam(name = "token", required = false) String token) {
        return bills.download(token)
                .map(file -> ResponseEntity.ok()
                        .header(HttpHeaders.CONTENT_TYPE, "application/oct-stream")
                        .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=" + file.getKey())
                        .body(file.getValue()))
                .orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
                        .header(HttpHeaders.CONTENT_TYPE, "text/plain;charset=utf-8")
                        .body("the download URL is unknown or expired".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    private MethodResult dispatch(GatewayCall call) {
        return switch (call.method()) {
            case "alipay.trade.precreate" -> tradeApi.precreate(call);
            case "alipay.trade.page.pay", "alipay.trade.wap.pay" -> tradeApi.pagePay(call);
            case "alipay.trade.query" -> tradeApi.query(call);
            case "alipay.trade.close" -> tradeApi.close(call);
            case "alipay.trade.refund" -> refundApi.refund(call);
            case "alipay.trade.fastpay.refund.query" -> refundApi.query(call);
            case "alipay.data.dataservice.bill.downloadurl.query" -> bills.downloadUrl(call);
            default -> throw OpenApiError.invalid("isv.invalid-method", "不存在的方法名");
        };
    }

    private ResponseEntity<byte[]> answer(String method, ObjectNode node, Fault fault) {
        if (isPagePay(method)) {
            // The buyer's browser is at the gateway: Alipay shows its error on a page, not as JSON.
            return HtmlAnswer.of(HttpStatus.OK, CashierPage.message("Alipay error",
                    node.path("code").asString() + " " + node.path("sub_code").asString() + ": "
                            + node.path("sub_msg").asString()));
        }
        return OpenApiAnswers.signed(method, node, settings.keys(), fault);
    }

    private static ObjectNode faultAnswer(Fault fault) {
        return OpenApiAnswers.error(fault.code(), fault.subCode(), fault.subMsg());
    }

    private static boolean isPagePay(String method) {
        return "alipay.trade.page.pay".equals(method) || "alipay.trade.wap.pay".equals(method);
    }

    private DeferredResult<ResponseEntity<byte[]>> answerAfter(ResponseEntity<byte[]> answer, long hangMs) {
        DeferredResult<ResponseEntity<byte[]>> result = new DeferredResult<>(hangMs + 10_000);
        if (hangMs == 0 || !scheduler.schedule(() -> result.setResult(answer), hangMs)) {
            result.setResult(answer);
        }
        return result;
    }
}
