package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.PayPageShell;

/** The buyer's cashier page, in the kit's {@link PayPageShell}: Alipay's texts and colours. */
final class CashierPage {

    private static final PayPageShell.Theme THEME =
            new PayPageShell.Theme("#f4f5f7", "#1b1d21", "#1677ff", "1.4rem", "");

    private CashierPage() {
    }

    static String trade(SimulatedTrade trade, SimulatedTrade.Status status, String notice) {
        SimulatedTrade.Order order = trade.order();
        String amount = Yuan.format(order.totalFen()) + " CNY";
        PayPageShell page = PayPageShell.of(THEME, "Alipay (simulated)",
                        "This is Tristate's Alipay simulator: no real money moves.")
                .term("Seller", order.sellerId())
                .term("Order", order.outTradeNo())
                .term("Subject", order.subject())
                .amount(amount)
                .term("Trade number", trade.tradeNo())
                .term("Status", status.name())
                .notice(notice);
        if (status == SimulatedTrade.Status.WAIT_BUYER_PAY) {
            page.payerActions("Pay " + amount, "Fail the payment");
        }
        return page.render("Alipay " + order.outTradeNo());
    }

    static String message(String title, String text) {
        return PayPageShell.message(THEME, title, text);
    }
}
