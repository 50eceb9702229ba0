package dev.tristate.adapter.out.channel.wechat;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.h5.H5Service;
import com.wechat.pay.java.service.payments.h5.model.H5Info;
import com.wechat.pay.java.service.payments.h5.model.SceneInfo;
import com.wechat.pay.java.service.payments.jsapi.JsapiServiceExtension;
import com.wechat.pay.java.service.payments.jsapi.model.Payer;
import com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.NativePayService;
import com.wechat.pay.java.service.payments.nativepay.model.Amount;
import com.wechat.pay.java.service.payments.nativepay.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import com.wechat.pay.java.service.payments.nativepay.model.QueryOrderByOutTradeNoRequest;
import dev.tristate.adapter.out.channel.wechat.WechatCalls.Effect;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Orders at WeChat Pay: Native ({@code code_url}), H5 ({@code h5_url}) and JSAPI ({@code prepay_id} and the signed
 * parameters for {@code WeixinJSBridge}), each with {@code out_trade_no} = the payment id and an expiry from the
 * payment's creation, so that placing the same order again is answered the same; the query by {@code out_trade_no};
 * the close.
 */
final class WechatOrders {

    static final String NATIVE = "native";
    static final String H5 = "h5";
    static final String JSAPI = "jsapi";
    /** WeChat Pay's rule for {@code out_trade_no}; payment ids ({@code pay_} and 26 characters) keep it. */
    private static final Pattern OUT_TRADE_NO = Pattern.compile("[0-9A-Za-z_\\-|*]{6,32}");
    private static final Set<String> NOT_FOUND = Set.of("ORDER_NOT_EXIST", "ORDERNOTEXIST");
    private static final Set<String> PAID = Set.of("ORDERPAID", "ORDER_PAID", "TRADE_STATE_ERROR");
    private static final Map<Transaction.TradeStateEnum, ChannelTradeStatus> STATES = Map.of(
            Transaction.TradeStateEnum.SUCCESS, ChannelTradeStatus.SUCCESS,
            Transaction.TradeStateEnum.REFUND, ChannelTradeStatus.SUCCESS,
            Transaction.TradeStateEnum.NOTPAY, ChannelTradeStatus.PROCESSING,
            Transaction.TradeStateEnum.USERPAYING, ChannelTradeStatus.PROCESSING,
            Transaction.TradeStateEnum.ACCEPT, ChannelTradeStatus.PROCESSING,
            Transaction.TradeStateEnum.CLOSED, ChannelTradeStatus.CLOSED,
            Transaction.TradeStateEnum.REVOKED, ChannelTradeStatus.CLOSED,
            Transaction.TradeStateEnum.PAYERROR, ChannelTradeStatus.FAILED);

    private final WechatCalls calls;
    private final WechatGatewaySettings settings;
    private final Clock clock;

    WechatOrders(WechatCalls calls, WechatGatewaySettings settings, Clock clock) {
        this.calls = calls;
        this.settings = settings;
        this.clock = clock;
    }

    PayInstruction place(Payment payment, String payMethod, String mchid) {
        String outTradeNo = payment.id().value();
        if (!OUT_TRADE_NO.matcher(outTradeNo).matches()) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "payment id " + outTradeNo + " is not a WeChat Pay "
                    + "out_trade_no (6 to 32 of 0-9 A-Z a-z _ - | *)", null);
        }
        if (!"CNY".equals(payment.amount().currencyCode()) || payment.amount().minor() > Integer.MAX_VALUE) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "WeChat Pay takes CNY up to " + Integer.MAX_VALUE
                    + " fen; payment " + outTradeNo + " is " + payment.amount(), null);
        }
        String what = "the " + payMethod + " order of " + outTradeNo;
        return calls.call(mchid, Effect.ACTS, what, merchant -> switch (payMethod) {
            case NATIVE -> {
                String codeUrl = new NativePayService.Builder().httpClient(merchant.http()).build()
                        .prepay(nativeOrder(payment, merchant)).getCodeUrl();
                yield PayInstruction.qr(NATIVE, required(codeUrl, what), null);
            }
            case H5 -> {
                String h5Url = new H5Service.Builder().httpClient(merchant.http()).build()
                        .prepay(h5Order(payment, merchant)).getH5Url();
                yield PayInstruction.redirect(H5, withRedirect(required(h5Url, what), payment));
            }
            case JSAPI -> {
                PrepayWithRequestPaymentResponse js = new JsapiServiceExtension.Builder().config(merchant.config())
                        .httpClient(merchant.http()).build().prepayWithRequestPayment(jsapiOrder(payment, merchant));
                yield new PayInstruction(JSAPI, null, null, null, Map.of("appId", js.getAppId(),
                        "timeStamp", js.getTimeStamp(), "nonceStr", js.getNonceStr(),
                        "package", required(js.getPackageVal(), what), "signType", js.getSignType(),
                        "paySign", js.getPaySign()));
            }
            default -> throw new ChannelFailure(OutcomeClass.DEFINITE, "WeChat Pay offers the pay methods native, "
                    + "h5 and jsapi, not " + payMethod, null);
        });
    }

    TradeQueryAnswer query(String outTradeNo, String mchid) {
        String what = "the query of " + outTradeNo;
        return calls.call(mchid, Effect.READS, what, merchant -> {
            QueryOrderByOutTradeNoRequest request = new QueryOrderByOutTradeNoRequest();
            request.setMchid(mchid);
            request.setOutTradeNo(outTradeNo);
            Transaction transaction;
            try {
                transaction = new NativePayService.Builder().httpClient(merchant.http()).build()
                        .queryOrderByOutTradeNo(request);
            } catch (ServiceException refused) {
                if (NOT_FOUND.contains(refused.getErrorCode())) {
                    return new TradeQueryAnswer.NotFound(refused.getResponseBody());
                }
                throw refused;
            }
            String raw = transaction.toString();
            try {
                return new TradeQueryAnswer.Found(report(transaction, outTradeNo, mchid), raw);
            } catch (IllegalArgumentException | NullPointerException unreadable) {
                throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable WeChat Pay answer to " + what + ": "
                        + unreadable.getMessage(), unreadable);
            }
        });
    }

    CloseAnswer close(String outTradeNo, String mchid) {
        return calls.call(mchid, Effect.ACTS, "the close of " + outTradeNo, merchant -> {
            CloseOrderRequest request = new CloseOrderRequest();
            request.setMchid(mchid);
            request.setOutTradeNo(outTradeNo);
            try {
                new NativePayService.Builder().httpClient(merchant.http()).build().closeOrder(request);
                return new CloseAnswer.Closed("204 No Content");
            } catch (ServiceException refused) {
                if (NOT_FOUND.contains(refused.getErrorCode())) {
                    return new CloseAnswer.NotFound(refused.getResponseBody());
                }
                if (PAID.contains(refused.getErrorCode())) {
                    return new CloseAnswer.NotClosable(refused.getErrorCode() + ": " + refused.getErrorMessage(),
                            refused.getResponseBody());
                }
                throw refused;
            }
        });
    }

    private ChannelReport report(Transaction t, String outTradeNo, String mchid) {
        if (!outTradeNo.equals(t.getOutTradeNo()) || !mchid.equals(t.getMchid()) || t.getTradeState() == null) {
            throw new IllegalArgumentException("the answer is about " + t.getMchid() + "/" + t.getOutTradeNo()
                    + " in state " + t.getTradeState());
        }
        ChannelTradeStatus status = STATES.get(t.getTradeState());
        Money amount = Money.of(t.getAmount().getTotal(), t.getAmount().getCurrency() == null ? "CNY"
                : t.getAmount().getCurrency());
        ChannelTxnId txn = t.getTransactionId() == null ? null : new ChannelTxnId(t.getTransactionId());
        if (status == ChannelTradeStatus.SUCCESS && txn == null) {
            throw new IllegalArgumentException("a paid order without transaction_id");
        }
        return new ChannelReport(status, amount, txn,
                t.getSuccessTime() == null ? clock.instant() : WechatTime.parse(t.getSuccessTime()));
    }

    private PrepayRequest nativeOrder(Payment payment, WechatCalls.Merchant merchant) {
        PrepayRequest order = new PrepayRequest();
        order.setAppid(merchant.keys().appId());
        order.setMchid(merchant.mchid());
        order.setDescription(description(payment));
        order.setOutTradeNo(payment.id().value());
        order.setTimeExpire(expiry(payment));
        order.setNotifyUrl(settings.notifyUrl(merchant.mchid()));
        Amount amount = new Amount();
        amount.setTotal((int) payment.amount().minor());
        amount.setCurrency("CNY");
        order.setAmount(amount);
        return order;
    }

    private com.wechat.pay.java.service.payments.h5.model.PrepayRequest h5Order(Payment payment,
                                                                               WechatCalls.Merchant merchant) {
        var order = new com.wechat.pay.java.service.payments.h5.model.PrepayRequest();
        order.setAppid(merchant.keys().appId());
        order.setMchid(merchant.mchid());
        order.setDescription(description(payment));
        order.setOutTradeNo(payment.id().value());
        order.setTimeExpire(expiry(payment));
        order.setNotifyUrl(settings.notifyUrl(merchant.mchid()));
        var amount = new com.wechat.pay.java.service.payments.h5.model.Amount();
        amount.setTotal((int) payment.amount().minor());
        amount.setCurrency("CNY");
        order.setAmount(amount);
        SceneInfo scene = new SceneInfo();
        scene.setPayerClientIp(settings.h5PayerIp());
        H5Info h5 = new H5Info();
        h5.setType("Wap");
        scene.setH5Info(h5);
        order.setSceneInfo(scene);
        return order;
    }

    /** JSAPI pays inside WeChat: the payment's {@code user_id} is the payer's openid under the merchant's app id. */
    private com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest jsapiOrder(Payment payment,
                                                                                     WechatCalls.Merchant merchant) {
        var order = new com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest();
        order.setAppid(merchant.keys().appId());
        order.setMchid(merchant.mchid());
        order.setDescription(description(payment));
        order.setOutTradeNo(payment.id().value());
        order.setTimeExpire(expiry(payment));
        order.setNotifyUrl(settings.notifyUrl(merchant.mchid()));
        var amount = new com.wechat.pay.java.service.payments.jsapi.model.Amount();
        amount.setTotal((int) payment.amount().minor());
        amount.setCurrency("CNY");
        order.setAmount(amount);
        Payer payer = new Payer();
        payer.setOpenid(payment.userId());
        order.setPayer(payer);
        return order;
    }

    private String expiry(Payment payment) {
        return WechatTime.format(payment.createdAt().plus(settings.orderExpiry()));
    }

    /** WeChat Pay's {@code description} is at most 127 characters. */
    private static String description(Payment payment) {
        String d = payment.description() == null || payment.description().isBlank() ? payment.sku()
                : payment.description();
        return d.length() > 127 ? d.substring(0, 127) : d;
    }

    /**
     * The h5_url with the payment's return address as {@code redirect_url} (URL-encoded), where WeChat Pay sends the
     * payer's browser after the payment, as WeChat Pay documents for H5; without an address, the h5_url as answered.
     */
    static String withRedirect(String h5Url, Payment payment) {
        if (payment.returnUrl() == null) {
            return h5Url;
        }
        return h5Url + (h5Url.contains("?") ? "&" : "?") + "redirect_url="
                + URLEncoder.encode(payment.returnUrl().value(), StandardCharsets.UTF_8);
    }

    private static String required(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "WeChat Pay answered " + what + " without how to pay",
                    null);
        }
        return value;
    }
}
