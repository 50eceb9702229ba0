package dev.tristate.simulator.alipay;

import dev.tristate.simulator.alipay.AlipaySimulatorApps.App;
import java.time.LocalDate;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The simulator's Java API, for its host and for tests: who the apps are (when the host has no
 * {@link AlipaySimulatorApps}), the public key its answers and notifications verify with, the misbehaviour switches
 * of a trade, the faults of an app's methods, the buyer's actions without a browser, and the discrepancies of a day's
 * bill. The same switches are settable over HTTP ({@code {prefix}/control/**}, with {@link #controlToken()}).
 */
@Component
public class AlipaySimulator {

    private final SimulatorApps apps;
    private final SimulatedTrades trades;
    private final Faults faults;
    private final Bills bills;
    private final SimulatorSettings settings;

    AlipaySimulator(SimulatorApps apps, SimulatedTrades trades, Faults faults, Bills bills,
                    SimulatorSettings settings) {
        this.apps = apps;
        this.trades = trades;
        this.faults = faults;
        this.bills = bills;
        this.settings = settings;
    }

    /** Makes an app known (or replaces it), for hosts without an {@link AlipaySimulatorApps} bean. */
    public void registerApp(App app) {
        apps.register(app);
    }

    /** "Alipay's public key" (base64 X.509): what a merchant verifies this simulator's answers and notifications with. */
    public String alipayPublicKey() {
        return settings.keys().publicKeyBase64();
    }

    /** The token that {@code Alipay-Simulator-Token} must carry on the HTTP control endpoints. */
    public String controlToken() {
        return settings.controlToken();
    }

    /** The gateway URL to give {@code DefaultAlipayClient}, e.g. {@code http://localhost:8080/simulators/alipay/gateway.do}. */
    public String gatewayUrl() {
        return settings.baseUrl() + "/gateway.do";
    }

    /** Replaces the trade's switches (the trade must have been created). */
    public void behaviour(String appId, String outTradeNo, Behaviour behaviour) {
        trade(appId, outTradeNo).behaviour(behaviour);
    }

    public Behaviour behaviour(String appId, String outTradeNo) {
        return trade(appId, outTradeNo).behaviour();
    }

    /** From now on the app's {@code method} misbehaves as {@code fault} says. */
    public void fault(String appId, String method, Fault fault) {
        if (!GatewayRequests.METHODS.contains(method)) {
            throw new IllegalArgumentException("the simulator has no method " + method);
        }
        faults.set(appId, method, fault);
    }

    public void clearFault(String appId, String method) {
        faults.clear(appId, method);
    }

    public void clearFaults(String appId) {
        faults.clear(appId);
    }

    /** The buyer pays (as the Pay button does); false when the trade was not waiting. */
    public boolean pay(String appId, String outTradeNo) {
        SimulatedTrade trade = trade(appId, outTradeNo);
        trade.touch();
        return trades.pay(trade);
    }

    /** The buyer abandons (as the Abandon button does): the trade closes; false when it was not waiting. */
    public boolean abandon(String appId, String outTradeNo) {
        SimulatedTrade trade = trade(appId, outTradeNo);
        trade.touch();
        return trades.close(trade);
    }

    /** The buyer opened the trade (the cashier page or the QR code) without acting: queries now see it. */
    public void open(String appId, String outTradeNo) {
        trade(appId, outTradeNo).touch();
    }

    /** The refund period is over: the paid trade becomes TRADE_FINISHED and refuses refunds. */
    public void finish(String appId, String outTradeNo) {
        trade(appId, outTradeNo).finish();
    }

    /** The notifications made for the trade, oldest first, with how their delivery went. */
    public List<NotificationView> notifications(String appId, String outTradeNo) {
        return trade(appId, outTradeNo).notifications().stream().map(OutgoingNotification::view).toList();
    }

    /** Writes these discrepancies into the app's bill of {@code day} (China time), replacing earlier ones. */
    public void seedBill(String appId, LocalDate day, BillSeed seed) {
        bills.seed(appId, day, seed);
    }

    /** The bill zip of the app's day as a download would give it now, e.g. to upload by hand or in a test. */
    public byte[] billFile(String appId, LocalDate day) {
        App app = apps.app(appId).orElseThrow(() -> new IllegalArgumentException("no app " + appId));
        return BillFile.zip(app.sellerId(), day, bills.rows(appId, day), settings.clock().instant());
    }

    /** The trade number Alipay gave the trade, as in notifications, queries and the bill. */
    public String tradeNo(String appId, String outTradeNo) {
        return trade(appId, outTradeNo).tradeNo();
    }

    private SimulatedTrade trade(String appId, String outTradeNo) {
        return trades.find(appId, outTradeNo).orElseThrow(() ->
                new IllegalArgumentException("app " + appId + " has no trade " + outTradeNo));
    }
}
