package dev.tristate.benchmark.peer.app;

/**
 * The payload: the fields of Tristate's PaymentSucceeded event (about 300 bytes of JSON), as namastack stores and
 * hands it to the handler. The benchmark's direct inserts write the same JSON (PeerRows).
 */
public record PaymentSucceeded(String eventId, String eventType, String tenantId, String paymentId,
                               String occurredAt, String merchantOrderId, long amountMinor, String amountCurrency,
                               String channelTxnId, String userId, String sku) {
}
