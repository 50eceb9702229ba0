package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/**
 * Alipay through the official SDK (alipay-sdk-java): trades by page, WAP or QR code, the status query, the close,
 * refunds and their query, and the daily bill. The merchant account is the app id; its keys are the owning tenant's,
 * read at each call ({@link AlipayAppKeys}). What every Alipay answer means for the caller is in
 * {@link AlipayCalls}, {@link AlipayTrades}, {@link AlipayRefunds} and {@link AlipayBills}; adapters-channel/README.md
 * tables it. Without a notify URL no trades are created here (no pay methods): a deployment that only queries.
 */
public final class AlipayChannelGateway implements ChannelGateway {

    static final String CHANNEL = "alipay";
    /** The pay methods, the default first: the desktop cashier, the QR code, the mobile-browser cashier. */
    static final List<String> PAY_METHODS = List.of("page", "qr", "wap");

    private final AlipayGatewaySettings settings;
    private final AlipayTrades trades;
    private final AlipayRefunds refunds;
    private final AlipayBills bills;
    private final AlipaySellerIds sellerIds;

    public AlipayChannelGateway(AlipayGatewaySettings settings, AlipayAppKeys keys, AlipaySellerIds sellerIds,
                                Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sellerIds = Objects.requireNonNull(sellerIds, "seller ids");
        AlipayCalls calls = new AlipayCalls(settings, Objects.requireNonNull(keys, "app keys"));
        this.trades = new AlipayTrades(calls, settings, clock);
        this.refunds = new AlipayRefunds(calls, clock);
        this.bills = new AlipayBills(calls, settings, sellerIds);
    }

    /** A gateway for status queries, closes, refunds and bills only (no notify URL, so no trades). */
    public AlipayChannelGateway(String gatewayUrl, AlipayAppKeys keys, Duration connectTimeout, Duration readTimeout,
                                Clock clock) {
        this(new AlipayGatewaySettings(gatewayUrl, null, Duration.ofMinutes(30), connectTimeout, readTimeout), keys,
                AlipaySellerIds.NONE, clock);
    }

    @Override
    public String channel() {
        return CHANNEL;
    }

    @Override
    public List<String> payMethods() {
        return settings.notifyUrlNow() == null ? List.of() : PAY_METHODS;
    }

    @Override
    public PayInstruction registerTrade(Payment payment, String payMethod, String appId) {
        return trades.register(payment, payMethod, appId);
    }

    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String appId) {
        return trades.query(outTradeNo, appId);
    }

    @Override
    public CloseAnswer closeTrade(String outTradeNo, String appId) {
        return trades.close(outTradeNo, appId);
    }

    @Override
    public RefundAnswer refund(RefundRequest request, String appId) {
        return refunds.refund(request, appId);
    }

    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String appId) {
        return refunds.query(outTradeNo, outRefundNo, appId);
    }

    @Override
    public ChannelStatement fetchStatement(LocalDate day, String appId, long maxBytes) {
        return bills.fetch(day, appId, maxBytes);
    }

    /** An uploaded bill: the daily zip as downloaded, or its detail CSV. The account is not known here. */
    @Override
    public List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        return AlipayBills.parse(file, day, null, maxBytes);
    }

    @Override
    public ZoneId statementZone() {
        return AlipayTrades.CHINA;
    }
}
