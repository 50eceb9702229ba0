package dev.tristate.simulator.stripe;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * PaymentIntents: created directly (an integration other than Checkout), retrieved, searched by metadata, canceled.
 * An intent of an open Checkout Session is not canceled directly: Stripe asks to expire the session instead.
 */
@Component
class Intents {

    static final Set<String> CANCELABLE = Set.of("requires_payment_method", "requires_capture",
            "requires_confirmation", "requires_action", "processing");
    /** The one search this simulator understands: {@code metadata['key']:'value'}. */
    private static final Pattern METADATA_QUERY = Pattern.compile("\\s*metadata\\['([^']{1,40})'\\]:'([^']*)'\\s*");

    private final StripeBook books;
    private final StripeSimulatorSettings settings;
    private final Webhooks webhooks;

    Intents(StripeBook books, StripeSimulatorSettings settings, Webhooks webhooks) {
        this.books = books;
        this.settings = settings;
        this.webhooks = webhooks;
    }

    /** A view of an intent with the switches of its trade, which decide what amount it reports and whether it hangs. */
    record Seen(ObjectNode json, Behaviour behaviour) {
    }

    Seen create(String account, Params params) {
        long amount = params.requiredLong("amount");
        String currency = params.requiredString("currency");
        if (amount < 1 || !currency.matches("[a-z]{3}")) {
            throw StripeApiError.invalid(amount < 1 ? "amount" : "currency", "Invalid amount or currency.");
        }
        SimIntent intent = new SimIntent(Ids.next("pi"), account, amount, currency, params.string("description"),
                params.metadata("metadata"), settings.nowSeconds(), null);
        AccountBook book = books.of(account);
        synchronized (book) {
            book.intents.put(intent.id, intent);
            return seen(book, intent, List.of());
        }
    }

    Seen retrieve(String account, String id, Params params) {
        AccountBook book = books.of(account);
        synchronized (book) {
            return seen(book, book.intent(id, "intent"), params.strings("expand"));
        }
    }

    /** {@code GET /v1/payment_intents/search?query=metadata['out_trade_no']:'...'}; hangs if a found one does. */
    List<Seen> search(String account, Params params) {
        Matcher query = METADATA_QUERY.matcher(params.requiredString("query"));
        if (!query.matches()) {
            throw StripeApiError.invalid("query", "This simulator searches by metadata['key']:'value' only.");
        }
        List<String> expand = params.strings("expand").stream()
                .map(path -> path.startsWith("data.") ? path.substring(5) : path).toList();
        AccountBook book = books.of(account);
        synchronized (book) {
            List<Seen> found = new ArrayList<>();
            List<SimIntent> newestFirst = new ArrayList<>(book.intents.values());
            java.util.Collections.reverse(newestFirst);
            for (SimIntent intent : newestFirst) {
                if (query.group(2).equals(intent.metadata.get(query.group(1)))) {
                    found.add(seen(book, intent, expand));
                }
            }
            return found;
        }
    }

    static ObjectNode searchResult(List<Seen> found) {
        ObjectNode result = Json.object();
        result.put("object", "search_result");
        ArrayNode data = result.putArray("data");
        found.forEach(seen -> data.add(seen.json()));
        result.put("has_more", false);
        result.putNull("next_page");
        result.put("url", "/v1/payment_intents/search");
        return result;
    }

    Seen cancel(String account, String id, Params params) {
        AccountBook book = books.of(account);
        synchronized (book) {
            SimIntent intent = book.intent(id, "intent");
            if (!CANCELABLE.contains(intent.status)) {
                throw StripeApiError.state("payment_intent_unexpected_state", "You cannot cancel this PaymentIntent "
                        + "because it has a status of " + intent.status + ".", null);
            }
            SimSession session = intent.sessionId == null ? null : book.sessions.get(intent.sessionId);
            if (session != null && "open".equals(session.status)) {
                throw StripeApiError.state("payment_intent_unexpected_state", "This PaymentIntent belongs to an open "
                        + "Checkout Session: expire the session instead.", null);
            }
            String reason = params.string("cancellation_reason");
            cancelNow(intent, reason == null ? "requested_by_customer" : reason, settings.nowSeconds());
            Behaviour behaviour = book.behaviour(intent.outTradeNo());
            webhooks.emit(account, intent.outTradeNo(), behaviour, List.of(new Webhooks.Change(
                    "payment_intent.canceled", intent.json(behaviour.reported(intent.amount)))));
            return seen(book, intent, List.of());
        }
    }

    static void cancelNow(SimIntent intent, String reason, long now) {
        intent.status = "canceled";
        intent.canceledAt = now;
        intent.cancellationReason = reason;
    }

    private static Seen seen(AccountBook book, SimIntent intent, List<String> expand) {
        Behaviour behaviour = book.behaviour(intent.outTradeNo());
        ObjectNode json = intent.json(behaviour.reported(intent.amount));
        if (expand.contains("latest_charge") && intent.latestChargeId != null) {
            SimCharge charge = book.charges.get(intent.latestChargeId);
            json.set("latest_charge", charge.json(behaviour.reported(charge.amount)));
        }
        return new Seen(json, behaviour);
    }
}
