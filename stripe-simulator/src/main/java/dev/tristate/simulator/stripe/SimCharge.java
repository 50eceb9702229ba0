package dev.tristate.simulator.stripe;

import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** The successful charge of a PaymentIntent; as at Stripe, it carries the intent's metadata from its creation. */
final class SimCharge {

    final String id;
    final String intentId;
    final long amount;
    final String currency;
    final Map<String, String> metadata;
    final long created;
    String balanceTransactionId;
    long amountRefunded;

    SimCharge(String id, String intentId, long amount, String currency, Map<String, String> metadata, long created) {
        this.id = id;
        this.intentId = intentId;
        this.amount = amount;
        this.currency = currency;
        this.metadata = Map.copyOf(metadata);
        this.created = created;
    }

    ObjectNode json(long reportedAmount) {
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "charge");
        json.put("amount", reportedAmount);
        json.put("amount_captured", reportedAmount);
        json.put("amount_refunded", amountRefunded);
        json.put("balance_transaction", balanceTransactionId);
        json.put("captured", true);
        json.put("created", created);
        json.put("currency", currency);
        json.put("livemode", false);
        json.set("metadata", Json.metadata(metadata));
        json.put("paid", true);
        json.put("payment_intent", intentId);
        json.put("refunded", amountRefunded >= amount);
        json.put("status", "succeeded");
        return json;
    }
}
