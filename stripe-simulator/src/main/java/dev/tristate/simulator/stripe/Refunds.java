package dev.tristate.simulator.stripe;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Refunds of a succeeded PaymentIntent's charge. Pending and succeeded refunds count against the charge, so the
 * refunds of a payment never add up to more than it; asking for more is {@code amount_too_large}, asking again once
 * all is refunded {@code charge_already_refunded}. The trade's switches make a new refund {@code pending} (it
 * succeeds after {@code refund-settle-ms}) or {@code failed}.
 */
@Component
class Refunds {

    private static final Set<String> REASONS = Set.of("duplicate", "fraudulent", "requested_by_customer");

    private final StripeBook books;
    private final StripeSimulatorSettings settings;
    private final Webhooks webhooks;
    private final Balance balance;
    private final StripeSimulatorScheduler scheduler;

    Refunds(StripeBook books, StripeSimulatorSettings settings, Webhooks webhooks, Balance balance,
            StripeSimulatorScheduler scheduler) {
        this.books = books;
        this.settings = settings;
        this.webhooks = webhooks;
        this.balance = balance;
        this.scheduler = scheduler;
    }

    ObjectNode create(String account, Params params) {
        String intentId = params.requiredString("payment_intent");
        String reason = params.string("reason");
        if (reason != null && !REASONS.contains(reason)) {
            throw StripeApiError.invalid("reason", "Invalid reason: must be one of " + REASONS);
        }
        AccountBook book = books.of(account);
        synchronized (book) {
            SimIntent intent = book.intent(intentId, "payment_intent");
            if (!"succeeded".equals(intent.status)) {
                throw StripeApiError.state("charge_not_refundable", "This PaymentIntent (" + intentId + ") does not "
                        + "have a successful charge to refund.", "payment_intent");
            }
            SimCharge charge = book.charges.get(intent.latestChargeId);
            long held = book.refunds.values().stream()
                    .filter(refund -> refund.chargeId != null && refund.chargeId.equals(charge.id))
                    .filter(SimRefund::holdsAmount).mapToLong(refund -> refund.amount).sum();
            long left = charge.amount - held;
            if (left <= 0) {
                throw StripeApiError.state("charge_already_refunded", "Charge " + charge.id
                        + " has already been refunded.", null);
            }
            Long asked = params.longValue("amount");
            long amount = asked == null ? left : asked;
            if (amount < 1) {
                throw StripeApiError.invalid("amount", "Invalid positive integer");
            }
            if (amount > left) {
                throw StripeApiError.state("amount_too_large", "Refund amount (" + amount + ") is greater than "
                        + "unrefunded amount on charge (" + left + ")", "amount");
            }
            Behaviour behaviour = book.behaviour(intent.outTradeNo());
            String status = behaviour.refundFail() ? "failed" : behaviour.refundPending() ? "pending" : "succeeded";
            SimRefund refund = new SimRefund(Ids.next("re"), intent.id, charge.id, amount, charge.currency, reason,
                    params.metadata("metadata"), settings.nowSeconds(), status);
            book.refunds.put(refund.id, refund);
            List<Webhooks.Change> changes = new ArrayList<>();
            changes.add(new Webhooks.Change("refund.created", refund.json()));
            switch (status) {
                case "failed" -> {
                    refund.failureReason = "declined";
                    changes.add(new Webhooks.Change("refund.failed", refund.json()));
                }
                case "succeeded" -> changes.addAll(succeeded(book, refund, charge, behaviour));
                default -> scheduler.schedule(() -> settle(account, refund.id), settings.refundSettleMs());
            }
            webhooks.emit(account, intent.outTradeNo(), behaviour, changes);
            return refund.json();
        }
    }

    ObjectNode retrieve(String account, String id) {
        AccountBook book = books.of(account);
        synchronized (book) {
            return book.refund(id).json();
        }
    }

    /** {@code GET /v1/refunds}: {@code payment_intent}, {@code charge}, pagination. */
    ObjectNode list(String account, Params params) {
        String intent = params.string("payment_intent");
        String charge = params.string("charge");
        AccountBook book = books.of(account);
        synchronized (book) {
            if (intent != null) {
                book.intent(intent, "payment_intent");
            }
            List<SimRefund> matching = book.refunds.values().stream()
                    .filter(refund -> intent == null || intent.equals(refund.intentId))
                    .filter(refund -> charge == null || charge.equals(refund.chargeId))
                    .toList();
            return Listing.page("/v1/refunds", matching, refund -> refund.id, refund -> refund.created,
                    SimRefund::json, params);
        }
    }

    private void settle(String account, String refundId) {
        AccountBook book = books.of(account);
        synchronized (book) {
            SimRefund refund = book.refunds.get(refundId);
            if (refund == null || !"pending".equals(refund.status)) {
                return;
            }
            SimCharge charge = book.charges.get(refund.chargeId);
            Behaviour behaviour = book.behaviour(book.outTradeNoOfIntent(refund.intentId));
            refund.status = "succeeded";
            List<Webhooks.Change> changes = new ArrayList<>(succeeded(book, refund, charge, behaviour));
            changes.add(0, new Webhooks.Change("refund.updated", refund.json()));
            webhooks.emit(account, book.outTradeNoOfIntent(refund.intentId), behaviour, changes);
        }
    }

    private List<Webhooks.Change> succeeded(AccountBook book, SimRefund refund, SimCharge charge,
                                            Behaviour behaviour) {
        charge.amountRefunded += refund.amount;
        balance.recordRefund(book, refund, behaviour, settings.nowSeconds());
        return List.of(new Webhooks.Change("charge.refunded", charge.json(behaviour.reported(charge.amount))));
    }
}
