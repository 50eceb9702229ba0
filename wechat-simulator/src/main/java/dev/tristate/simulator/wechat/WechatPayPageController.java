package dev.tristate.simulator.wechat;

import dev.tristate.simulator.kit.PayPageShell;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.HtmlUtils;

/**
 * The page a payer sees for an order (what scanning the QR code, opening the H5 URL or calling JSAPI would show):
 * Pay pays it and WeChat Pay notifies the merchant; Fail makes the payment fail at the bank (no notification, as at
 * WeChat Pay); Abandon leaves it unpaid. An H5 URL may carry the merchant's {@code redirect_url}: after Pay or
 * Abandon the payer's browser goes there, as WeChat Pay returns the payer to it once the payment ends (only an
 * absolute http(s) address is followed). The form carries no CSRF token: it changes only the simulator's own orders,
 * and the host permits the simulator's paths without sessions.
 */
@Controller
@RequestMapping("${tristate.wechat-simulator.path-prefix:/simulators/wechat}/pay")
class WechatPayPageController {

    private final WechatTrades trades;
    private final WechatSimulator simulator;

    WechatPayPageController(WechatTrades trades, WechatSimulator simulator) {
        this.trades = trades;
        this.simulator = simulator;
    }

    @GetMapping("/{token}")
    ResponseEntity<byte[]> page(@PathVariable String token,
                                @RequestParam(name = "redirect_url", required = false) String redirectUrl) {
        String back = PayPageShell.isWebAddress(redirectUrl) ? redirectUrl : null;
        return trades.byToken(token).map(trade -> html(HttpStatus.OK, page(trade, token, null, back), back))
                .orElseGet(WechatPayPageController::unknown);
    }

    @PostMapping("/{token}")
    ResponseEntity<byte[]> act(@PathVariable String token,
                               @RequestParam(name = "action", required = false) String action,
                               @RequestParam(name = "redirect_url", required = false) String redirectUrl) {
        String back = PayPageShell.isWebAddress(redirectUrl) ? redirectUrl : null;
        var found = trades.byToken(token);
        if (found.isEmpty()) {
            return unknown();
        }
        WechatTrade trade = found.get();
        boolean done = switch (action == null ? "" : action) {
            case "pay" -> simulator.pay(trade);
            case "fail" -> trades.fail(trade);
            case "abandon" -> true;
            default -> false;
        };
        if (!done) {
            return html(HttpStatus.CONFLICT, page(trade, token, "Nothing was changed: the order is not open, or the "
                    + "action is not pay, fail or abandon.", back), back);
        }
        if (back != null && !"fail".equals(action)) {
            return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(back)).build();
        }
        return html(HttpStatus.OK, page(trade, token, "Done: " + action + ".", back), back);
    }

    private static String page(WechatTrade trade, String token, String message, String back) {
        String state;
        String amount;
        synchronized (trade) {
            state = trade.state.name();
            amount = BigDecimal.valueOf(trade.totalFen, 2).toPlainString() + " " + trade.currency;
        }
        String t = HtmlUtils.htmlEscape(token);
        return "<!doctype html><html><head><meta charset=\"utf-8\"><title>WeChat Pay (simulated)</title></head><body>"
                + "<h1>WeChat Pay (simulated)</h1>"
                + "<p>Merchant " + HtmlUtils.htmlEscape(trade.mchid) + ", order "
                + HtmlUtils.htmlEscape(trade.outTradeNo) + ": " + HtmlUtils.htmlEscape(trade.description) + "</p>"
                + "<p>Pay " + amount + " (" + trade.tradeType + "). State: <b>" + state + "</b></p>"
                + (message == null ? "" : "<p>" + HtmlUtils.htmlEscape(message) + "</p>")
                + "<form method=\"post\" action=\"" + t + "\">"
                + (back == null ? "" : "<input type=\"hidden\" name=\"redirect_url\" value=\""
                        + HtmlUtils.htmlEscape(back) + "\">")
                + "<button name=\"action\" value=\"pay\">Pay</button> "
                + "<button name=\"action\" value=\"fail\">Fail</button> "
                + "<button name=\"action\" value=\"abandon\">Abandon</button></form></body></html>";
    }

    private static ResponseEntity<byte[]> unknown() {
        return html(HttpStatus.NOT_FOUND, "<!doctype html><html><body><h1>Unknown order</h1></body></html>", null);
    }

    /** A browser applies form-action to the redirect after the post too: with a way back, the form may lead there. */
    private static ResponseEntity<byte[]> html(HttpStatus status, String page, String back) {
        return ResponseEntity.status(status)
                .header(HttpHeaders.CONTENT_TYPE, "text/html; charset=UTF-8")
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                        + "frame-ancestors 'none'; base-uri 'none'" + (back == null ? "; form-action 'self'" : ""))
                .body(page.getBytes(StandardCharsets.UTF_8));
    }
}
