package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradePagePayRequest;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.request.AlipayTradeWapPayRequest;
import com.alipay.api.response.AlipayTradeCloseResponse;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import dev.tristate.adapter.out.channel.alipay.AlipayCalls.Kind;
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
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Alipay's trades: creation ({@code page} and {@code wap}: the URL the SDK signs for the buyer's browser; {@code qr}:
 * {@code alipay.trade.precreate}), the status query and the close. Each trade carries {@code time_expire}, so Alipay
 * closes it too when nobody paid in time.
 */
final class AlipayTrades {

    static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter ALIPAY_TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, ChannelTradeStatus> STATUSES = Map.of(
            "WAIT_BUYER_PAY", ChannelTradeStatus.PROCESSING,
            "TRADE_SUCCESS", ChannelTradeStatus.SUCCESS,
            "TRADE_FINISHED", ChannelTradeStatus.SUCCESS,
            "TRADE_CLOSED", ChannelTradeStatus.CLOSED);

    private final AlipayCalls calls;
    private final AlipayGatewaySettings settings;
    private final Clock clock;

    AlipayTrades(AlipayCalls calls, AlipayGatewaySettings settings, Clock clock) {
        this.calls = calls;
        this.settings = settings;
        this.clock = clock;
    }

    PayInstruction register(Payment payment, String payMethod, String appId) {
        if (settings.notifyUrlNow() == null) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "Alipay trades are not created here: "
                    + "tristate.channels.alipay.notify-url is not set", null);
        }
        if (!"CNY".equals(payment.amount().currencyCode())) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "Alipay takes CNY only, not "
                    + payment.amount().currencyCode(), null);
        }
        String outTradeNo = payment.id().value();
        ObjectNode biz = JSON.createObjectNode();
        biz.put("out_trade_no", outTradeNo);
        biz.put("total_amount", payment.amount().toDecimalString());
        biz.put("subject", subject(payment));
        biz.put("time_expire", ALIPAY_TIME.format(payment.createdAt().plus(settings.tradeTimeout()).atZone(CHINA)));
        String what = "the trade " + outTradeNo;
        return switch (payMethod) {
            case "page" -> {
                biz.put("product_code", "FAST_INSTANT_TRADE_PAY");
                AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
                request.setNotifyUrl(settings.notifyUrlNow());
                request.setReturnUrl(returnUrl(payment));
                request.setBizContent(JSON.writeValueAsString(biz));
                yield PayInstruction.redirect("page", calls.pageUrl(request, appId, what));
            }
            case "wap" -> {
                biz.put("product_code", "QUICK_WAP_WAY");
                AlipayTradeWapPayRequest request = new AlipayTradeWapPayRequest();
                request.setNotifyUrl(settings.notifyUrlNow());
                request.setReturnUrl(returnUrl(payment));
                request.setBizContent(JSON.writeValueAsString(biz));
                yield PayInstruction.redirect("wap", calls.pageUrl(request, appId, what));
            }
            case "qr" -> precreate(biz, appId, outTradeNo, what);
            default -> throw new ChannelFailure(OutcomeClass.DEFINITE, "Alipay has no pay method " + payMethod, null);
        };
    }

    /** Where Alipay sends the buyer's browser after paying; null leaves the SDK's parameter out. */
    private static String returnUrl(Payment payment) {
        return payment.returnUrl() == null ? null : payment.returnUrl().value();
    }

    private PayInstruction precreate(ObjectNode biz, String appId, String outTradeNo, String what) {
        AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
        request.setNotifyUrl(settings.notifyUrlNow());
        request.setBizContent(JSON.writeValueAsString(biz));
        AlipayTradePrecreateResponse response = calls.execute(request, appId, what);
        if (!response.isSuccess()) {
            throw AlipayCalls.refusal(response, Kind.ACTS, what);
        }
        if (response.getQrCode() == null || response.getQrCode().isBlank()
                || !outTradeNo.equals(response.getOutTradeNo())) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + what + ": no QR code "
                    + "for this trade", null);
        }
        // Alipay's qr_code is an https link that also opens a pay page in a browser: it is the pay URL too.
        return PayInstruction.qr("qr", response.getQrCode(), response.getQrCode());
    }

    TradeQueryAnswer query(String outTradeNo, String appId) {
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizContent(JSON.writeValueAsString(JSON.createObjectNode().put("out_trade_no", outTradeNo)));
        String what = "the query of " + outTradeNo;
        AlipayTradeQueryResponse response = calls.execute(request, appId, what);
        String raw = AlipayCalls.raw(response);
        if (!response.isSuccess()) {
            if ("ACQ.TRADE_NOT_EXIST".equals(response.getSubCode())) {
                return new TradeQueryAnswer.NotFound(raw);
            }
            throw AlipayCalls.refusal(response, Kind.READS, what);
        }
        ChannelTradeStatus status = STATUSES.get(response.getTradeStatus());
        if (status == null || !outTradeNo.equals(response.getOutTradeNo())) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + outTradeNo + ": status "
                    + response.getTradeStatus() + ", trade " + response.getOutTradeNo(), null);
        }
        try {
            Money amount = Money.parseDecimal(response.getTotalAmount(), Money.currency("CNY"));
            ChannelTxnId tradeNo = response.getTradeNo() == null ? null : new ChannelTxnId(response.getTradeNo());
            Instant eventTime = response.getSendPayDate() == null ? clock.instant()
                    : response.getSendPayDate().toInstant();
            return new TradeQueryAnswer.Found(new ChannelReport(status, amount, tradeNo, eventTime), raw);
        } catch (IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + outTradeNo + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * {@code alipay.trade.close}. {@code ACQ.TRADE_NOT_EXIST}: Alipay never saw the trade act (nobody opened it, so
     * nobody paid). {@code ACQ.TRADE_STATUS_ERROR} is answered for a trade closed before and for a paid one alike, so
     * the trade is queried to tell them apart; when that query gives no answer the trade is "not closable" and the
     * caller queries it itself.
     */
    CloseAnswer close(String outTradeNo, String appId) {
        AlipayTradeCloseRequest request = new AlipayTradeCloseRequest();
        request.setBizContent(JSON.writeValueAsString(JSON.createObjectNode().put("out_trade_no", outTradeNo)));
        String what = "the close of " + outTradeNo;
        AlipayTradeCloseResponse response = calls.execute(request, appId, what);
        String raw = AlipayCalls.raw(response);
        if (response.isSuccess()) {
            if (!outTradeNo.equals(response.getOutTradeNo())) {
                throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + what + ": trade "
                        + response.getOutTradeNo(), null);
            }
            return new CloseAnswer.Closed(raw);
        }
        return switch (String.valueOf(response.getSubCode())) {
            case "ACQ.TRADE_NOT_EXIST" -> new CloseAnswer.NotFound(raw);
            case "ACQ.TRADE_STATUS_ERROR" -> closedBefore(outTradeNo, appId, raw);
            default -> throw AlipayCalls.refusal(response, Kind.ACTS, what);
        };
    }

    private CloseAnswer closedBefore(String outTradeNo, String appId, String raw) {
        try {
            if (query(outTradeNo, appId) instanceof TradeQueryAnswer.Found found
                    && found.report().status() == ChannelTradeStatus.CLOSED) {
                return new CloseAnswer.Closed(raw);
            }
        } catch (ChannelFailure unclear) {
            // falls through: the caller queries the trade itself
        }
        return new CloseAnswer.NotClosable("Alipay will not close the trade (ACQ.TRADE_STATUS_ERROR): it is paid "
                + "or otherwise final", raw);
    }

    /** Alipay's subject: at most 256 characters, none of {@code / = &}. */
    private static String subject(Payment payment) {
        String text = payment.description().isBlank() ? payment.sku() : payment.description();
        String cleaned = text.replaceAll("[/=&\\p{Cntrl}]", " ").strip();
        cleaned = cleaned.isEmpty() ? payment.merchantOrderId().value() : cleaned;
        return cleaned.length() > 256 ? cleaned.substring(0, 256) : cleaned;
    }
}
