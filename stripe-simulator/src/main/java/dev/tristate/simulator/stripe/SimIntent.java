package dev.tristate.simulator.stripe;

import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** A PaymentIntent; {@code requires_payment_method} until paid, then {@code succeeded}, or {@code canceled}. */
final class SimIntent {

    final String id;
    final String account;
    final long amount;
    final String currency;
    final String description;
    final Map<String, String> metadata;
    final long created;
    final String sessionId;
    String status = "requires_payment_method";
    String latestChargeId;
    String lastErrorCode;
    Long canceledAt;
    String cancellationReason;

    SimIntent(String id, String account, long amount, String currency, String description,
              Map<String, String> metadata, long created, String sessionId) {
        this.id = id;
        this.account = account;
        this.amount = amount;
        this.currency = currency;
        this.description = description;
        this.metadata = Map.copyOf(metadata);
        this.created = created;
        this.sessionId = sessionId;
    }

    String outTradeNo() {
        return metadata.get("out_trade_no");
    }

    /** The intent; {@code reportedAmount} is what a misbehaving Stripe says its amount is. */
    ObjectNode json(long reportedAmount) {
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "payment_intent");
        json.put("amount", reportedAmount);
        json.put("amount_capturable", 0);
        json.put("amount_received", "succeeded".equals(status) ? reportedAmount : 0);
        json.put("canceled_at", canceledAt);
        json.put("cancellation_reason", cancellationReason);
        json.put("capture_method", "automatic_async");
        json.put("client_secret", id + "_secret_simulated");
        json.put("confirmation_method", "automatic");
        json.put("created", created);
        json.put("currency", currency);
        json.put("description", description);
        if (lastErrorCode == null) {
            json.putNull("last_payment_error");
        } else {
            ObjectNode error = Json.object();
            error.put("type", "card_error");
            error.put("code", lastErrorCode);
            error.put("decline_code", "generic_decline");
            error.put("message", "Your card was declined.");
            json.set("last_payment_error", error);
        }
        json.put("latest_charge", latestChargeId);
        json.put("livemode", false);
        json.set("metadata", Json.metadata(metadata));
        json.putArray("payment_method_types").add("card");
        json.put("status", status);
        return json;
    }
}
