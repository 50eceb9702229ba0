package dev.tristate.adapter.out.channel.wechat;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * WeChat Pay v3 through the official SDK (wechatpay-java), for one merchant ({@code mchid}) per tenant whose keys are
 * read at each call ({@link WechatMerchantKeys}). The payer pays a Native QR code ({@code native}, the default), an H5
 * page ({@code h5}) or inside WeChat with JSAPI ({@code jsapi}); the payment id is the order's {@code out_trade_no}
 * and the refund id the refund's {@code out_refund_no}, so asking again is answered the same. How each failure is
 * classed: {@link WechatCalls}.
 */
public final class WechatChannelGateway implements ChannelGateway {

    static final String CHANNEL = "wechat";

    private final WechatOrders orders;
    private final WechatRefunds refunds;
    private final WechatStatements statements;

    public WechatChannelGateway(WechatGatewaySettings settings, WechatMerchantKeys keys, Clock clock) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(clock, "clock");
        WechatCalls calls = new WechatCalls(settings, Objects.requireNonNull(keys, "merchant keys"));
        this.orders = new WechatOrders(calls, settings, clock);
        this.refunds = new WechatRefunds(calls, settings, clock);
        this.statements = new WechatStatements(calls);
    }

    @Override
    public String channel() {
        return CHANNEL;
    }

    @Override
    public List<String> payMethods() {
        return List.of(WechatOrders.NATIVE, WechatOrders.H5, WechatOrders.JSAPI);
    }

    @Override
    public PayInstruction registerTrade(Payment payment, String payMethod, String mchid) {
        return orders.place(payment, payMethod, mchid);
    }

    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String mchid) {
        return orders.query(outTradeNo, mchid);
    }

    @Override
    public CloseAnswer closeTrade(String outTradeNo, String mchid) {
        return orders.close(outTradeNo, mchid);
    }

    @Override
    public RefundAnswer refund(RefundRequest request, String mchid) {
        return refunds.refund(request, mchid);
    }

    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String mchid) {
        return refunds.query(outTradeNo, outRefundNo, mchid);
    }

    /** The day's {@code ALL} trade bill (a China day), all or nothing: see {@link WechatStatements}. */
    @Override
    public ChannelStatement fetchStatement(LocalDate day, String mchid, long maxBytes) {
        return statements.fetch(day, mchid, maxBytes);
    }

    /** A trade bill as downloaded from the merchant platform: CSV or gzip, see {@link WechatBillParser}. */
    @Override
    public List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        return WechatStatements.parse(file, day, maxBytes);
    }

    @Override
    public ZoneId statementZone() {
        return WechatTime.CHINA;
    }
}
