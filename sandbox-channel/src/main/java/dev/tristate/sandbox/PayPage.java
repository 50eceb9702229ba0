package dev.tristate.sandbox;

import static dev.tristate.simulator.kit.PayPageShell.escape;

import dev.tristate.sandbox.Trade.TradeSnapshot;
import dev.tristate.simulator.kit.PayPageShell;
import java.math.BigDecimal;

/** The buyer's page of a trade, in the kit's {@link PayPageShell}: the sandbox's texts, colours and refunds. */
final class PayPage {

    static final PayPageShell.Theme THEME = new PayPageShell.Theme("#f4f5f7", "#1b1d21", "#0b5cad", "1.4rem", """
            .success { color: #11703a; } .failed, .closed { color: #a4161a; } .processing { color: #7a5b00; }
            .refund { overflow-wrap: anywhere; }
            """);

    private PayPage() {
    }

    /** The open trade with its three buttons, or the result once the trade is final. */
    static String trade(TradeSnapshot trade, String notice) {
        TradeRegistration registration = trade.registration();
        String amount = amount(registration.amountMinor(), registration.currency());
        PayPageShell page = PayPageShell.of(THEME, "Sandbox payment",
                        "This is the Tristate sandbox channel: no real money moves.")
                .term("Merchant", registration.merchantId())
                .term("Your order", registration.merchantOrderId().isEmpty() ? "-" : registration.merchantOrderId())
                .term("Payment", registration.outTradeNo())
                .term("Description", registration.description().isEmpty() ? "-" : registration.description())
                .amount(amount);
        if (trade.tradeNo() != null) {
            page.term("Trade number", trade.tradeNo());
        }
        page.notice(notice);
        if (trade.status() != null) {
            page.result(trade.status().name().toLowerCase(), resultText(trade.status()));
        }
        if (!trade.refunds().isEmpty()) {
            page.section(refunds(trade));
        }
        if (trade.status() == null || !trade.status().isFinal()) {
            page.payerActions("Pay " + amount, "Fail the payment");
        }
        page.backToShop(registration.returnUrl(), "Back to the shop",
                "The shop gave no return address to link to: go back to it yourself.");
        return page.render("Sandbox payment " + registration.outTradeNo());
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
        return PayPageShell.message(THEME, title, text);
    }

    /** The amount in major units with the currency's own number of minor digits, e.g. 12.34 CNY or 1234 JPY. */
    static String amount(long amountMinor, String currency) {
        int digits = Math.max(0, TradeRegistration.currencyOf(currency).getDefaultFractionDigits());
        return BigDecimal.valueOf(amountMinor, digits).toPlainString() + " " + currency;
    }

    private static String resultText(TradeStatus status) {
        return switch (status) {
            case PROCESSING -> "The payment is processing.";
            case SUCCESS -> "Payment successful.";
            case FAILED -> "The payment failed.";
            case CLOSED -> "The payment was abandoned; the trade is closed.";
        };
    }
}
