package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.PayPageShell;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;

/**
 * The payer's page of a Checkout Session, in the kit's {@link PayPageShell}: it shows the merchant's order number
 * ({@code metadata.out_trade_no}) and the amount in the currency's own digits.
 */
final class PayPage {

    /** Stripe's zero-decimal currencies: their amounts are whole units. */
    private static final Set<String> ZERO_DECIMAL = Set.of("bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga",
            "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf");
    private static final Set<String> THREE_DECIMAL = Set.of("bhd", "jod", "kwd", "omr", "tnd");
    private static final PayPageShell.Theme THEME =
            new PayPageShell.Theme("#f6f9fc", "#1a1f36", "#635bff", "1.3rem", "");

    private PayPage() {
    }

    static String session(SimSession session, String notice) {
        String amount = amount(session.amountTotal, session.currency);
        PayPageShell page = PayPageShell.of(THEME, "Stripe Checkout (simulated)",
                        "This is Tristate's Stripe simulator: no real money moves.")
                .term("Order", session.outTradeNo())
                .term("Item", session.productName)
                .amount(amount)
                .term("Session", session.id)
                .notice(notice)
                .result(null, result(session));
        if ("open".equals(session.status)) {
            page.payerActions("Pay " + amount, "Decline the card");
        }
        return page.render("Checkout " + (session.outTradeNo() == null ? session.id : session.outTradeNo()));
    }

    static String message(String title, String text) {
        return PayPageShell.message(THEME, title, text);
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
}
