package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.domain.payment.RefundAnswer;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The sandbox's refund calls. A refund may have moved money whenever the answer is not clear, so nothing unclear is
 * read as "refused" or "not found": not reached is RETRYABLE; a lost answer, a 5xx or an unreadable answer UNKNOWN.
 */
final class SandboxRefunds {

    private final SandboxHttp http;

    SandboxRefunds(SandboxHttp http) {
        this.http = http;
    }

    /** {@code POST {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds}. */
    RefundAnswer refund(RefundRequest refund, String merchantAccount) {
        Objects.requireNonNull(refund, "refund");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String what = "refund " + refund.outRefundNo() + " of trade " + refund.outTradeNo();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("out_refund_no", refund.outRefundNo());
        body.put("amount_minor", refund.amount().minor());
        body.put("currency", refund.amount().currencyCode());
        body.put("reason", refund.reason() == null ? "" : refund.reason());
        body.put("merchant_id", merchantAccount);
        HttpResponse<byte[]> response = http.postJson(refundsUri(refund.outTradeNo(), ""), body, what, merchantAccount);
        int status = response.statusCode();
        if (status == 200 || status == 201) {
            return SandboxAnswers.refundAnswer(response.body(), refund.outTradeNo(), refund.outRefundNo(), what);
        }
        throw SandboxAnswers.refundFailure(status, response.body(), what);
    }

    /**
     * {@code GET {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds/{out_refund_no}}. 404 with the sandbox's own
     * {@code NOT_FOUND} answer is NotFound; a 404 in any other words (a wrong base URL, a proxy) is UNKNOWN, since it
     * does not say the sandbox never saw the refund.
     */
    RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
        Objects.requireNonNull(outTradeNo, "out_trade_no");
        Objects.requireNonNull(outRefundNo, "out_refund_no");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String what = "the query of refund " + outRefundNo + " of trade " + outTradeNo;
        HttpResponse<byte[]> response = http.get(refundsUri(outTradeNo, "/" + SandboxHttp.segment(outRefundNo)),
                "application/json", what, merchantAccount);
        int status = response.statusCode();
        if (status == 200) {
            return SandboxAnswers.refundAnswer(response.body(), outTradeNo, outRefundNo, what);
        }
        if (status == 404 && SandboxAnswers.isNotFound(response.body())) {
            return new RefundAnswer.NotFound(SandboxAnswers.raw(response.body()));
        }
        throw SandboxAnswers.refundFailure(status, response.body(), what);
    }

    private URI refundsUri(String outTradeNo, String rest) {
        return http.uri("/sandbox-channel/trades/" + SandboxHttp.segment(outTradeNo) + "/refunds" + rest);
    }
}
