package dev.tristate.simulator.wechat;

import java.security.PrivateKey;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The simulator's controls as a Java API, for tests and hosts: merchants, the platform key (and its rotation), what
 * the payer does, the misbehaviour switches of a trade, forced faults, seeded bills, and how the notifications went.
 */
@Component
public class WechatSimulator {

    /** A Native order's {@code code_url}: WeChat Pay's own scheme, followed by the order's pay-page token. */
    public static final String CODE_URL_PREFIX = "weixin://wxpay/bizpayurl?pr=";
    /** A JSAPI order's {@code prepay_id}, followed by the order's pay-page token. */
    public static final String PREPAY_ID_PREFIX = "wx";

    private final WechatMerchants merchants;
    private final WechatPlatformKeys platform;
    private final WechatTrades trades;
    private final WechatNotifier notifier;
    private final WechatFaults faults;
    private final WechatBills bills;
    private final WechatSimulatorScheduler scheduler;
    private final WechatSimulatorSettings settings;

    WechatSimulator(WechatMerchants merchants, WechatPlatformKeys platform, WechatTrades trades,
                    WechatNotifier notifier, WechatFaults faults, WechatBills bills,
                    WechatSimulatorScheduler scheduler, WechatSimulatorSettings settings) {
        this.merchants = merchants;
        this.platform = platform;
        this.trades = trades;
        this.notifier = notifier;
        this.faults = faults;
        this.bills = bills;
        this.scheduler = scheduler;
        this.settings = settings;
    }

    /** Registers (or replaces) a merchant known without the host's directory. */
    public void register(WechatMerchant merchant) {
        merchants.register(merchant);
    }

    /** The id of the platform key that signs now ({@code Wechatpay-Serial}). */
    public String platformPublicKeyId() {
        return platform.current().id();
    }

    /** The platform public key that verifies what the simulator signs now, base64 of X.509. */
    public String platformPublicKey() {
        return platform.current().publicKey();
    }

    /** A new platform key under {@code newId} signs from now on; answers its public key (base64 of X.509). */
    public String rotatePlatformKey(String newId) {
        return platform.rotate(newId).publicKey();
    }

    /**
     * Certificate mode: from now on the simulator signs with the private key of a platform certificate and names the
     * certificate's serial number (upper-case hexadecimal) in {@code Wechatpay-Serial}, as WeChat Pay does for
     * merchants who verify it with platform certificates. Answers what puts back the key that signed before.
     */
    public Runnable signWithCertificate(String serial, PrivateKey privateKey) {
        WechatPlatformKeys.PlatformKey before = platform.use(serial, privateKey);
        return () -> platform.use(before.id(), before.privateKey());
    }

    /** Where the payer pays an order: the simulator's page for the token in a code_url, h5_url or prepay_id. */
    public String payPageUrl(String codeUrlOrPrepayId) {
        String token = codeUrlOrPrepayId.startsWith(CODE_URL_PREFIX)
                ? codeUrlOrPrepayId.substring(CODE_URL_PREFIX.length())
                : codeUrlOrPrepayId.startsWith(PREPAY_ID_PREFIX)
                ? codeUrlOrPrepayId.substring(PREPAY_ID_PREFIX.length())
                : codeUrlOrPrepayId.substring(codeUrlOrPrepayId.lastIndexOf('/') + 1);
        return settings.baseUrl() + "/pay/" + token;
    }

    /** The payer pays (as on the pay page); false when the order is unknown, paid or closed. */
    public boolean pay(String mchid, String outTradeNo) {
        return trades.find(mchid, outTradeNo).map(this::pay).orElse(false);
    }

    /** The payment fails at the bank; WeChat Pay notifies nothing (the query shows {@code PAYERROR}). */
    public boolean fail(String mchid, String outTradeNo) {
        return trades.find(mchid, outTradeNo).map(trades::fail).orElse(false);
    }

    /** The trade's WeChat Pay order number, once paid. */
    public Optional<String> transactionId(String mchid, String outTradeNo) {
        return trades.find(mchid, outTradeNo).map(trade -> {
            synchronized (trade) {
                return trade.transactionId;
            }
        });
    }

    /** The refund's WeChat Pay refund id. */
    public Optional<String> refundId(String mchid, String outTradeNo, String outRefundNo) {
        return trades.find(mchid, outTradeNo).flatMap(trade -> trade.refund(outRefundNo)).map(r -> r.refundId);
    }

    /** Replaces the switches of the trade (known now or placed later under {@code outTradeNo}: set before paying). */
    public void behaviour(String mchid, String outTradeNo, WechatBehaviour behaviour) {
        WechatTrade trade = trades.find(mchid, outTradeNo).orElseThrow(() -> new IllegalArgumentException(
                "merchant " + mchid + " has no order " + outTradeNo));
        synchronized (trade) {
            trade.behaviour = behaviour;
        }
    }

    /** Arms a fault for the merchant's next matching calls. */
    public void force(String mchid, WechatFault fault) {
        faults.arm(mchid, fault);
    }

    public void clearFaults(String mchid) {
        faults.clear(mchid);
    }

    /** The discrepancies written into the merchant's bill of {@code day}. */
    public void seedBill(String mchid, LocalDate day, WechatBillSeed seed) {
        bills.seed(mchid, day, seed);
    }

    /** The merchant's notifications about one trade (every trade when null), oldest first. */
    public List<WechatNotice> notices(String mchid, String outTradeNo) {
        return notifier.notices(mchid, outTradeNo);
    }

    /** Sends what an out-of-order switch holds back for the trade. */
    public void releaseHeld(String mchid, String outTradeNo) {
        notifier.release(mchid, outTradeNo);
    }

    Optional<WechatMerchant> merchant(String mchid) {
        return merchants.byId(mchid);
    }

    boolean pay(WechatTrade trade) {
        if (!trades.pay(trade)) {
            return false;
        }
        notifier.paid(trade);
        return true;
    }

    /** A refund made (or found again) at the API; a new one that ended is notified, a processing one settles later. */
    WechatTrade.Refund refund(WechatTrade trade, String outRefundNo, long amountFen, long totalFen, String notifyUrl) {
        boolean existed = trade.refund(outRefundNo).isPresent();
        WechatTrade.Refund refund = trades.refund(trade, outRefundNo, amountFen, totalFen, notifyUrl);
        if (existed) {
            return refund;
        }
        if ("PROCESSING".equals(refund.status)) {
            scheduler.schedule(() -> {
                if (trades.settle(trade, refund)) {
                    notifier.refundEnded(trade, refund);
                }
            }, settings.properties().refundSettleMs());
        } else {
            notifier.refundEnded(trade, refund);
        }
        return refund;
    }
}
