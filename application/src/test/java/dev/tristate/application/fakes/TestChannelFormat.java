package dev.tristate.application.fakes;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal channel for service tests: the body is {@code key=value&...}, the signature header is the secret plus the
 * body's length, and {@code x-time} is the signed timestamp (300 s tolerance). Simple on purpose: the real formats
 * are tested in their adapter; here the service's decisions are under test.
 */
public class TestChannelFormat implements ChannelNotificationFormat {

    public static final String CHANNEL = "test";

    public static String body(String notifyId, String merchant, String outTradeNo, String tradeNo, String status,
                       long amountMinor, String currency, Instant eventTime) {
        return "notify_id=" + notifyId + "&merchant=" + merchant + "&out_trade_no=" + outTradeNo + "&trade_no="
                + tradeNo + "&status=" + status + "&amount=" + amountMinor + "&currency=" + currency + "&time="
                + eventTime;
    }

    public static Map<String, List<String>> signedHeaders(String secret, String body, Instant at) {
        return Map.of("X-Signature", List.of(secret + ":" + body.getBytes(StandardCharsets.UTF_8).length),
                "X-Time", List.of(at.toString()));
    }

    @Override
    public String channel() {
        return CHANNEL;
    }

    @Override
    public String secretName() {
        return "signing-secret";
    }

    @Override
    public ParseResult parse(RawNotification raw) {
        Map<String, String> fields = new HashMap<>();
        for (String pair : new String(raw.body(), StandardCharsets.UTF_8).split("&")) {
            int eq = pair.indexOf('=');
            if (eq < 1) {
                return new ParseResult.Malformed("not key=value pairs");
            }
            fields.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        try {
            String status = fields.get("status");
            return new ParseResult.Parsed(fields.get("notify_id"), fields.get("merchant"), fields.get("out_trade_no"),
                    fields.get("trade_no"), status.equals("OTHER") ? null : ChannelTradeStatus.valueOf(status),
                    Money.of(Long.parseLong(fields.get("amount")), fields.get("currency")),
                    Instant.parse(fields.get("time")));
        } catch (RuntimeException e) {
            return new ParseResult.Malformed("bad field: " + e.getMessage());
        }
    }

    @Override
    public Verification verify(RawNotification raw, List<String> secrets, Instant now) {
        String time = raw.header("x-time");
        if (time == null || Duration.between(Instant.parse(time), now).abs().getSeconds() > 300) {
            return Verification.STALE_TIMESTAMP;
        }
        String signature = raw.header("x-signature");
        for (String secret : secrets) {
            if ((secret + ":" + raw.body().length).equals(signature)) {
                return Verification.VALID;
            }
        }
        return Verification.BAD_SIGNATURE;
    }

    @Override
    public ChannelAnswer answer(AnswerKind kind, String message) {
        int status = switch (kind) {
            case SUCCESS -> 200;
            case INVALID -> 400;
            case BAD_SIGNATURE -> 401;
            case RETRY -> 503;
        };
        return new ChannelAnswer(status, "text/plain", kind.name());
    }
}
