package dev.tristate.simulator.stripe;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The account's balance transactions: one {@code charge} per successful payment and one {@code refund} per successful
 * refund, unless the trade's {@code omit_from_balance} switch says otherwise, plus whatever a test seeds. Stripe's fee
 * is a flat 3% here.
 */
@Component
class Balance {

    /** A balance transaction a test adds to make the day's list disagree with the payments. */
    record Seed(String type, long amount, String currency, long created, String outTradeNo, String intentId) {
    }

    private final StripeBook books;

    Balance(StripeBook books) {
        this.books = books;
    }

    /** Called with the book's monitor held. */
    void recordCharge(AccountBook book, SimCharge charge, Behaviour behaviour) {
        if (behaviour.omitFromBalance()) {
            return;
        }
        long amount = behaviour.reported(charge.amount);
        SimBalanceTransaction txn = new SimBalanceTransaction(Ids.next("txn"), "charge", charge.id, amount,
                amount * 3 / 100, charge.currency, charge.created, "Payment " + charge.intentId);
        book.balance.put(txn.id(), txn);
        charge.balanceTransactionId = txn.id();
    }

    /** Called with the book's monitor held, once the refund succeeded. */
    void recordRefund(AccountBook book, SimRefund refund, Behaviour behaviour, long succeededAt) {
        if (behaviour.omitFromBalance()) {
            return;
        }
        SimBalanceTransaction txn = new SimBalanceTransaction(Ids.next("txn"), "refund", refund.id,
                -refund.amount, 0, refund.currency, succeededAt, "REFUND FOR PAYMENT " + refund.intentId);
        book.balance.put(txn.id(), txn);
        refund.balanceTransactionId = txn.id();
    }

    /**
     * Adds a balance transaction with a source of its own: a charge (positive amount) or a refund (negative) whose
     * metadata names {@code outTradeNo} (none when null), for intent {@code intentId} (a made-up one when null).
     */
    String seed(String account, Seed seed) {
        AccountBook book = books.of(account);
        synchronized (book) {
            String intentId = seed.intentId() == null ? Ids.next("pi") : seed.intentId();
            Map<String, String> metadata = seed.outTradeNo() == null ? Map.of()
                    : Map.of("out_trade_no", seed.outTradeNo());
            String source;
            if ("charge".equals(seed.type())) {
                SimCharge charge = new SimCharge(Ids.next("ch"), intentId, seed.amount(), seed.currency(), metadata,
                        seed.created());
                book.charges.put(charge.id, charge);
                source = charge.id;
            } else if ("refund".equals(seed.type())) {
                SimRefund refund = new SimRefund(Ids.next("re"), intentId, null, -seed.amount(), seed.currency(),
                        null, metadata, seed.created(), "succeeded");
                book.refunds.put(refund.id, refund);
                source = refund.id;
            } else {
                throw new IllegalArgumentException("a seeded balance transaction is a charge or a refund");
            }
            SimBalanceTransaction txn = new SimBalanceTransaction(Ids.next("txn"), seed.type(), source,
                    seed.amount(), seed.amount() > 0 ? seed.amount() * 3 / 100 : 0, seed.currency(), seed.created(),
                    "seeded");
            book.balance.put(txn.id(), txn);
            return txn.id();
        }
    }

    /** {@code GET /v1/balance_transactions}: {@code type}, {@code source}, {@code expand[]=data.source}. */
    ObjectNode list(String account, Params params) {
        AccountBook book = books.of(account);
        String type = params.string("type");
        String source = params.string("source");
        boolean expandSource = params.strings("expand").contains("data.source");
        synchronized (book) {
            List<SimBalanceTransaction> matching = new ArrayList<>(book.balance.values().stream()
                    .filter(txn -> type == null || txn.type().equals(type))
                    .filter(txn -> source == null || txn.source().equals(source))
                    .toList());
            return Listing.page("/v1/balance_transactions", matching, SimBalanceTransaction::id,
                    SimBalanceTransaction::created,
                    txn -> txn.json(expandSource ? sourceJson(book, txn) : null), params);
        }
    }

    private static JsonNode sourceJson(AccountBook book, SimBalanceTransaction txn) {
        SimCharge charge = book.charges.get(txn.source());
        if (charge != null) {
            return charge.json(charge.amount);
        }
        SimRefund refund = book.refunds.get(txn.source());
        return refund == null ? null : refund.json();
    }
}
