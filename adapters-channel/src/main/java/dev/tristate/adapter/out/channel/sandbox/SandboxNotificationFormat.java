package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.adapter.out.channel.AbstractNotificationFormat;
import dev.tristate.adapter.out.channel.JsonFields;
import dev.tristate.adapter.out.channel.NotificationFields;
import dev.tristate.adapter.out.channel.ReplayWindow;
import dev.tristate.adapter.out.channel.UnreadableNotification;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/** The sandbox channel's notifications, exactly as in {@code contracts/sandbox-channel.md}. */
public final class SandboxNotificationFormat extends AbstractNotificationFormat {

    public static final String CHANNEL = "sandbox";
    public static final String SECRET_NAME = "signing-secret";

    private static final JsonMapper ANSWERS = JsonMapper.builder().build();

    private final ReplayWindow replayWindow = ReplayWindow.FIVE_MINUTES;

    public SandboxNotificationFormat() {
        super(CHANNEL, SECRET_NAME);
    }

    @Override
    protected ParseResult.Parsed read(RawNotification raw) {
        JsonFields body = JsonFields.readObject(raw.body());
        String notifyId = body.requiredIdentifier("notify_id");
        String merchantId = body.requiredIdentifier("merchant_id");
        String outTradeNo = body.requiredIdentifier("out_trade_no");
        String tradeNo = body.requiredIdentifier("trade_no");
        ChannelTradeStatus status = tradeStatus(body.requiredString("trade_status"));
        long amountMinor = body.requiredNonNegativeLong("amount_minor");
        Money amount = NotificationFields.money(amountMinor, body.requiredString("currency"), "currency");
        Instant eventTime = rfc3339Instant(body.requiredString("event_time"), "event_time");
        return new ParseResult.Parsed(notifyId, merchantId, outTradeNo, tradeNo, status, amount, eventTime);
    }

    @Override
    protected Verification verifySignature(RawNotification raw, List<String> secrets, Instant now) {
        List<String> headerValues = raw.headerValues(SandboxSignature.HEADER);
        if (headerValues.size() != 1) {
            return Verification.BAD_SIGNATURE;
        }
        Optional<SandboxSignature.Header> header = SandboxSignature.Header.parse(headerValues.get(0));
        if (header.isEmpty() || !signedByAny(header.get(), raw.body(), secrets)) {
            return Verification.BAD_SIGNATURE;
        }
        return replayWindow.admits(header.get().t(), now) ? Verification.VALID : Verification.STALE_TIMESTAMP;
    }

    private static boolean signedByAny(SandboxSignature.Header header, byte[] body, List<String> secrets) {
        for (String secret : secrets) {
            byte[] expected = SandboxSignature.v1(secret, header.t(), body).getBytes(StandardCharsets.US_ASCII);
            for (String candidate : header.v1()) {
                if (MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII))) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public ChannelAnswer answer(AnswerKind kind, String message) {
        return switch (kind) {
            case SUCCESS -> json(200, "SUCCESS", null);
            case INVALID -> json(400, "INVALID",
                    message == null || message.isBlank() ? "The notification is malformed." : message);
            case BAD_SIGNATURE -> json(401, "BAD_SIGNATURE", null);
            case RETRY -> json(503, "RETRY", null);
        };
    }

    private static ChannelAnswer json(int status, String code, String message) {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("code", code);
        if (message != null) {
            body.put("message", message);
        }
        return new ChannelAnswer(status, "application/json", ANSWERS.writeValueAsString(body));
    }

    private static ChannelTradeStatus tradeStatus(String value) {
        for (ChannelTradeStatus status : ChannelTradeStatus.values()) {
            if (status.name().equals(value)) {
                return status;
            }
        }
        throw new UnreadableNotification("Field trade_status must be PROCESSING, SUCCESS, FAILED or CLOSED.");
    }

    private static Instant rfc3339Instant(String value, String field) {
        return Rfc3339.parse(value).orElseThrow(() -> new UnreadableNotification(
                "Field " + field + " must be an RFC 3339 date-time with an offset."));
    }
}
