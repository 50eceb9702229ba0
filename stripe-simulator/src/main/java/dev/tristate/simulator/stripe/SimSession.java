package dev.tristate.simulator.stripe;

import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/** A Checkout Session in {@code mode=payment}. Its PaymentIntent is created when the payer first tries to pay. */
final class SimSession {

    final String id;
    final String account;
    final long amountTotal;
    final String currency;
    final String productName;
    final Map<String, String> metadata;
    final Map<String, String> intentMetadata;
    final String clientReferenceId;
    final String successUrl;
    final String cancelUrl;
    final long created;
    final long expiresAt;
    final String url;
    String status = "open";
    String paymentStatus = "unpaid";
    String paymentIntentId;

    SimSession(String id, String account, long amountTotal, String currency, String productName,
               Map<String, String> metadata, Map<String, String> intentMetadata, String clientReferenceId,
               String successUrl, String cancelUrl, long created, long expiresAt, String url) {
        this.id = id;
        this.account = account;
        this.amountTotal = amountTotal;
        this.currency = currency;
        this.productName = productName;
        this.metadata = Map.copyOf(metadata);
        this.intentMetadata = Map.copyOf(intentMetadata);
        this.clientReferenceId = clientReferenceId;
        this.successUrl = successUrl;
        this.cancelUrl = cancelUrl;
        this.created = created;
        this.expiresAt = expiresAt;
        this.url = url;
    }

    String outTradeNo() {
        return metadata.get("out_trade_no");
    }

    ObjectNode json() {
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "checkout.session");
        json.put("amount_subtotal", amountTotal);
        json.put("amount_total", amountTotal);
        json.put("cancel_url", cancelUrl);
        json.put("client_reference_id", clientReferenceId);
        json.put("created", created);
        json.put("currency", currency);
        json.put("expires_at", expiresAt);
        json.put("livemode", false);
        json.set("metadata", Json.metadata(metadata));
        json.put("mode", "payment");
        json.put("payment_intent", paymentIntentId);
        json.put("payment_status", paymentStatus);
        json.put("status", status);
        json.put("success_url", successUrl);
        json.put("url", "open".equals(status) ? url : null);
        return json;
    }
}
