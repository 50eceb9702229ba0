package dev.tristate.simulator.alipay;

import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/**
 * The buyer's cashier page: plain HTML with inline styles, native buttons in one form (it works with a keyboard
 * alone), every value escaped.
 */
final class CashierPage {

    private CashierPage() {
    }

    static String trade(SimulatedTrade trade, SimulatedTrade.Status status, String notice) {
        SimulatedTrade.Order order = trade.order();
        StringBuilder main = new StringBuilder("<h1>Alipay (simulated)</h1>\n")
                .append("<p class=\"note\">This is Tristate's Alipay simulator: no real money moves.</p>\n<dl>\n")
                .append(term("Seller", order.sellerId()))
                .append(term("Order", order.outTradeNo()))
                .append(term("Subject", order.subject()))
                .append("<dt>Amount</dt><dd class=\"amount\" id=\"amount\">").append(Yuan.format(order.totalFen()))
                .append(" CNY</dd>\n")
                .append(term("Trade number", trade.tradeNo()))
                .append(term("Status", status.name()))
                .append("</dl>\n");
        if (notice != null) {
            main.append("<p class=\"notice\" role=\"alert\">").append(escape(notice)).append("</p>\n");
        }
        if (status == SimulatedTrade.Status.WAIT_BUYER_PAY) {
            // No action attribute: the form posts back to this very URL, wherever the simulator is mounted.
            main.append("<form method=\"post\">\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"pay\" autofocus>Pay ")
                    .append(Yuan.format(order.totalFen())).append(" CNY</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"fail\">Fail the payment</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"abandon\">Abandon</button>\n")
                    .append("</form>\n");
        }
        return page("Alipay " + order.outTradeNo(), main.toString());
    }

    static String message(String title, String text) {
        return page(title, "<h1>" + escape(title) + "</h1>\n<p role=\"alert\">" + escape(text) + "</p>\n");
    }

    static ResponseEntity<byte[]> html(HttpStatus status, String page) {
        return ResponseEntity.status(status)
                .header(HttpHeaders.CONTENT_TYPE, "text/html; charset=UTF-8")
                .header(HttpHeaders.CACHE_CONTROL, "no-store")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; "
                        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
                .body(page.getBytes(StandardCharsets.UTF_8));
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private static String term(String name, String value) {
        return "<dt>" + escape(name) + "</dt><dd>" + escape(value) + "</dd>\n";
    }

    private static String page(String title, String main) {
        return """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <title>%s</title>
                <style>
                body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1d21; }
                main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff;
                       border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
                h1 { font-size: 1.4rem; margin-top: 0; }
                .note { color: #555; font-size: .9rem; }
                dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
                dt { font-weight: 600; }
                dd { margin: 0; overflow-wrap: anywhere; }
                .amount { font-size: 1.2rem; font-weight: 700; }
                form { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: 1.2rem; }
                button { font: inherit; padding: .55rem 1rem; border-radius: .35rem; border: 1px solid #666;
                         background: #fff; color: #1b1d21; cursor: pointer; }
                button[value=pay] { background: #1677ff; border-color: #1677ff; color: #fff; }
                button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
                .notice { color: #a4161a; }
                </style>
                </head>
                <body>
                <main>
                %s</main>
                </body>
                </html>
                """.formatted(escape(title), main);
    }
}
