package dev.tristate.simulator.stripe;

import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The part of Stripe's API v1 that Tristate uses, under the simulator's prefix: Checkout Sessions, PaymentIntents,
 * Refunds and balance transactions. Every call arrives authenticated, with its form parameters parsed
 * ({@link ApiFilter}); every answer is the object's JSON or Stripe's error JSON.
 */
@RestController
@RequestMapping("${tristate.stripe-simulator.path-prefix:/simulators/stripe}/v1")
class ApiController {

    private final Checkout checkout;
    private final Intents intents;
    private final Refunds refunds;
    private final Balance balance;
    private final StripeSimulatorSettings settings;

    ApiController(Checkout checkout, Intents intents, Refunds refunds, Balance balance,
                  StripeSimulatorSettings settings) {
        this.checkout = checkout;
        this.intents = intents;
        this.refunds = refunds;
        this.balance = balance;
        this.settings = settings;
    }

    @PostMapping("/checkout/sessions")
    ResponseEntity<byte[]> createSession(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                         @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(checkout.create(account, params).json());
    }

    @GetMapping("/checkout/sessions/{id}")
    ResponseEntity<byte[]> session(@RequestAttribute(ApiFilter.ACCOUNT) String account, @PathVariable String id) {
        return Json.ok(checkout.retrieve(account, id).json());
    }

    @GetMapping("/checkout/sessions")
    ResponseEntity<byte[]> sessions(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                    @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(checkout.list(account, params));
    }

    @PostMapping("/checkout/sessions/{id}/expire")
    ResponseEntity<byte[]> expire(@RequestAttribute(ApiFilter.ACCOUNT) String account, @PathVariable String id) {
        return Json.ok(checkout.expire(account, id).json());
    }

    @PostMapping("/payment_intents")
    ResponseEntity<byte[]> createIntent(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                        @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(intents.create(account, params).json());
    }

    /** Declared before the retrieve, whose {@code {id}} would otherwise take "search". */
    @GetMapping("/payment_intents/search")
    ResponseEntity<byte[]> searchIntents(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                         @RequestAttribute(ApiFilter.PARAMS) Params params) {
        List<Intents.Seen> found = intents.search(account, params);
        hangIf(found.stream().anyMatch(seen -> seen.behaviour().hangRetrieve()));
        return Json.ok(Intents.searchResult(found));
    }

    @GetMapping("/payment_intents/{id}")
    ResponseEntity<byte[]> intent(@RequestAttribute(ApiFilter.ACCOUNT) String account, @PathVariable String id,
                                  @RequestAttribute(ApiFilter.PARAMS) Params params) {
        Intents.Seen seen = intents.retrieve(account, id, params);
        hangIf(seen.behaviour().hangRetrieve());
        return Json.ok(seen.json());
    }

    @PostMapping("/payment_intents/{id}/cancel")
    ResponseEntity<byte[]> cancel(@RequestAttribute(ApiFilter.ACCOUNT) String account, @PathVariable String id,
                                  @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(intents.cancel(account, id, params).json());
    }

    @PostMapping("/refunds")
    ResponseEntity<byte[]> refund(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                  @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(refunds.create(account, params));
    }

    @GetMapping("/refunds/{id}")
    ResponseEntity<byte[]> refund(@RequestAttribute(ApiFilter.ACCOUNT) String account, @PathVariable String id) {
        return Json.ok(refunds.retrieve(account, id));
    }

    @GetMapping("/refunds")
    ResponseEntity<byte[]> refunds(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                   @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(refunds.list(account, params));
    }

    @GetMapping("/balance_transactions")
    ResponseEntity<byte[]> balanceTransactions(@RequestAttribute(ApiFilter.ACCOUNT) String account,
                                               @RequestAttribute(ApiFilter.PARAMS) Params params) {
        return Json.ok(balance.list(account, params));
    }

    /** {@code hang_retrieve}: the answer comes after {@code hang-ms}, holding this request's thread meanwhile. */
    private void hangIf(boolean hang) {
        if (hang) {
            FaultAnswers.hang(settings.hangMs());
        }
    }
}
