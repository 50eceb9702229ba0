package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.RefundChange;
import dev.tristate.sandbox.Trade.RefundSnapshot;
import dev.tristate.sandbox.Trade.StatusChange;
import dev.tristate.sandbox.Trade.TradeSnapshot;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The channel's JSON API: trade registration and the status query of the contract, refunds and their query, plus the
 * sandbox's own controls (behaviour switches, status events, the notifications sent). Every one of them is a merchant's
 * signed request ({@link MerchantRequestVerification}) and sees only that merchant's trades: another merchant's trade
 * is answered like an unknown one.
 */
@RestController
@RequestMapping("/sandbox-channel/trades")
class TradeApiController {

    private final SandboxTrades trades;
    private final SandboxChannelSettings settings;
    private final SandboxScheduler scheduler;

    TradeApiController(SandboxTrades trades, SandboxChannelSettings settings, SandboxScheduler scheduler) {
        this.trades = trades;
        this.settings = settings;
        this.scheduler = scheduler;
    }

    /** 201 for a new trade, 200 for the same trade again, 409 for other data under a known out_trade_no. */
    @PostMapping
    ResponseEntity<byte[]> register(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @RequestBody String body) {
        TradeRegistration registration = registration(merchant, JsonCodec.readObject(body));
        SandboxTrades.Registered registered = trades.register(registration);
        ObjectNode answer = JsonCodec.object();
        answer.put("out_trade_no", registration.outTradeNo());
        answer.put("pay_url", settings.publicBaseUrl() + "/sandbox-channel/pay/" + registration.outTradeNo());
        return JsonResponses.of(registered == SandboxTrades.Registered.CREATED ? HttpStatus.CREATED : HttpStatus.OK,
                answer);
    }

    /**
     * The contract's status query: 404 for a trade the channel never saw act (unknown, or registered and untouched).
     * With {@code query_timeout} the answer comes only after {@code query-hang-ms}, without holding a request
     * thread meanwhile. A trade with refunds also reports {@code refunded_minor} and {@code refunds}.
     */
    @GetMapping("/{outTradeNo}")
    DeferredResult<ResponseEntity<byte[]>> query(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo) {
        TradeSnapshot trade = trades.find(merchant, outTradeNo).map(Trade::snapshot).orElse(null);
        ResponseEntity<byte[]> answer = trade == null || !trade.touched()
                ? JsonResponses.error(HttpStatus.NOT_FOUND, "NOT_FOUND", "the channel never saw this trade")
                : JsonResponses.of(HttpStatus.OK, queryAnswer(trade));
        return answerAfterHang(answer, trade != null && trade.behaviour().queryTimeout());
    }

    /**
     * Refunds a paid trade: {@code {"out_refund_no","amount_minor","currency","reason","merchant_id"}} (reason and
     * merchant_id optional; a merchant_id other than the requesting merchant's is answered like an unknown trade). Answered
     * {@code 200} with the refund, FAILED with a {@code fail_reason} when the channel refuses it (trade not paid,
     * more than is left, {@code refund_fail}). The same out_refund_no again answers the same refund; with another
     * amount or currency it is {@code 409}. With {@code refund_timeout} the refund is made at once but answered only
     * after {@code query-hang-ms}.
     */
    @PostMapping("/{outTradeNo}/refunds")
    DeferredResult<ResponseEntity<byte[]>> refund(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo,
                                                  @RequestBody String body) {
        JsonNode json = JsonCodec.readObject(body);
        RefundOrder order = refundOrder(json);
        Trade trade = merchantsTrade(merchant, outTradeNo, JsonCodec.optionalString(json, "merchant_id", null));
        RefundChange change = trades.refund(trade, order);
        return answerAfterHang(JsonResponses.of(HttpStatus.OK, refundJson(change.refund())),
                change.behaviour().refundTimeout());
    }

    /**
     * Where one refund stands, in the same JSON as the refund call; 404 when the channel never saw it. Asking ends a
     * PROCESSING refund in SUCCESS. With {@code refund_query_timeout} the answer comes after {@code query-hang-ms}.
     */
    @GetMapping("/{outTradeNo}/refunds/{outRefundNo}")
    DeferredResult<ResponseEntity<byte[]>> queryRefund(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant,
                                                       @PathVariable String outTradeNo,
                                                       @PathVariable String outRefundNo,
                                                       @RequestParam(name = "merchant_id", required = false)
                                                       String merchantId) {
        Trade trade = merchantsTrade(merchant, outTradeNo, merchantId);
        ResponseEntity<byte[]> answer = trades.queryRefund(trade, outRefundNo)
                .map(refund -> JsonResponses.of(HttpStatus.OK, refundJson(refund)))
                .orElseGet(() -> JsonResponses.error(HttpStatus.NOT_FOUND, "NOT_FOUND",
                        "the channel never saw refund " + outRefundNo + " of this trade"));
        return answerAfterHang(answer, trade.behaviour().refundQueryTimeout());
    }

    /** The answer now, or after {@code query-hang-ms} without holding a request thread meanwhile. */
    private DeferredResult<ResponseEntity<byte[]>> answerAfterHang(ResponseEntity<byte[]> answer, boolean hang) {
        long hangMs = hang ? settings.queryHangMs() : 0;
        DeferredResult<ResponseEntity<byte[]>> result = new DeferredResult<>(hangMs + 10_000);
        if (hangMs == 0 || !scheduler.schedule(() -> result.setResult(answer), hangMs)) {
            result.setResult(answer);
        }
        return result;
    }

    /**
     * The requesting merchant's trade; 404 when it is unknown, another merchant's, or when {@code merchantId} (the
     * optional merchant_id of the body or query) names another merchant than the one who signed the request.
     */
    private Trade merchantsTrade(String merchant, String outTradeNo, String merchantId) {
        if (merchantId != null && !merchantId.equals(merchant)) {
            throw SandboxApiException.notFound("no trade " + outTradeNo + " of merchant " + merchantId);
        }
        return trades.get(merchant, outTradeNo);
    }

    @GetMapping("/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> behaviour(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo) {
        return JsonResponses.of(HttpStatus.OK, BehaviourJson.write(trades.get(merchant, outTradeNo).behaviour()));
    }

    /** Replaces the trade's switches; a switch left out is off. */
    @PutMapping("/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> changeBehaviour(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo,
                                           @RequestBody String body) {
        Trade trade = trades.get(merchant, outTradeNo);
        Behaviour behaviour = BehaviourJson.read(JsonCodec.readObject(body));
        trade.behaviour(behaviour);
        return JsonResponses.of(HttpStatus.OK, BehaviourJson.write(behaviour));
    }

    /** Drives a trade without the pay page: {@code {"status":"PROCESSING|SUCCESS|FAILED|CLOSED"}}. */
    @PostMapping("/{outTradeNo}/events")
    ResponseEntity<byte[]> event(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo, @RequestBody String body) {
        Trade trade = trades.get(merchant, outTradeNo);
        String requested = JsonCodec.requiredString(JsonCodec.readObject(body), "status");
        TradeStatus status;
        try {
            status = TradeStatus.valueOf(requested);
        } catch (IllegalArgumentException unknown) {
            throw SandboxApiException.invalid("status must be PROCESSING, SUCCESS, FAILED or CLOSED");
        }
        StatusChange change = trades.changeStatus(trade, status);
        ObjectNode answer = JsonCodec.object();
        answer.put("out_trade_no", outTradeNo);
        answer.put("trade_no", change.trade().tradeNo());
        answer.put("trade_status", change.trade().status().name());
        answer.put("event_time", EventTimes.format(change.trade().eventTime()));
        answer.put("changed", change.changed());
        return JsonResponses.of(HttpStatus.OK, answer);
    }

    /** What the channel sent (or held back, or dropped) for the trade, oldest first. */
    @GetMapping("/{outTradeNo}/notifications")
    ResponseEntity<byte[]> notifications(@RequestAttribute(MerchantRequestVerification.MERCHANT) String merchant, @PathVariable String outTradeNo) {
        ArrayNode list = JsonCodec.object().arrayNode();
        for (OutgoingNotification notification : trades.get(merchant, outTradeNo).notifications()) {
            ObjectNode item = list.addObject();
            item.put("notify_id", notification.notifyId());
            item.put("trade_status", notification.status().name());
            item.put("amount_minor", notification.amountMinor());
            item.put("event_time", EventTimes.format(notification.eventTime()));
            item.put("state", notification.state().name());
            item.put("copies", notification.delivery().copies());
            item.put("attempts", notification.delivery().attempts());
            item.put("acknowledged_copies", notification.delivery().acknowledgedCopies());
        }
        return JsonResponses.of(HttpStatus.OK, list);
    }

    /** merchant_id may be left out (the Sandbox-Merchant header says it); given, it must be the same. */
    private TradeRegistration registration(String merchant, JsonNode body) {
        String merchantId = JsonCodec.optionalString(body, "merchant_id", merchant);
        if (!merchant.equals(merchantId)) {
            throw SandboxApiException.invalid("merchant_id " + merchantId + " is not the merchant who signed the "
                    + "request");
        }
        TradeRegistration registration;
        try {
            registration = new TradeRegistration(
                    JsonCodec.requiredString(body, "out_trade_no"),
                    merchantId,
                    JsonCodec.requiredLong(body, "amount_minor"),
                    JsonCodec.requiredString(body, "currency"),
                    JsonCodec.optionalString(body, "description", ""),
                    JsonCodec.optionalString(body, "merchant_order_id", ""),
                    JsonCodec.optionalString(body, "return_url", ""));
        } catch (IllegalArgumentException malformed) {
            throw SandboxApiException.invalid(malformed.getMessage());
        }
        return registration;
    }

    private static RefundOrder refundOrder(JsonNode body) {
        try {
            return new RefundOrder(
                    JsonCodec.requiredString(body, "out_refund_no"),
                    JsonCodec.requiredLong(body, "amount_minor"),
                    JsonCodec.requiredString(body, "currency"),
                    JsonCodec.optionalString(body, "reason", ""));
        } catch (IllegalArgumentException malformed) {
            throw SandboxApiException.invalid(malformed.getMessage());
        }
    }

    private static ObjectNode queryAnswer(TradeSnapshot trade) {
        ObjectNode json = JsonCodec.object();
        json.put("out_trade_no", trade.registration().outTradeNo());
        json.put("trade_no", trade.tradeNo());
        json.put("trade_status", trade.status().name());
        json.put("amount_minor", trade.reportedAmountMinor());
        json.put("currency", trade.registration().currency());
        json.put("event_time", EventTimes.format(trade.eventTime()));
        if (!trade.refunds().isEmpty()) {
            // An extension of the contract, only where there is something to say: a trade without refunds is
            // answered with exactly the contract's fields.
            json.put("refunded_minor", trade.refundedMinor());
            ArrayNode refunds = json.putArray("refunds");
            trade.refunds().forEach(refund -> refunds.add(refundJson(refund)));
        }
        return json;
    }

    /** A refund as the refund call, the refund query and the status query's {@code refunds} report it. */
    private static ObjectNode refundJson(RefundSnapshot refund) {
        ObjectNode json = JsonCodec.object();
        json.put("out_trade_no", refund.outTradeNo());
        json.put("out_refund_no", refund.order().outRefundNo());
        json.put("refund_no", refund.refundNo());
        json.put("refund_status", refund.status().name());
        json.put("amount_minor", refund.order().amountMinor());
        json.put("currency", refund.order().currency());
        json.put("event_time", EventTimes.format(refund.eventTime()));
        if (refund.failReason() != null) {
            json.put("fail_reason", refund.failReason());
        }
        return json;
    }
}
