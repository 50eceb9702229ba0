package dev.tristate.adapter.out.persistence.outbox;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PaymentEvent.PaymentSucceeded;
import dev.tristate.domain.payment.PaymentEvent.RefundSucceeded;
import dev.tristate.domain.payment.PaymentEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wire form of an event: snake_case JSON, money as integer minor units with its currency code. Written once
 * into the outbox row; the relay publishes these bytes unchanged, so a replay sends exactly what was committed.
 */
final class EventPayloads {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private EventPayloads() {
    }

    static String toJson(PaymentEvent event) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("event_id", event.eventId().toString());
        body.put("event_type", event.type().name());
        body.put("tenant_id", event.tenantId().value());
        body.put("payment_id", event.paymentId().value());
        body.put("occurred_at", event.occurredAt().toString());
        if (event instanceof PaymentSucceeded e) {
            body.put("merchant_order_id", e.merchantOrderId().value());
            money(body, "amount", e.amount());
            body.put("channel_txn_id", e.channelTxnId() == null ? null : e.channelTxnId().value());
            body.put("user_id", e.userId());
            body.put("sku", e.sku());
        } else if (event instanceof RefundSucceeded e) {
            body.put("refund_id", e.refundId().value());
            money(body, "refunded", e.refunded());
            money(body, "refunded_total", e.refundedTotal());
            body.put("fully_refunded", e.fullyRefunded());
            body.put("user_id", e.userId());
            body.put("sku", e.sku());
        }
        // PaymentFailed and PaymentClosed: the common fields say it all.
        return JSON.writeValueAsString(body);
    }

    private static void money(Map<String, Object> body, String prefix, Money money) {
        body.put(prefix + "_minor", money.minor());
        body.put(prefix + "_currency", money.currencyCode());
    }
}
