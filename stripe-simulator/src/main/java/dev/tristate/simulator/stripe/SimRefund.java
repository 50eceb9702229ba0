package dev.tristate.simulator.stripe;

import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** A refund of a charge: {@code succeeded}, {@code pending} (until it settles), {@code failed} or {@code canceled}. */
final class SimRefund {

    final String id;
    final String intentId;
    final String chargeId;
    final long amount;
    final String currency;
    final String reason;
    final Map<String, String> metadata;
    final long created;
    String status;
    String failureReason;
    String balanceTransactionId;

    SimRefund(String id, String intentId, String chargeId, long amount, String currency, String reason,
              Map<String, String> metadata, long created, String status) {
        this.id = id;
        this.intentId = intentId;
        this.chargeId = chargeId;
        this.amount = amount;
        this.currency = currency;
        this.reason = reason;
        this.metadata = Map.copyOf(metadata);
        this.created = created;
        this.status = status;
    }

    /** Pending and succeeded refunds hold their amount against the charge; failed and canceled ones do not. */
    boolean holdsAmount() {
        return "pending".equals(status) || "succeeded".equals(status);
    }

    ObjectNode json() {
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "refund");
        json.put("amount", amount);
        json.put("balance_transaction", balanceTransactionId);
        json.put("charge", chargeId);
        json.put("created", created);
        json.put("currency", currency);
        json.put("failure_reason", failureReason);
        json.set("metadata", Json.metadata(metadata));
        json.put("payment_intent", intentId);
        json.put("reason", reason);
        json.put("status", status);
        return json;
    }
}
