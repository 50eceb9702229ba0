package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.TradeSnapshot;
import dev.tristate.simulator.kit.HtmlAnswer;
import dev.tristate.simulator.kit.PayerAction;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The pay page. Its form carries no CSRF token: it changes only the channel's own fake trades, and the host permits
 * {@code /sandbox-channel/**} without sessions. After an action the browser is redirected back to the page
 * (post/redirect/get), which then shows the result.
 * <p>
 * The page behaves like a buyer-facing checkout: once a trade is final, a different action is refused (409). The
 * {@code /events} API is the place to make the channel misbehave.
 */
@Controller
@RequestMapping("/sandbox-channel/pay")
class PayPageController {

    private static final Map<PayerAction, TradeStatus> ACTIONS = Map.of(
            PayerAction.PAY, TradeStatus.SUCCESS,
            PayerAction.FAIL, TradeStatus.FAILED,
            PayerAction.ABANDON, TradeStatus.CLOSED);

    private final SandboxTrades trades;

    PayPageController(SandboxTrades trades) {
        this.trades = trades;
    }

    @GetMapping("/{outTradeNo}")
    ResponseEntity<byte[]> page(@PathVariable String outTradeNo) {
        return trades.find(outTradeNo)
                .map(trade -> HtmlAnswer.of(HttpStatus.OK, PayPage.trade(trade.snapshot(), null)))
                .orElseGet(() -> unknownTrade());
    }

    @PostMapping("/{outTradeNo}")
    ResponseEntity<byte[]> act(@PathVariable String outTradeNo,
                               @RequestParam(name = "action", required = false) String action,
                               HttpServletRequest request) {
        Trade trade = trades.find(outTradeNo).orElse(null);
        if (trade == null) {
            return unknownTrade();
        }
        TradeStatus target = PayerAction.of(action).map(ACTIONS::get).orElse(null);
        if (target == null) {
            return HtmlAnswer.of(HttpStatus.BAD_REQUEST, PayPage.message("Unknown action",
                    "Choose pay, fail or abandon."));
        }
        synchronized (trade) {
            TradeSnapshot current = trade.snapshot();
            if (current.status() != null && current.status().isFinal() && current.status() != target) {
                return HtmlAnswer.of(HttpStatus.CONFLICT, PayPage.trade(current,
                        "This trade is already final; nothing was changed."));
            }
            trades.changeStatus(trade, target);
        }
        return ResponseEntity.status(HttpStatus.SEE_OTHER).location(URI.create(request.getRequestURI())).build();
    }

    private static ResponseEntity<byte[]> unknownTrade() {
        return HtmlAnswer.of(HttpStatus.NOT_FOUND, PayPage.message("Unknown trade", "The channel has no such trade."));
    }
}
