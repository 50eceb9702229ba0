package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.RefundAnswer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the sandbox's answers mean for the port: a body read into the port's answer, an HTTP status that is not an
 * answer into a {@link ChannelFailure}. An answer that came but cannot be read is UNKNOWN, never "no": the sandbox
 * may have acted.
 */
final class SandboxAnswers {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int EXCERPT_LENGTH = 200;

    private SandboxAnswers() {
    }

    /** A status that is not an answer to a trade call or a statement: 4xx DEFINITE, 5xx RETRYABLE, else UNKNOWN. */
    static ChannelFailure statusFailure(int status, byte[] body, String what) {
        String answer = "the sandbox answered HTTP " + status + " to " + what + excerpt(body);
        return new ChannelFailure(status >= 500 ? OutcomeClass.RETRYABLE
                : status >= 400 ? OutcomeClass.DEFINITE : OutcomeClass.UNKNOWN, answer, null);
    }

    /**
     * A status that is not an answer to a refund call. A 4xx is the sandbox refusing the request: DEFINITE. A 404
     * counts only in the sandbox's own words (else it may come from anything between us). Anything else, 5xx
     * included: UNKNOWN.
     */
    static ChannelFailure refundFailure(int status, byte[] body, String what) {
        String answer = "the sandbox answered HTTP " + status + " to " + what + excerpt(body);
        boolean refusedRequest = status >= 400 && status < 500 && (status != 404 || isNotFound(body));
        return new ChannelFailure(refusedRequest ? OutcomeClass.DEFINITE : OutcomeClass.UNKNOWN, answer, null);
    }

    /** Whether the body is the sandbox's own {@code NOT_FOUND} error answer. */
    static boolean isNotFound(byte[] body) {
        return "NOT_FOUND".equals(code(body));
    }

    /** The pay URL in the sandbox's answer to a trade registration. */
    static String payUrl(byte[] body, String outTradeNo) {
        try {
            JsonNode answer = JSON.readTree(body);
            JsonNode payUrl = answer == null ? null : answer.get("pay_url");
            JsonNode echoed = answer == null ? null : answer.get("out_trade_no");
            if (payUrl != null && payUrl.isString() && !payUrl.stringValue().isBlank()
                    && echoed != null && echoed.isString() && echoed.stringValue().equals(outTradeNo)) {
                return payUrl.stringValue();
            }
        } catch (JacksonException e) {
            // falls through: the sandbox acted, but its answer cannot be used
        }
        throw new ChannelFailure(OutcomeClass.UNKNOWN, "the sandbox accepted trade " + outTradeNo
                + " but its answer has no usable pay_url for it" + excerpt(body), null);
    }

    static ChannelReport queryReport(byte[] body, String outTradeNo) {
        try {
            JsonNode answer = JSON.readTree(body);
            String echoed = text(answer, "out_trade_no");
            if (!outTradeNo.equals(echoed)) {
                throw new IllegalArgumentException("the answer is about trade " + echoed);
            }
            String tradeNo = text(answer, "trade_no");
            JsonNode amount = answer.get("amount_minor");
            if (amount == null || !amount.isIntegralNumber()) {
                throw new IllegalArgumentException("amount_minor is not an integer");
            }
            return new ChannelReport(ChannelTradeStatus.valueOf(text(answer, "trade_status")),
                    Money.of(amount.longValue(), text(answer, "currency")),
                    tradeNo == null ? null : new ChannelTxnId(tradeNo), Instant.parse(text(answer, "event_time")));
        } catch (JacksonException | IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            // The channel answered, but not in a way we can read: we still do not know where the trade stands.
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable answer to the query of trade " + outTradeNo
                    + ": " + e.getMessage() + excerpt(body), e);
        }
    }

    /** SUCCESS: Succeeded, PROCESSING: Processing, FAILED: Refused with the channel's fail_reason. */
    static RefundAnswer refundAnswer(byte[] body, String outTradeNo, String outRefundNo, String what) {
        String raw = raw(body);
        try {
            JsonNode answer = JSON.readTree(body);
            if (!outTradeNo.equals(text(answer, "out_trade_no"))
                    || !outRefundNo.equals(text(answer, "out_refund_no"))) {
                throw new IllegalArgumentException("the answer is about refund " + text(answer, "out_refund_no")
                        + " of trade " + text(answer, "out_trade_no"));
            }
            String refundStatus = String.valueOf(text(answer, "refund_status"));
            switch (refundStatus) {
                case "SUCCESS" -> {
                    JsonNode amount = answer.get("amount_minor");
                    if (amount == null || !amount.isIntegralNumber() || !amount.canConvertToLong()) {
                        throw new IllegalArgumentException("amount_minor is not an integer");
                    }
                    return new RefundAnswer.Succeeded(text(answer, "refund_no"),
                            Money.of(amount.longValue(), text(answer, "currency")),
                            Instant.parse(text(answer, "event_time")), raw);
                }
                case "PROCESSING" -> {
                    return new RefundAnswer.Processing(raw);
                }
                case "FAILED" -> {
                    String reason = text(answer, "fail_reason");
                    return new RefundAnswer.Refused(reason == null || reason.isBlank()
                            ? "the sandbox failed the refund without a reason" : reason, raw);
                }
                default -> throw new IllegalArgumentException("refund_status " + refundStatus + " is unknown");
            }
        } catch (JacksonException | IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            // The sandbox answered, but not in a way we can read: it may have refunded.
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable answer to " + what + ": " + e.getMessage()
                    + excerpt(body), e);
        }
    }

    /** The body as the sandbox sent it, for the port's raw answer. */
    static String raw(byte[] body) {
        return new String(body == null ? new byte[0] : body, StandardCharsets.UTF_8);
    }

    /** The {@code code} of the sandbox's error answer, or null. */
    private static String code(byte[] body) {
        try {
            return body == null || body.length == 0 ? null : text(JSON.readTree(body), "code");
        } catch (JacksonException e) {
            return null;
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || !value.isString() ? null : value.stringValue();
    }

    private static String excerpt(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\p{Cntrl}", " ");
        return ": " + (text.length() > EXCERPT_LENGTH ? text.substring(0, EXCERPT_LENGTH) + "..." : text);
    }
}
