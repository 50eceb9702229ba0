package dev.tristate.simulator.stripe;

import dev.tristate.simulator.kit.PayerAction;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checkout Sessions and what the payer does on the pay page. A session's PaymentIntent is created when the payer
 * first tries to pay (as Stripe does since 2022-08-01), carrying {@code payment_intent_data[metadata]}; paying makes
 * it {@code succeeded} with a charge and a balance transaction. An open session past its {@code expires_at} is expired
 * when it is next looked at.
 */
@Component
class Checkout {

    static final long MIN_EXPIRY_SECONDS = 30 * 60;
    static final long MAX_EXPIRY_SECONDS = 24 * 3600;
    private static final Pattern CURRENCY = Pattern.compile("[a-z]{3}");

    private final StripeBook books;
    private final StripeSimulatorSettings settings;
    private final Webhooks webhooks;
    private final Balance balance;

    Checkout(StripeBook books, StripeSimulatorSettings settings, Webhooks webhooks, Balance balance) {
        this.books = books;
        this.settings = settings;
        this.webhooks = webhooks;
        this.balance = balance;
    }

    SimSession create(String account, Params params) {
        if (!"payment".equals(params.requiredString("mode"))) {
            throw StripeApiError.invalid("mode", "This simulator supports mode=payment only.");
        }
        List<Params> items = params.list("line_items");
        if (items.isEmpty()) {
            throw StripeApiError.missing("line_items");
        }
        long total = 0;
        String currency = null;
        String name = null;
        for (Params item : items) {
            Params price = item.nested("price_data");
            if (item.has("price") || !item.has("price_data")) {
                throw StripeApiError.invalid("line_items", "This simulator knows no Prices: use price_data.");
            }
            String itemCurrency = price.requiredString("currency");
            if (!CURRENCY.matcher(itemCurrency).matches() || (currency != null && !currency.equals(itemCurrency))) {
                throw StripeApiError.invalid("line_items[price_data][currency]", "Invalid currency: " + itemCurrency);
            }
            currency = itemCurrency;
            long unitAmount = price.requiredLong("unit_amount");
            long quantity = item.longValue("quantity") == null ? 1 : item.longValue("quantity");
            if (unitAmount < 0 || quantity < 1) {
                throw StripeApiError.invalid("line_items[unit_amount]", "Amounts are non-negative, quantities "
                        + "positive.");
            }
            total = Math.addExact(total, Math.multiplyExact(unitAmount, quantity));
            name = name == null ? price.nested("product_data").requiredString("name") : name;
        }
        if (total < 1) {
            throw StripeApiError.invalid("line_items", "The total must be at least 1 in the smallest unit.");
        }
        long now = settings.nowSeconds();
        Long expiresAt = params.longValue("expires_at");
        if (expiresAt != null && (expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS)) {
            throw StripeApiError.invalid("expires_at", "expires_at must be between 30 minutes and 24 hours from now.");
        }
        String id = Ids.next("cs_test");
        SimSession session = new SimSession(id, account, total, currency, name, params.metadata("metadata"),
                params.nested("payment_intent_data").metadata("metadata"), params.string("client_reference_id"),
                params.string("success_url"), params.string("cancel_url"), now,
                expiresAt == null ? now + MAX_EXPIRY_SECONDS : expiresAt, settings.payPageUrl(id));
        AccountBook book = books.of(account);
        synchronized (book) {
            book.sessions.put(id, session);
        }
        books.sessionCreated(id, account);
        return session;
    }

    /** The session as it stands, expired first if its time has come. */
    SimSession retrieve(String account, String id) {
        AccountBook book = books.of(account);
        synchronized (book) {
            SimSession session = book.session(id);
            expireIfDue(book, session);
            return session;
        }
    }

    /** {@code GET /v1/checkout/sessions}: {@code payment_intent}, {@code status}, {@code created}, pagination. */
    ObjectNode list(String account, Params params) {
        String intent = params.string("payment_intent");
        String status = params.string("status");
        AccountBook book = books.of(account);
        synchronized (book) {
            List<SimSession> sessions = new ArrayList<>(book.sessions.values());
            sessions.forEach(session -> expireIfDue(book, session));
            List<SimSession> matching = sessions.stream()
                    .filter(session -> intent == null || intent.equals(session.paymentIntentId))
                    .filter(session -> status == null || status.equals(session.status))
                    .toList();
            return Listing.page("/v1/checkout/sessions", matching, session -> session.id, session -> session.created,
                    SimSession::json, params);
        }
    }

    /** Expires an open session (its PaymentIntent, if any, is canceled); anything else is a 400. */
    SimSession expire(String account, String id) {
        AccountBook book = books.of(account);
        synchronized (book) {
            SimSession session = book.session(id);
            expireIfDue(book, session);
            if (!"open".equals(session.status)) {
                throw StripeApiError.state(null, "Only Checkout Sessions with a status in [\"open\"] can be "
                        + "expired.", null);
            }
            expireNow(book, session);
            return session;
        }
    }

    /** What the payer does on the pay page. A session that is no longer open refuses (false). */
    boolean act(String account, String sessionId, PayerAction action) {
        AccountBook book = books.of(account);
        synchronized (book) {
            SimSession session = book.session(sessionId);
            expireIfDue(book, session);
            if (!"open".equals(session.status)) {
                return false;
            }
            switch (action) {
                case PAY -> pay(book, session);
                case FAIL -> fail(book, session);
                case ABANDON -> expireNow(book, session);
            }
            return true;
        }
    }

    private void pay(AccountBook book, SimSession session) {
        SimIntent intent = intentOf(book, session);
        Behaviour behaviour = book.behaviour(intent.outTradeNo());
        long now = settings.nowSeconds();
        SimCharge charge = new SimCharge(Ids.next("ch"), intent.id, intent.amount, intent.currency, intent.metadata,
                now);
        book.charges.put(charge.id, charge);
        balance.recordCharge(book, charge, behaviour);
        intent.status = "succeeded";
        intent.lastErrorCode = null;
        intent.latestChargeId = charge.id;
        session.status = "complete";
        session.paymentStatus = "paid";
        long reported = behaviour.reported(intent.amount);
        ObjectNode sessionJson = session.json();
        sessionJson.put("amount_total", behaviour.reported(session.amountTotal));
        webhooks.emit(book.account, intent.outTradeNo(), behaviour, List.of(
                new Webhooks.Change("charge.succeeded", charge.json(reported)),
                new Webhooks.Change("payment_intent.succeeded", intent.json(reported)),
                new Webhooks.Change("checkout.session.completed", sessionJson)));
    }

    private void fail(AccountBook book, SimSession session) {
        SimIntent intent = intentOf(book, session);
        Behaviour behaviour = book.behaviour(intent.outTradeNo());
        intent.lastErrorCode = "card_declined";
        webhooks.emit(book.account, intent.outTradeNo(), behaviour, List.of(
                new Webhooks.Change("payment_intent.payment_failed", intent.json(behaviour.reported(intent.amount)))));
    }

    private void expireIfDue(AccountBook book, SimSession session) {
        if ("open".equals(session.status) && settings.nowSeconds() >= session.expiresAt) {
            expireNow(book, session);
        }
    }

    private void expireNow(AccountBook book, SimSession session) {
        session.status = "expired";
        List<Webhooks.Change> changes = new ArrayList<>();
        SimIntent intent = session.paymentIntentId == null ? null : book.intents.get(session.paymentIntentId);
        Behaviour behaviour = book.behaviour(session.outTradeNo());
        if (intent != null && Intents.CANCELABLE.contains(intent.status)) {
            Intents.cancelNow(intent, "abandoned", settings.nowSeconds());
            changes.add(new Webhooks.Change("payment_intent.canceled", intent.json(behaviour.reported(intent.amount))));
        }
        changes.add(new Webhooks.Change("checkout.session.expired", session.json()));
        webhooks.emit(book.account, session.outTradeNo(), behaviour, changes);
    }

    private SimIntent intentOf(AccountBook book, SimSession session) {
        if (session.paymentIntentId != null) {
            return book.intents.get(session.paymentIntentId);
        }
        SimIntent intent = new SimIntent(Ids.next("pi"), book.account, session.amountTotal, session.currency,
                session.productName, session.intentMetadata, settings.nowSeconds(), session.id);
        book.intents.put(intent.id, intent);
        session.paymentIntentId = intent.id;
        return intent;
    }
}
