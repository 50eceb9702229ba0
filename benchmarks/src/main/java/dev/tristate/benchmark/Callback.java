package dev.tristate.benchmark;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * One signed sandbox SUCCESS notification for one PENDING payment, in the body format of the contract (as
 * CallbackTestSupport writes it), signed with the channel's own signer just before it is sent.
 */
record Callback(String merchantId, String paymentId, String notifyId, String tradeNo, Instant eventTime, byte[] body,
                String signature) {

    static Callback success(String merchantId, String secret, String paymentId) {
        String suffix = paymentId.substring(paymentId.indexOf('_') + 1);
        String notifyId = "n-" + suffix;
        String tradeNo = "T-" + suffix;
        Instant eventTime = Instant.now();
        String json = "{\"notify_id\":\"" + notifyId + "\",\"merchant_id\":\"" + merchantId + "\",\"out_trade_no\":\""
                + paymentId + "\",\"trade_no\":\"" + tradeNo + "\",\"trade_status\":\"SUCCESS\",\"amount_minor\":"
                + Database.AMOUNT_MINOR + ",\"currency\":\"" + Database.CURRENCY + "\",\"event_time\":\"" + eventTime
                + "\"}";
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return new Callback(merchantId, paymentId, notifyId, tradeNo, eventTime, body,
                SandboxSignature.sign(secret, Instant.now().getEpochSecond(), body));
    }
}
