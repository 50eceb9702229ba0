package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.HtmlAnswer;
import dev.tristate.simulator.kit.PayerAction;
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
 * The hosted checkout page a session's {@code url} points at. Pay succeeds the payment and sends the payer to the
 * session's {@code success_url}; Decline fails the attempt (the session stays open, as at Stripe, so the payer may
 * try again); Abandon expires the session and sends the payer to its {@code cancel_url}. Without such a URL the
 * payer comes back to this page, which then shows the result. The form carries no CSRF token: it changes only the
 * simulator's own objects, and the host permits the simulator's paths without sessions.
 */
@Controller
@RequestMapping("${tristate.stripe-simulator.path-prefix:/simulators/stripe}/pay")
class StripePayPageController {

    private final StripeBook books;
    private final Checkout checkout;

    StripePayPageController(StripeBook books, Checkout checkout) {
        this.books = books;
        this.checkout = checkout;
    }

    @GetMapping("/{sessionId}")
    ResponseEntity<byte[]> page(@PathVariable String sessionId) {
        return books.accountOfSession(sessionId)
                .map(account -> html(HttpStatus.OK, PayPage.session(checkout.retrieve(account, sessionId), null)))
                .orElseGet(StripePayPageController::unknown);
    }

    @PostMapping("/{sessionId}")
    ResponseEntity<byte[]> act(@PathVariable String sessionId,
                               @RequestParam(name = "action", required = false) String action) {
        Optional<String> account = books.accountOfSession(sessionId);
        if (account.isEmpty()) {
            return unknown();
        }
        PayerAction payerAction = PayerAction.of(action).orElse(null);
        if (payerAction == null) {
            return html(HttpStatus.BAD_REQUEST, PayPage.message("Unknown action", "Choose pay, fail or abandon."));
        }
        if (!checkout.act(account.get(), sessionId, payerAction)) {
            return html(HttpStatus.CONFLICT, PayPage.session(checkout.retrieve(account.get(), sessionId),
                    "This checkout is no longer open; nothing was changed."));
        }
        SimSession session = checkout.retrieve(account.get(), sessionId);
        String next = switch (payerAction) {
            case PAY -> session.successUrl;
            case ABANDON -> session.cancelUrl;
            case FAIL -> null;
        };
        return ResponseEntity.status(HttpStatus.SEE_OTHER)
                .location(URI.create(next == null ? session.url : next.replace("{CHECKOUT_SESSION_ID}", session.id)))
                .build();
    }

    private static ResponseEntity<byte[]> unknown() {
        return html(HttpStatus.NOT_FOUND, PayPage.message("Unknown checkout", "There is no such Checkout Session."));
    }

    /** The payer may be sent on to the merchant's success or cancel URL, so the form may lead anywhere. */
    private static ResponseEntity<byte[]> html(HttpStatus status, String page) {
        return HtmlAnswer.of(status, page, HtmlAnswer.FormTargets.ANY_ORIGIN);
    }
}
