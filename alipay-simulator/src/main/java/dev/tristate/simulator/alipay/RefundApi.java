package dev.tristate.simulator.alipay;

import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code alipay.trade.refund} (partial refunds, dedup by out_request_no, refusal beyond the paid amount) and
 * {@code alipay.trade.fastpay.refund.query} (a refund Alipay never made is a success answer without refund data).
 */
@Component
class RefundApi {

    private final SimulatedTrades trades;

    RefundApi(SimulatedTrades trades) {
        this.trades = trades;
    }

    MethodResult refund(GatewayCall call) {
        call.requireTradeReference();
        long amountFen = call.amountFen("refund_amount");
        String outTradeNo = call.orderNo("out_trade_no").orElse(null);
        SimulatedTrade trade = trades.visible(call.app().appId(), outTradeNo, call.orderNo("trade_no").orElse(null));
        // Alipay's default out_request_no is the trade's own number (one full refund).
        String outRequestNo = call.orderNo("out_request_no").orElse(trade.order().outTradeNo());
        String reason = call.optional("refund_reason").orElse("");
        SimulatedTrade.RefundOutcome outcome = trades.refund(trade, outRequestNo, amountFen, reason);
        ObjectNode answer = OpenApiAnswers.success();
        answer.put("trade_no", trade.tradeNo());
        answer.put("out_trade_no", trade.order().outTradeNo());
        answer.put("buyer_logon_id", TradeApi.BUYER_LOGON_ID);
        answer.put("fund_change", outcome.fundChange() ? "Y" : "N");
        answer.put("refund_fee", Yuan.format(outcome.refundedFen()));
        answer.put("send_back_fee", Yuan.format(outcome.refund().amountFen()));
        answer.put("gmt_refund_pay", ChinaTime.format(outcome.refund().refundedAt()));
        return MethodResult.answer(answer);
    }

    MethodResult query(GatewayCall call) {
        call.requireTradeReference();
        String outRequestNo = call.orderNo("out_request_no").orElseThrow(() -> OpenApiError.business(
                "ACQ.INVALID_PARAMETER", "参数无效: out_request_no is required"));
        SimulatedTrade trade = trades.visible(call.app().appId(), call.orderNo("out_trade_no").orElse(null),
                call.orderNo("trade_no").orElse(null));
        ObjectNode answer = OpenApiAnswers.success();
        trade.refund(outRequestNo).ifPresent(refund -> {
            answer.put("trade_no", trade.tradeNo());
            answer.put("out_trade_no", trade.order().outTradeNo());
            answer.put("out_request_no", refund.outRequestNo());
            answer.put("total_amount", Yuan.format(trade.order().totalFen()));
            answer.put("refund_amount", Yuan.format(refund.amountFen()));
            answer.put("refund_status", "REFUND_SUCCESS");
            if (asked(call.biz(), "gmt_refund_pay")) {
                answer.put("gmt_refund_pay", ChinaTime.format(refund.refundedAt()));
            }
        });
        return MethodResult.answer(answer);
    }

    /** Alipay answers some fields only when {@code query_options} names them. */
    private static boolean asked(JsonNode biz, String option) {
        JsonNode options = biz.get("query_options");
        if (options != null && options.isArray()) {
            for (JsonNode item : options) {
                if (item.isString() && option.equals(item.stringValue())) {
                    return true;
                }
            }
        }
        return false;
    }
}
