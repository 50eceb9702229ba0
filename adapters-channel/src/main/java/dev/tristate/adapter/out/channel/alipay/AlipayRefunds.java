package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.alipay.api.response.AlipayTradeFastpayRefundQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import dev.tristate.adapter.out.channel.alipay.AlipayCalls.Kind;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code alipay.trade.refund} ({@code out_request_no} = the refund id, so asking again refunds once) and
 * {@code alipay.trade.fastpay.refund.query}. A refund has no number of its own at Alipay: it is the trade's
 * {@code trade_no} and the {@code out_request_no}, written {@code <trade_no>:<out_request_no>} here and in the bill.
 */
final class AlipayRefunds {

    /** Refusals of this refund by Alipay: nothing was refunded under it, and asking again will not change that. */
    private static final Set<String> REFUSED = Set.of("ACQ.TRADE_NOT_EXIST", "ACQ.TRADE_STATUS_ERROR",
            "ACQ.TRADE_HAS_FINISHED", "ACQ.TRADE_HAS_CLOSE", "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL",
            "ACQ.SELLER_BALANCE_NOT_ENOUGH", "ACQ.REASON_TRADE_BEEN_FREEZEN", "ACQ.TRADE_NOT_ALLOW_REFUND",
            "ACQ.ONLINE_TRADE_VOUCHER_NOT_ALLOW_REFUND", "ACQ.BUYER_ERROR", "ACQ.REFUND_FEE_ERROR");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AlipayCalls calls;
    private final Clock clock;

    AlipayRefunds(AlipayCalls calls, Clock clock) {
        this.calls = calls;
        this.clock = clock;
    }

    static String refundNo(String tradeNo, String outRequestNo) {
        return tradeNo + ":" + outRequestNo;
    }

    /**
     * {@code fund_change=Y}: refunded now. {@code N}: Alipay did not move money on this call (the refund was made
     * before, or is still under way), which only the refund query can tell, so it is asked.
     */
    RefundAnswer refund(RefundRequest refund, String appId) {
        if (!"CNY".equals(refund.amount().currencyCode())) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "Alipay refunds CNY only", null);
        }
        ObjectNode biz = JSON.createObjectNode();
        biz.put("out_trade_no", refund.outTradeNo());
        biz.put("out_request_no", refund.outRefundNo());
        biz.put("refund_amount", refund.amount().toDecimalString());
        if (refund.reason() != null && !refund.reason().isBlank()) {
            biz.put("refund_reason", refund.reason().length() > 256 ? refund.reason().substring(0, 256)
                    : refund.reason());
        }
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        request.setBizContent(JSON.writeValueAsString(biz));
        String what = "the refund " + refund.outRefundNo() + " of " + refund.outTradeNo();
        AlipayTradeRefundResponse response = calls.execute(request, appId, what);
        String raw = AlipayCalls.raw(response);
        if (!response.isSuccess()) {
            if (REFUSED.contains(response.getSubCode())) {
                return new RefundAnswer.Refused(response.getSubCode() + ": " + response.getSubMsg(), raw);
            }
            // ACQ.DISCORDANT_REPEAT_REQUEST among them: a refund under this out_request_no exists, so not "refused".
            throw AlipayCalls.refusal(response, Kind.ACTS, what);
        }
        if (!refund.outTradeNo().equals(response.getOutTradeNo()) || response.getTradeNo() == null) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + what, null);
        }
        if ("Y".equals(response.getFundChange())) {
            return new RefundAnswer.Succeeded(refundNo(response.getTradeNo(), refund.outRefundNo()), refund.amount(),
                    time(response.getGmtRefundPay()), raw);
        }
        RefundAnswer asked = query(refund.outTradeNo(), refund.outRefundNo(), appId);
        return asked instanceof RefundAnswer.NotFound ? new RefundAnswer.Processing(raw) : asked;
    }

    /**
     * Alipay answers a refund it never made with success and no refund in it; one it made with its amount and,
     * when asked for in {@code query_options}, its time. {@code refund_status} empty or {@code REFUND_SUCCESS} is a
     * refund made.
     */
    RefundAnswer query(String outTradeNo, String outRefundNo, String appId) {
        ObjectNode biz = JSON.createObjectNode();
        biz.put("out_trade_no", outTradeNo);
        biz.put("out_request_no", outRefundNo);
        biz.putArray("query_options").add("gmt_refund_pay");
        AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
        request.setBizContent(JSON.writeValueAsString(biz));
        String what = "the query of refund " + outRefundNo + " of " + outTradeNo;
        AlipayTradeFastpayRefundQueryResponse response = calls.execute(request, appId, what);
        String raw = AlipayCalls.raw(response);
        if (!response.isSuccess()) {
            if ("ACQ.TRADE_NOT_EXIST".equals(response.getSubCode())) {
                return new RefundAnswer.NotFound(raw);
            }
            throw AlipayCalls.refusal(response, Kind.READS, what);
        }
        if (response.getOutRequestNo() == null && response.getRefundAmount() == null) {
            return new RefundAnswer.NotFound(raw);
        }
        String status = response.getRefundStatus();
        if (!outRefundNo.equals(response.getOutRequestNo()) || response.getTradeNo() == null
                || (status != null && !status.isEmpty() && !"REFUND_SUCCESS".equals(status))) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + what + ": refund "
                    + response.getOutRequestNo() + ", status " + status, null);
        }
        try {
            Money amount = Money.parseDecimal(response.getRefundAmount(), Money.currency("CNY"));
            return new RefundAnswer.Succeeded(refundNo(response.getTradeNo(), outRefundNo), amount,
                    time(response.getGmtRefundPay()), raw);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + what, e);
        }
    }

    private Instant time(Date alipayTime) {
        return alipayTime == null ? clock.instant() : alipayTime.toInstant();
    }
}
