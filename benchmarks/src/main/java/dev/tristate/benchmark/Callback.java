package dev.tristate.benchmark;

import java.time.Instant;
import java.util.Map;

/**
 * One signed SUCCESS notification for one PENDING payment, in its channel's wire format, signed (and for WeChat Pay
 * sealed) just before the phase that sends it. {@code headers} are the channel's signature headers.
 */
record Callback(String paymentId, String notifyId, String tradeNo, Instant eventTime, byte[] body,
                Map<String, String> headers) {
}
