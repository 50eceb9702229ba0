package dev.tristate.simulator.stripe;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A movement of the account's balance: a {@code charge} (positive) or a {@code refund} (negative), with Stripe's fee
 * and the net. {@code source} is the charge's or refund's id.
 */
record SimBalanceTransaction(String id, String type, String source, long amount, long fee, String currency,
                             long created, String description) {

    private static final long TWO_DAYS = 2 * 24 * 3600;

    ObjectNode json(JsonNode expandedSource) {
        ObjectNode json = Json.object();
        json.put("id", id);
        json.put("object", "balance_transaction");
        json.put("amount", amount);
        json.put("available_on", created + TWO_DAYS);
        json.put("created", created);
        json.put("currency", currency);
        json.put("description", description);
        json.put("fee", fee);
        json.put("net", amount - fee);
        json.put("reporting_category", type);
        if (expandedSource == null) {
            json.put("source", source);
        } else {
            json.set("source", expandedSource);
        }
        json.put("status", "available");
        json.put("type", type);
        return json;
    }
}
