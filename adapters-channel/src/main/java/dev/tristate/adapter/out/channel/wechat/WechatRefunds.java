package dev.tristate.adapter.out.channel.wechat;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.payments.nativepay.model.QueryOrderByOutTradeNoRequest;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import dev.tristate.adapter.out.channel.wechat.WechatCalls.Effect;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.Clock;
import java.util.Set;

/**
 * {@code POST /v3/refund/domestic/refunds} ({@code out_refund_no} = the refund id, so asking again refunds once) and
 * {@code GET /v3/refund/domestic/refunds/{out_refund_no}}. WeChat Pay wants the order's total with every refund, so
 * the order is queried first. A refund's own number at WeChat Pay is its {@code refund_id}, as in the bill.
 */
final class WechatRefunds {

    /** Refusals of this refund: nothing was refunded under it, and asking again will not change that. */
    private static final Set<String> REFUSED = Set.of("NOT_ENOUGH", "NOTENOUGH", "USER_ACCOUNT_ABNORMAL",
            "RESOURCE_NOT_EXISTS", "TRADE_OVERDUE", "REFUND_EXCEED", "INVALID_REQUEST", "ORDER_NOT_EXIST",
            "ORDERNOTEXIST");

    private final WechatCalls calls;
    private final WechatGatewaySettings settings;
    private final Clock clock;

    WechatRefunds(WechatCalls calls, WechatGatewaySettings settings, Clock clock) {
        this.calls = calls;
        this.settings = settings;
        this.clock = clock;
    }

    RefundAnswer refund(RefundRequest request, String mchid) {
        if (!"CNY".equals(request.amount().currencyCode())) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "WeChat Pay refunds CNY only", null);
        }
        String what = "the refund " + request.outRefundNo() + " of " + request.outTradeNo();
        return calls.call(mchid, Effect.ACTS, what, merchant -> {
            long total = total(merchant, request.outTradeNo());
            CreateRequest create = new CreateRequest();
            create.setOutTradeNo(request.outTradeNo());
            create.setOutRefundNo(request.outRefundNo());
            if (request.reason() != null && !request.reason().isBlank()) {
                create.setReason(request.reason().length() > 80 ? request.reason().substring(0, 80)
                        : request.reason());
            }
            create.setNotifyUrl(settings.notifyUrl(mchid));
            AmountReq amount = new AmountReq();
            amount.setRefund(request.amount().minor());
            amount.setTotal(total);
            amount.setCurrency("CNY");
            create.setAmount(amount);
            Refund refund;
            try {
                refund = new RefundService.Builder().httpClient(merchant.http()).build().create(create);
            } catch (ServiceException refused) {
                if (REFUSED.contains(refused.getErrorCode())) {
                    return new RefundAnswer.Refused(refused.getErrorCode() + ": " + refused.getErrorMessage(),
                            refused.getResponseBody());
                }
                throw refused;
            }
            return answer(refund, request.outTradeNo(), request.outRefundNo(), what);
        });
    }

    RefundAnswer query(String outTradeNo, String outRefundNo, String mchid) {
        String what = "the query of refund " + outRefundNo + " of " + outTradeNo;
        return calls.call(mchid, Effect.READS, what, merchant -> {
            QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
            request.setOutRefundNo(outRefundNo);
            Refund refund;
            try {
                refund = new RefundService.Builder().httpClient(merchant.http()).build().queryByOutRefundNo(request);
            } catch (ServiceException refused) {
                if ("RESOURCE_NOT_EXISTS".equals(refused.getErrorCode())) {
                    return new RefundAnswer.NotFound(refused.getResponseBody());
                }
                throw refused;
            }
            return answer(refund, outTradeNo, outRefundNo, what);
        });
    }

    /** The order's total in fen, which every refund must repeat. */
    private static long total(WechatCalls.Merchant merchant, String outTradeNo) {
        QueryOrderByOutTradeNoRequest request = new QueryOrderByOutTradeNoRequest();
        request.setMchid(merchant.mchid());
        request.setOutTradeNo(outTradeNo);
        Transaction order = new NativePayService.Builder().httpClient(merchant.http()).build()
                .queryOrderByOutTradeNo(request);
        if (order.getAmount() == null || order.getAmount().getTotal() == null) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "WeChat Pay answered the order " + outTradeNo
                    + " without its total", null);
        }
        return order.getAmount().getTotal();
    }

    private RefundAnswer answer(Refund refund, String outTradeNo, String outRefundNo, String what) {
        String raw = refund.toString();
        if (!outRefundNo.equals(refund.getOutRefundNo()) || !outTradeNo.equals(refund.getOutTradeNo())
                || refund.getStatus() == null || refund.getRefundId() == null || refund.getAmount() == null
                || refund.getAmount().getRefund() == null) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable WeChat Pay answer to " + what, null);
        }
        return switch (refund.getStatus()) {
            case SUCCESS -> new RefundAnswer.Succeeded(refund.getRefundId(),
                    Money.of(refund.getAmount().getRefund(), "CNY"),
                    refund.getSuccessTime() == null ? clock.instant() : WechatTime.parse(refund.getSuccessTime()), raw);
            case PROCESSING -> new RefundAnswer.Processing(raw);
            case ABNORMAL, CLOSED -> new RefundAnswer.Refused("WeChat Pay refund " + refund.getStatus(), raw);
        };
    }
}
