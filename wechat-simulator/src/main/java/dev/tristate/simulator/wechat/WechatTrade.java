package dev.tristate.simulator.wechat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * One order at the simulated WeChat Pay and its refunds, as its query answers them. Guarded by its own monitor: the
 * pay page, the API and the scheduler change it from different threads.
 */
final class WechatTrade {

    enum State { NOTPAY, SUCCESS, REFUND, CLOSED, PAYERROR }

    /** One refund of the trade. */
    static final class Refund {
        final String outRefundNo;
        final String refundId;
        final long amountFen;
        final Instant createdAt;
        final String notifyUrl;
        String status;
        Instant successTime;

        Refund(String outRefundNo, String refundId, long amountFen, Instant createdAt, String notifyUrl) {
            this.outRefundNo = outRefundNo;
            this.refundId = refundId;
            this.amountFen = amountFen;
            this.createdAt = createdAt;
            this.notifyUrl = notifyUrl;
        }
    }

    final String mchid;
    final String appid;
    final String outTradeNo;
    final String tradeType;
    final String description;
    final long totalFen;
    final String currency;
    final String notifyUrl;
    final String openid;
    final Instant createdAt;
    final Instant expiresAt;
    final String token;
    /** The order as it was placed, so that placing it again with the same data answers the same. */
    final String fingerprint;
    State state = State.NOTPAY;
    String transactionId;
    Instant successTime;
    WechatBehaviour behaviour = WechatBehaviour.NONE;
    final List<Refund> refunds = new ArrayList<>();

    WechatTrade(String mchid, String appid, String outTradeNo, String tradeType, String description, long totalFen,
                String currency, String notifyUrl, String openid, Instant createdAt, Instant expiresAt, String token,
                String fingerprint) {
        this.mchid = mchid;
        this.appid = appid;
        this.outTradeNo = outTradeNo;
        this.tradeType = tradeType;
        this.description = description;
        this.totalFen = totalFen;
        this.currency = currency;
        this.notifyUrl = notifyUrl;
        this.openid = openid;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
        this.token = token;
        this.fingerprint = fingerprint;
    }

    synchronized boolean expired(Instant now) {
        return state == State.NOTPAY && expiresAt != null && now.isAfter(expiresAt);
    }

    synchronized long refundedFen() {
        return refunds.stream().filter(r -> !"ABNORMAL".equals(r.status) && !"CLOSED".equals(r.status))
                .mapToLong(r -> r.amountFen).sum();
    }

    synchronized Optional<Refund> refund(String outRefundNo) {
        return refunds.stream().filter(r -> r.outRefundNo.equals(outRefundNo)).findFirst();
    }

    /** The trade as the query and the payment notification write it ({@code Transaction} in the SDK). */
    synchronized ObjectNode transaction() {
        ObjectNode json = WechatJson.object();
        json.put("appid", appid);
        json.put("mchid", mchid);
        json.put("out_trade_no", outTradeNo);
        json.put("trade_type", tradeType);
        json.put("trade_state", state.name());
        json.put("trade_state_desc", switch (state) {
            case NOTPAY -> "未支付";
            case SUCCESS -> "支付成功";
            case REFUND -> "转入退款";
            case CLOSED -> "已关闭";
            case PAYERROR -> "支付失败";
        });
        json.put("attach", "");
        ObjectNode amount = json.putObject("amount");
        long reported = behaviour.reported(totalFen);
        amount.put("total", reported);
        amount.put("currency", currency);
        if (transactionId != null) {
            json.put("transaction_id", transactionId);
            json.put("bank_type", "OTHERS");
            json.put("success_time", WechatSimulatorSettings.rfc3339(successTime));
            json.putObject("payer").put("openid", openid == null ? "oSimulatedPayer0000000000000" : openid);
            amount.put("payer_total", reported);
            amount.put("payer_currency", currency);
        }
        return json;
    }

    /** One refund as the refund call and query write it ({@code Refund} in the SDK). */
    synchronized ObjectNode refundJson(Refund refund) {
        ObjectNode json = WechatJson.object();
        json.put("refund_id", refund.refundId);
        json.put("out_refund_no", refund.outRefundNo);
        json.put("transaction_id", transactionId);
        json.put("out_trade_no", outTradeNo);
        json.put("channel", "ORIGINAL");
        json.put("user_received_account", "支付用户零钱");
        if (refund.successTime != null) {
            json.put("success_time", WechatSimulatorSettings.rfc3339(refund.successTime));
        }
        json.put("create_time", WechatSimulatorSettings.rfc3339(refund.createdAt));
        json.put("status", refund.status);
        json.put("funds_account", "AVAILABLE");
        ObjectNode amount = json.putObject("amount");
        amount.put("total", totalFen);
        amount.put("refund", refund.amountFen);
        amount.put("payer_total", totalFen);
        amount.put("payer_refund", refund.amountFen);
        amount.put("settlement_total", totalFen);
        amount.put("settlement_refund", refund.amountFen);
        amount.put("discount_refund", 0);
        amount.put("currency", currency);
        amount.putArray("from");
        json.putArray("promotion_detail");
        return json;
    }

    /** The refund notification's resource ({@code RefundNotification} in the SDK). */
    synchronized ObjectNode refundNotice(Refund refund) {
        ObjectNode json = WechatJson.object();
        json.put("mchid", mchid);
        json.put("out_trade_no", outTradeNo);
        json.put("transaction_id", transactionId);
        json.put("out_refund_no", refund.outRefundNo);
        json.put("refund_id", refund.refundId);
        json.put("refund_status", refund.status);
        if (refund.successTime != null) {
            json.put("success_time", WechatSimulatorSettings.rfc3339(refund.successTime));
        }
        json.put("user_received_account", "支付用户零钱");
        ObjectNode amount = json.putObject("amount");
        amount.put("total", totalFen);
        amount.put("refund", refund.amountFen);
        amount.put("payer_total", totalFen);
        amount.put("payer_refund", refund.amountFen);
        return json;
    }
}
