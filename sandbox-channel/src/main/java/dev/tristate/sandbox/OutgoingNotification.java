package dev.tristate.sandbox;

import dev.tristate.simulator.kit.DeliveryRecord;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * One notification of one status change. Its body is serialised once, when it is created, and every copy and every
 * retry sends exactly these bytes (only the signature's timestamp is fresh per attempt).
 */
final class OutgoingNotification {

    private final String notifyId;
    private final String merchantId;
    private final String outTradeNo;
    private final TradeStatus status;
    private final long amountMinor;
    private final Instant eventTime;
    private final byte[] body;

    private final DeliveryRecord delivery = new DeliveryRecord();

    OutgoingNotification(String merchantId, String outTradeNo, String tradeNo, TradeStatus status, long amountMinor,
                         String currency, Instant eventTime) {
        this.notifyId = "ntf_" + UUID.randomUUID().toString().replace("-", "");
        this.merchantId = merchantId;
        this.outTradeNo = outTradeNo;
        this.status = status;
        this.amountMinor = amountMinor;
        this.eventTime = eventTime;
        ObjectNode json = JsonCodec.object();
        json.put("notify_id", notifyId);
        json.put("merchant_id", merchantId);
        json.put("out_trade_no", outTradeNo);
        json.put("trade_no", tradeNo);
        json.put("trade_status", status.name());
        json.put("amount_minor", amountMinor);
        json.put("currency", currency);
        json.put("event_time", EventTimes.format(eventTime));
        this.body = JsonCodec.write(json);
    }

    String notifyId() {
        return notifyId;
    }

    String merchantId() {
        return merchantId;
    }

    String outTradeNo() {
        return outTradeNo;
    }

    TradeStatus status() {
        return status;
    }

    long amountMinor() {
        return amountMinor;
    }

    Instant eventTime() {
        return eventTime;
    }

    byte[] body() {
        return body.clone();
    }

    /** How its delivery goes; its copies, attempts and state are read by the notifications listing. */
    DeliveryRecord delivery() {
        return delivery;
    }

    DeliveryRecord.State state() {
        return delivery.state();
    }
}
