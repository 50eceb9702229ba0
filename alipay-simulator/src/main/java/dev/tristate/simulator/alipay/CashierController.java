package dev.tristate.simulator.alipay;

import dev.tristate.simulator.kit.HtmlAnswer;
import dev.tristate.simulator.kit.PayPageShell;
import dev.tristate.simulator.kit.PayerAction;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The cashier: where page and WAP pay send the buyer and what a QR code points to. Opening it makes the trade known
 * to the merchant's queries (as scanning a code does at Alipay). Pay succeeds the trade and sends the buyer to the
 * trade's {@code return_url} ({@link SyncReturn}), or back to the cashier without one; Fail leaves it waiting (a
 * failed attempt; the buyer may try again, and Alipay notifies nothing), Abandon closes it. Its form carries no CSRF
 * token: it changes only the simulator's own trades.
 */
@Controller
@RequestMapping("${tristate.alipay-simulator.path-prefix:/simulators/alipay}/cashier")
class CashierController {

    private final SimulatedTrades trades;
    private final SimulatorSettings settings;

    CashierController(SimulatedTrades trades, SimulatorSettings settings) {
        this.trades = trades;
        this.settings = settings;
    }

    @GetMapping("/{tradeNo}")
    ResponseEntity<byte[]> page(@PathVariable String tradeNo) {
        return trades.byTradeNo(tradeNo).map(trade -> {
            trade.touch();
            return page(trade, HttpStatus.OK, CashierPage.trade(trade, trade.status(settings.clock().instant()), null));
        }).orElseGet(CashierController::unknownTrade);
    }

    @PostMapping("/{tradeNo}")
    ResponseEntity<byte[]> act(@PathVariable String tradeNo,
                               @RequestParam(name = "action", required = false) String action,
                               HttpServletRequest request) {
        SimulatedTrade trade = trades.byTradeNo(tradeNo).orElse(null);
        if (trade == null) {
            return unknownTrade();
        }
        trade.touch();
        Optional<PayerAction> payerAction = PayerAction.of(action);
        boolean done = payerAction.map(chosen -> switch (chosen) {
            case PAY -> trades.pay(trade);
            case ABANDON -> trades.close(trade);
            case FAIL -> true;
        }).orElse(false);
        SimulatedTrade.Status status = trade.status(settings.clock().instant());
        if (!done) {
            return page(trade, HttpStatus.CONFLICT, CashierPage.trade(trade, status,
                    "Nothing was changed: choose pay, fail or abandon while the trade is waiting."));
        }
        if (payerAction.get() == PayerAction.FAIL) {
            return page(trade, HttpStatus.OK, CashierPage.trade(trade, status,
                    "The payment failed; the trade is still waiting for payment."));
        }
        String back = payerAction.get() == PayerAction.PAY
                ? SyncReturn.url(trade, settings.clock().instant(), settings.keys()) : null;
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(back != null ? back : request.getRequestURI())).build();
    }

    /**
     * The cashier of {@code trade}. Paying sends the browser on to the shop's return URL when the trade has one, and
     * a browser applies the page's form-action policy to that redirect too: only then may the form lead elsewhere.
     */
    private static ResponseEntity<byte[]> page(SimulatedTrade trade, HttpStatus status, String html) {
        return HtmlAnswer.of(status, html, PayPageShell.isWebAddress(trade.order().returnUrl())
                ? HtmlAnswer.FormTargets.ANY_ORIGIN : HtmlAnswer.FormTargets.SAME_ORIGIN);
    }

    private static ResponseEntity<byte[]> unknownTrade() {
        return HtmlAnswer.of(HttpStatus.NOT_FOUND, CashierPage.message("Unknown trade", "Alipay has no such trade."));
    }
}
