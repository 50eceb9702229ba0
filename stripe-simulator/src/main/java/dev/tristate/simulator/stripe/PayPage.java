package dev.tristate.simulator.stripe;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;

/**
 * The payer's page of a Checkout Session: plain HTML with inline styles (nothing loaded from elsewhere), native
 * buttons in one form, every value escaped. It shows the merchant's order number ({@code metadata.out_trade_no}) and
 * the amount in the currency's own digits.
 */
final class PayPage {

    /** Stripe's zero-decimal currencies: their amounts are whole units. */
    private static final Set<String> ZERO_DECIMAL = Set.of("bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga",
            "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf");
    private static final Set<String> THREE_DECIMAL = Set.of("bhd", "jod", "kwd", "omr", "tnd");

    private PayPage() {
    }

    static String session(SimSession session, String notice) {
        StringBuilder main = new StringBuilder()
                .append("<h1>Stripe Checkout (simulated)</h1>\n")
                .append("<p class=\"note\">This is Tristate's Stripe simulator: no real money moves.</p>\n")
                .append("<dl>\n")
                .append(term("Order", session.outTradeNo() == null ? "-" : session.outTradeNo()))
                .append(term("Item", session.productName))
                .append("<dt>Amount</dt><dd class=\"amount\" id=\"amount\">")
                .append(escape(amount(session.amountTotal, session.currency))).append("</dd>\n")
                .append(term("Session", session.id))
                .append("</dl>\n");
        if (notice != null) {
            main.append("<p class=\"notice\" role=\"alert\">").append(escape(notice)).append("</p>\n");
        }
        main.append("<p class=\"result\" id=\"result\" role=\"status\">").append(escape(result(session)))
                .append("</p>\n");
        if ("open".equals(session.status)) {
            // No action attribute: the form posts back to this very URL, wherever the simulator is mounted.
            main.append("<form method=\"post\">\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"pay\" autofocus>Pay ")
                    .append(escape(amount(session.amountTotal, session.currency))).append("</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"fail\">Decline the card</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"abandon\">Abandon</button>\n")
                    .append("</form>\n");
        }
        return page("Checkout " + (session.outTradeNo() == null ? session.id : session.outTradeNo()),
                main.toString());
    }

    static String message(String title, String text) {
        return page(title, "<h1>" + escape(title) + "</h1>\n<p role=\"alert\">" + escape(text) + "</p>\n");
    }

    /** The amount in major units, e.g. 19.99 USD, 1999 JPY, 1.990 KWD. */
    static String amount(long minor, String currency) {
        int digits = ZERO_DECIMAL.contains(currency) ? 0 : THREE_DECIMAL.contains(currency) ? 3 : 2;
        return BigDecimal.valueOf(minor, digits).toPlainString() + " " + currency.toUpperCase(Locale.ROOT);
    }

    private static String result(SimSession session) {
        return switch (session.status) {
            case "complete" -> "Payment successful.";
            case "expired" -> "This checkout expired; nothing was paid.";
            default -> "Waiting for the payer.";
        };
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
        return "<dt>" + escape(name) + "</dt><dd>" + escape(value == null ? "-" : value) + "</dd>\n";
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
                body { font-family: system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
                main { max-width: 28rem; margin: 3rem auto; padding: 1.5rem 2rem; background: #fff;
                       border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
                h1 { font-size: 1.3rem; margin-top: 0; }
                .note { color: #555; font-size: .9rem; }
                dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
                dt { font-weight: 600; }
                dd { margin: 0; overflow-wrap: anywhere; }
                .amount { font-size: 1.2rem; font-weight: 700; }
                form { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: 1.2rem; }
                button { font: inherit; padding: .55rem 1rem; border-radius: .35rem; border: 1px solid #666;
                         background: #fff; color: #1a1f36; cursor: pointer; }
                button[value=pay] { background: #635bff; border-color: #635bff; color: #fff; }
                button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
                .result { font-weight: 700; }
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
