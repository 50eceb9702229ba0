package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.TradeSnapshot;
import java.math.BigDecimal;

/**
 * The buyer's page of a trade. It is plain HTML with inline styles (nothing loaded from elsewhere), native buttons
 * in one form (so it works with a keyboard alone), and every value it shows goes through {@link #escape}.
 */
final class PayPage {

    private PayPage() {
    }

    /** The open trade with its three buttons, or the result once the trade is final. */
    static String trade(TradeSnapshot trade, String notice) {
        TradeRegistration registration = trade.registration();
        StringBuilder main = new StringBuilder();
        main.append("<h1>Sandbox payment</h1>\n")
                .append("<p class=\"note\">This is the Tristate sandbox channel: no real money moves.</p>\n")
                .append("<dl>\n")
                .append(term("Merchant", registration.merchantId()))
                .append(term("Order", registration.outTradeNo()))
                .append(term("Description", registration.description().isEmpty() ? "-" : registration.description()))
                .append("<dt>Amount</dt><dd class=\"amount\" id=\"amount\">")
                .append(escape(amount(registration.amountMinor(), registration.currency())))
                .append("</dd>\n");
        if (trade.tradeNo() != null) {
            main.append(term("Trade number", trade.tradeNo()));
        }
        main.append("</dl>\n");
        if (notice != null) {
            main.append("<p class=\"notice\" role=\"alert\">").append(escape(notice)).append("</p>\n");
        }
        if (trade.status() != null) {
            main.append("<p class=\"result ").append(escape(trade.status().name().toLowerCase()))
                    .append("\" id=\"result\" role=\"status\">").append(escape(resultText(trade.status())))
                    .append("</p>\n");
        }
        if (!trade.refunds().isEmpty()) {
            main.append(refunds(trade));
        }
        if (trade.status() == null || !trade.status().isFinal()) {
            // No action attribute: the form posts back to this very URL, wherever the channel is mounted.
            main.append("<form method=\"post\">\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"pay\" autofocus>Pay ")
                    .append(escape(amount(registration.amountMinor(), registration.currency())))
                    .append("</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"fail\">Fail the payment</button>\n")
                    .append("<button type=\"submit\" name=\"action\" value=\"abandon\">Abandon</button>\n")
                    .append("</form>\n");
        }
        return page("Sandbox payment " + registration.outTradeNo(), main.toString());
    }

    /** The trade's refunds, oldest first, each with its number, status and amount (and why, when it failed). */
    private static String refunds(TradeSnapshot trade) {
        StringBuilder list = new StringBuilder("<h2>Refunds</h2>\n<p id=\"refunded\">Refunded: ")
                .append(escape(amount(trade.refundedMinor(), trade.registration().currency()))).append("</p>\n<ul>\n");
        for (Trade.RefundSnapshot refund : trade.refunds()) {
            list.append("<li class=\"refund ").append(escape(refund.status().name().toLowerCase())).append("\">")
                    .append(escape(refund.order().outRefundNo())).append(" (").append(escape(refund.refundNo()))
                    .append("): ").append(escape(refund.status().name())).append(", ")
                    .append(escape(amount(refund.order().amountMinor(), refund.order().currency())));
            if (refund.failReason() != null) {
                list.append(" - ").append(escape(refund.failReason()));
            }
            list.append("</li>\n");
        }
        return list.append("</ul>\n").toString();
    }

    static String message(String title, String text) {
        return page(title, "<h1>" + escape(title) + "</h1>\n<p role=\"alert\">" + escape(text) + "</p>\n");
    }

    /** The amount in major units with the currency's own number of minor digits, e.g. 12.34 CNY or 1234 JPY. */
    static String amount(long amountMinor, String currency) {
        int digits = Math.max(0, TradeRegistration.currencyOf(currency).getDefaultFractionDigits());
        return BigDecimal.valueOf(amountMinor, digits).toPlainString() + " " + currency;
    }

    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
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

    private static String resultText(TradeStatus status) {
        return switch (status) {
            case PROCESSING -> "The payment is processing.";
            case SUCCESS -> "Payment successful.";
            case FAILED -> "The payment failed.";
            case CLOSED -> "The payment was abandoned; the trade is closed.";
        };
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
                h2 { font-size: 1.1rem; }
                .note { color: #555; font-size: .9rem; }
                dl { display: grid; grid-template-columns: max-content 1fr; gap: .4rem 1rem; }
                dt { font-weight: 600; }
                dd { margin: 0; overflow-wrap: anywhere; }
                .amount { font-size: 1.2rem; font-weight: 700; }
                form { display: flex; flex-wrap: wrap; gap: .6rem; margin-top: 1.2rem; }
                button { font: inherit; padding: .55rem 1rem; border-radius: .35rem; border: 1px solid #666;
                         background: #fff; color: #1b1d21; cursor: pointer; }
                button[value=pay] { background: #0b5cad; border-color: #0b5cad; color: #fff; }
                button:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
                .result { font-weight: 700; }
                .success { color: #11703a; } .failed, .closed { color: #a4161a; } .processing { color: #7a5b00; }
                .refund { overflow-wrap: anywhere; }
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
