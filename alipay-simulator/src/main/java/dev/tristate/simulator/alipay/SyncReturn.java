package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.PayPageShell;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Alipay's synchronous return: after paying on a page or WAP cashier, the buyer's browser goes to the trade's
 * {@code return_url} with the trade's facts in the query, signed like a notification (RSA2 over the sorted parameters
 * but {@code sign} and {@code sign_type}). The shop may show them; only the asynchronous notification is proof.
 */
final class SyncReturn {

    private SyncReturn() {
    }

    /**
     * Where the buyer goes after paying {@code trade}, or null: the trade has no return URL, or none that is an
     * absolute http(s) address (the simulator never sends a browser to a {@code javascript:} URL).
     */
    static String url(SimulatedTrade trade, Instant now, SimulatorKeys keys) {
        SimulatedTrade.Order order = trade.order();
        if (!PayPageShell.isWebAddress(order.returnUrl())) {
            return null;
        }
        Map<String, String> params = new TreeMap<>();
        params.put("app_id", order.appId());
        params.put("auth_app_id", order.appId());
        params.put("charset", "utf-8");
        params.put("method", order.method() + ".return");
        params.put("out_trade_no", order.outTradeNo());
        params.put("seller_id", order.sellerId());
        params.put("timestamp", ChinaTime.format(now));
        params.put("total_amount", Yuan.format(order.totalFen()));
        params.put("trade_no", trade.tradeNo());
        params.put("version", "1.0");
        params.put("sign", keys.sign(OutgoingNotification.signContent(params)));
        params.put("sign_type", "RSA2");
        String query = params.entrySet().stream()
                .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        String base = order.returnUrl();
        int hash = base.indexOf('#');
        String fragment = hash < 0 ? "" : base.substring(hash);
        String address = hash < 0 ? base : base.substring(0, hash);
        return address + (address.contains("?") ? "&" : "?") + query + fragment;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
