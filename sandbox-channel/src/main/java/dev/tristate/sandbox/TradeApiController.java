package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.RefundChange;
import dev.tristate.sandbox.Trade.RefundSnapshot;
import dev.tristate.sandbox.Trade.StatusChange;
import dev.tristate.sandbox.Trade.TradeSnapshot;
import java.util.Map;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
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
 * sandbox's own controls (behaviour switches, status events, the notifications sent).
 */
@RestController
@RequestMapping("/sandbox-channel/trades")
class TradeApiController {

    private static final Set<String> BEHAVIOUR_FIELDS = Set.of("duplicates", "out_of_order", "delay_ms",
            "drop_callbacks", "query_timeout", "report_amount_minor", "refund_timeout", "refund_processing",
            "refund_settle_ms", "refund_fail", "refund_query_timeout");

    private final SandboxTrades trades;
    private final SandboxMerchants merchants;
    private final SandboxChannelSettings settings;
    private final SandboxScheduler scheduler;

    TradeApiController(SandboxTrades trades, SandboxMerchants merchants, SandboxChannelSettings settings,
                       SandboxScheduler scheduler) {
        this.trades = trades;
        this.merchants = merchants;
        this.settings = settings;
        this.scheduler = scheduler;
    }

    /** 201 for a new trade, 200 for the same trade again, 409 for other data under a known out_trade_no. */
    @PostMapping
    ResponseEntity<byte[]> register(@RequestBody String body) {
        TradeRegistration registration = registration(JsonCodec.readObject(body));
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
    DeferredResult<ResponseEntity<byte[]>> query(@PathVariable String outTradeNo) {
        TradeSnapshot trade = trades.find(outTradeNo).map(Trade::snapshot).orElse(null);
        ResponseEntity<byte[]> answer = trade == null || !trade.touched()
                ? JsonResponses.error(HttpStatus.NOT_FOUND, "NOT_FOUND", "the channel never saw this trade")
                : JsonResponses.of(HttpStatus.OK, queryAnswer(trade));
        return answerAfterHang(answer, trade != null && trade.behaviour().queryTimeout());
    }

    /**
     * Refunds a paid trade: {@code {"out_refund_no","amount_minor","currency","reason","merchant_id"}} (reason and
     * merchant_id optional; a merchant_id that is not the trade's is answered like an unknown trade). Answered
     * {@code 200} with the refund, FAILED with a {@code fail_reason} when the channel refuses it (trade not paid,
     * more than is left, {@code refund_fail}). The same out_refund_no again answers the same refund; with another
     * amount or currency it is {@code 409}. With {@code refund_timeout} the refund is made at once but answered only
     * after {@code query-hang-ms}.
     */
    @PostMapping("/{outTradeNo}/refunds")
    DeferredResult<ResponseEntity<byte[]>> refund(@PathVariable String outTradeNo, @RequestBody String body) {
        JsonNode json = JsonCodec.readObject(body);
        RefundOrder order = refundOrder(json);
        Trade trade = merchantsTrade(outTradeNo, JsonCodec.optionalString(json, "merchant_id", null));
        RefundChange change = trades.refund(trade, order);
        return answerAfterHang(JsonResponses.of(HttpStatus.OK, refundJson(change.refund())),
                change.behaviour().refundTimeout());
    }

    /**
     * Where one refund stands, in the same JSON as the refund call; 404 when the channel never saw it. Asking ends a
     * PROCESSING refund in SUCCESS. With {@code refund_query_timeout} the answer comes after {@code query-hang-ms}.
     */
    @GetMapping("/{outTradeNo}/refunds/{outRefundNo}")
    DeferredResult<ResponseEntity<byte[]>> queryRefund(@PathVariable String outTradeNo,
                                                       @PathVariable String outRefundNo,
                                                       @RequestParam(name = "merchant_id", required = false)
                                                       String merchantId) {
        Trade trade = merchantsTrade(outTradeNo, merchantId);
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

    /** The trade, if it is {@code merchantId}'s (any merchant's when null); 404 otherwise. */
    private Trade merchantsTrade(String outTradeNo, String merchantId) {
        Trade trade = trades.get(outTradeNo);
        if (merchantId != null && !merchantId.equals(trade.registration().merchantId())) {
            throw SandboxApiException.notFound("no trade " + outTradeNo + " of merchant " + merchantId);
        }
        return trade;
    }

    @GetMapping("/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> behaviour(@PathVariable String outTradeNo) {
        return JsonResponses.of(HttpStatus.OK, behaviourJson(trades.get(outTradeNo).behaviour()));
    }

    /** Replaces the trade's switches; a switch left out is off. */
    @PutMapping("/{outTradeNo}/behaviour")
    ResponseEntity<byte[]> changeBehaviour(@PathVariable String outTradeNo, @RequestBody String body) {
        Trade trade = trades.get(outTradeNo);
        Behaviour behaviour = behaviour(JsonCodec.readObject(body));
        trade.behaviour(behaviour);
        return JsonResponses.of(HttpStatus.OK, behaviourJson(behaviour));
    }

    /** Drives a trade without the pay page: {@code {"status":"PROCESSING|SUCCESS|FAILED|CLOSED"}}. */
    @PostMapping("/{outTradeNo}/events")
    ResponseEntity<byte[]> event(@PathVariable String outTradeNo, @RequestBody String body) {
        Trade trade = trades.get(outTradeNo);
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
    ResponseEntity<byte[]> notifications(@PathVariable String outTradeNo) {
        ArrayNode list = JsonCodec.object().arrayNode();
        for (OutgoingNotification notification : trades.get(outTradeNo).notifications()) {
            ObjectNode item = list.addObject();
            item.put("notify_id", notification.notifyId());
            item.put("trade_status", notification.status().name());
            item.put("amount_minor", notification.amountMinor());
            item.put("event_time", EventTimes.format(notification.eventTime()));
            item.put("state", notification.state().name());
            item.put("copies", notification.copies());
            item.put("attempts", notification.attempts());
            item.put("acknowledged_copies", notification.acknowledgedCopies());
        }
        return JsonResponses.of(HttpStatus.OK, list);
    }

    private TradeRegistration registration(JsonNode body) {
        String merchantId = JsonCodec.requiredString(body, "merchant_id");
        TradeRegistration registration;
        try {
            registration = new TradeRegistration(
                    JsonCodec.requiredString(body, "out_trade_no"),
                    merchantId,
                    JsonCodec.requiredLong(body, "amount_minor"),
                    JsonCodec.requiredString(body, "currency"),
                    JsonCodec.optionalString(body, "description", ""));
        } catch (IllegalArgumentException malformed) {
            throw SandboxApiException.invalid(malformed.getMessage());
        }
        if (!merchants.isRegistered(merchantId)) {
            throw SandboxApiException.invalid("unknown merchant_id " + merchantId);
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

    private static Behaviour behaviour(JsonNode body) {
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            if (!BEHAVIOUR_FIELDS.contains(field.getKey())) {
                throw SandboxApiException.invalid("unknown switch " + field.getKey() + "; known: "
                        + String.join(", ", BEHAVIOUR_FIELDS.stream().sorted().toList()));
            }
        }
        long duplicates = JsonCodec.optionalLong(body, "duplicates", 0L);
        try {
            return new Behaviour(
                    (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, duplicates)),
                    JsonCodec.optionalBoolean(body, "out_of_order", false),
                    JsonCodec.optionalLong(body, "delay_ms", 0L),
                    JsonCodec.optionalBoolean(body, "drop_callbacks", false),
                    JsonCodec.optionalBoolean(body, "query_timeout", false),
                    JsonCodec.optionalLong(body, "report_amount_minor", null),
                    JsonCodec.optionalBoolean(body, "refund_timeout", false),
                    JsonCodec.optionalBoolean(body, "refund_processing", false),
                    JsonCodec.optionalLong(body, "refund_settle_ms", null),
                    JsonCodec.optionalBoolean(body, "refund_fail", false),
                    JsonCodec.optionalBoolean(body, "refund_query_timeout", false));
        } catch (IllegalArgumentException outOfRange) {
            throw SandboxApiException.invalid(outOfRange.getMessage());
        }
    }

    private static ObjectNode behaviourJson(Behaviour behaviour) {
        ObjectNode json = JsonCodec.object();
        json.put("duplicates", behaviour.duplicates());
        json.put("out_of_order", behaviour.outOfOrder());
        json.put("delay_ms", behaviour.delayMs());
        json.put("drop_callbacks", behaviour.dropCallbacks());
        json.put("query_timeout", behaviour.queryTimeout());
        if (behaviour.reportAmountMinor() == null) {
            json.putNull("report_amount_minor");
        } else {
            json.put("report_amount_minor", behaviour.reportAmountMinor());
        }
        json.put("refund_timeout", behaviour.refundTimeout());
        json.put("refund_processing", behaviour.refundProcessing());
        if (behaviour.refundSettleMs() == null) {
            json.putNull("refund_settle_ms");
        } else {
            json.put("refund_settle_ms", behaviour.refundSettleMs());
        }
        json.put("refund_fail", behaviour.refundFail());
        json.put("refund_query_timeout", behaviour.refundQueryTimeout());
        return json;
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
