package dev.tristate.adapter.out.channel.stripe;

import com.stripe.exception.SignatureVerificationException;
import com.stripe.net.Webhook;
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
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stripe webhook events about PaymentIntents and Checkout Sessions. The endpoint is per tenant
 * ({@code /callbacks/stripe/{account}}), so the merchant key is the path's tenant hint. The signature
 * ({@code Stripe-Signature}) is checked by the official SDK over the raw body; the event is read strictly with Jackson
 * rather than bound by the SDK, whose binding depends on the account's API version.
 * <p>
 * {@code checkout.session.completed} (and {@code async_payment_succeeded}) with {@code payment_status} {@code paid}
 * is a SUCCESS whose trade is the session's {@code payment_intent}; {@code async_payment_failed} is a FAILED,
 * {@code expired} a CLOSED. Refund events ({@code charge.refunded}, {@code refund.*}) and every other type are genuine
 * events without a status: the callback side has no refund notifications (a refund's outcome comes from its call and
 * its query), so they are recorded and acknowledged. So are events of objects this system did not create (no
 * {@code metadata.out_trade_no}).
 */
public final class StripeNotificationFormat extends AbstractNotificationFormat {

    public static final String CHANNEL = "stripe";
    public static final String SECRET_NAME = "stripe-endpoint-secret";
    public static final String SIGNATURE_HEADER = "Stripe-Signature";

    /** With a tolerance of 0 the SDK checks the signature only (see {@link #verifySignature}). */
    private static final long SIGNATURE_ONLY = 0;

    private static final Map<String, ChannelTradeStatus> STATUSES = Map.of(
            "payment_intent.succeeded", ChannelTradeStatus.SUCCESS,
            "payment_intent.processing", ChannelTradeStatus.PROCESSING,
            "payment_intent.payment_failed", ChannelTradeStatus.FAILED,
            "payment_intent.canceled", ChannelTradeStatus.CLOSED);

    private static final Map<String, ChannelTradeStatus> SESSION_STATUSES = Map.of(
            "checkout.session.completed", ChannelTradeStatus.SUCCESS,
            "checkout.session.async_payment_succeeded", ChannelTradeStatus.SUCCESS,
            "checkout.session.async_payment_failed", ChannelTradeStatus.FAILED,
            "checkout.session.expired", ChannelTradeStatus.CLOSED);

    private static final Pattern LOWER_CASE_CODE = Pattern.compile("[a-z]{3}");
    private static final JsonMapper ANSWERS = JsonMapper.builder().build();

    private final ReplayWindow replayWindow = ReplayWindow.FIVE_MINUTES;

    public StripeNotificationFormat() {
        super(CHANNEL, SECRET_NAME);
    }

    @Override
    protected ParseResult.Parsed read(RawNotification raw) {
        String account = account(raw.tenantHint());
        JsonFields event = JsonFields.readObject(raw.body());
        String eventId = event.requiredIdentifier("id");
        String type = event.requiredString("type");
        Instant created = epochSeconds(event.requiredNonNegativeLong("created"), event.label("created"));
        if (SESSION_STATUSES.containsKey(type)) {
            return session(event, eventId, account, SESSION_STATUSES.get(type), created);
        }
        ChannelTradeStatus status = STATUSES.get(type);
        if (status == null) {
            return new ParseResult.Parsed(eventId, account, null, null, null, null, created);
        }
        JsonFields intent = event.requiredObject("data").requiredObject("object");
        if (!"payment_intent".equals(intent.requiredString("object"))) {
            throw new UnreadableNotification("Field " + intent.label("object") + " must be payment_intent.");
        }
        String tradeNo = intent.requiredIdentifier("id");
        long amountMinor = intent.requiredNonNegativeLong("amount");
        Money amount = money(amountMinor, intent.requiredString("currency"), intent.label("currency"));
        Optional<JsonFields> metadata = intent.optionalObject("metadata");
        if (metadata.isEmpty() || !metadata.get().has("out_trade_no")) {
            // A PaymentIntent this system did not create (another integration on the same Stripe account): recorded
            // and acknowledged as a genuine event without a status, so that Stripe stops sending it. Ours always
            // carry out_trade_no; a malformed one is still refused below.
            return new ParseResult.Parsed(eventId, account, null, null, null, null, created);
        }
        String outTradeNo = metadata.get().requiredIdentifier("out_trade_no");
        return new ParseResult.Parsed(eventId, account, outTradeNo, tradeNo, status, amount, created);
    }

    /**
     * The SDK's {@code verifyHeader} takes a {@link Clock}, so we hand it {@code now} and never read the system clock.
     * But it only refuses timestamps older than the tolerance (a future one passes), and it reports that with the same
     * exception as a bad signature. So the SDK checks the signature alone (tolerance 0 turns its time check off), and
     * the five-minute window is applied both ways to the same {@code t} the SDK verified.
     */
    @Override
    protected Verification verifySignature(RawNotification raw, List<String> secrets, Instant now) {
        List<String> headers = raw.headerValues(SIGNATURE_HEADER);
        if (headers.size() != 1) {
            return Verification.BAD_SIGNATURE;
        }
        String header = headers.get(0);
        String payload;
        try {
            // Strict, so that the SDK's re-encoding of the payload gives back exactly the bytes received.
            payload = NotificationFields.utf8Body(raw.body());
        } catch (UnreadableNotification e) {
            return Verification.BAD_SIGNATURE;
        }
        Clock clock = Clock.fixed(now, ZoneOffset.UTC);
        if (secrets.stream().noneMatch(secret -> signatureMatches(payload, header, secret, clock))) {
            return Verification.BAD_SIGNATURE;
        }
        OptionalLong t = signedTimestamp(header);
        return t.isPresent() && replayWindow.admits(t.getAsLong(), now)
                ? Verification.VALID : Verification.STALE_TIMESTAMP;
    }

    private static boolean signatureMatches(String payload, String header, String secret, Clock clock) {
        try {
            return Webhook.Signature.verifyHeader(payload, header, secret, SIGNATURE_ONLY, clock);
        } catch (SignatureVerificationException | RuntimeException e) {
            // The SDK throws unchecked exceptions for some garbled headers ("t=abc", "v1" without "=").
            return false;
        }
    }

    /** The {@code t} the SDK signs over: the first {@code t=} entry, as {@code Webhook.Signature} reads it. */
    private static OptionalLong signedTimestamp(String header) {
        for (String item : header.split(",", -1)) {
            String[] entry = item.split("=", 2);
            if (entry[0].equals("t") && entry.length == 2) {
                try {
                    return OptionalLong.of(Long.parseLong(entry[1]));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    @Override
    public ChannelAnswer answer(AnswerKind kind, String message) {
        return switch (kind) {
            case SUCCESS -> json(200, Map.of("received", true));
            case INVALID -> json(400, Map.of("error",
                    message == null || message.isBlank() ? "The event is malformed." : message));
            // Stripe documents a 400 for an event whose signature does not verify.
            case BAD_SIGNATURE -> json(400, Map.of("error", "The signature does not verify."));
            case RETRY -> json(503, Map.of("error", "The event was not recorded; send it again later."));
        };
    }

    private static ChannelAnswer json(int status, Map<String, Object> body) {
        return new ChannelAnswer(status, "application/json", ANSWERS.writeValueAsString(body));
    }

    private static String account(String tenantHint) {
        if (tenantHint == null || tenantHint.isBlank()) {
            throw new UnreadableNotification(
                    "The callback path does not name the Stripe account: expected /callbacks/stripe/{account}.");
        }
        return NotificationFields.identifier("account", tenantHint);
    }

    /**
     * A Checkout Session event. A completed session that is not paid yet (a delayed payment method) says nothing
     * final: it is acknowledged without a status, and its {@code async_payment_*} event or the intent's tells.
     */
    private static ParseResult.Parsed session(JsonFields event, String eventId, String account,
                                              ChannelTradeStatus status, Instant created) {
        JsonFields session = event.requiredObject("data").requiredObject("object");
        if (!"checkout.session".equals(session.requiredString("object"))) {
            throw new UnreadableNotification("Field " + session.label("object") + " must be checkout.session.");
        }
        Optional<JsonFields> metadata = session.optionalObject("metadata");
        boolean paidOrNotFinal = status != ChannelTradeStatus.SUCCESS
                || "paid".equals(session.requiredString("payment_status"));
        if (metadata.isEmpty() || !metadata.get().has("out_trade_no") || !paidOrNotFinal) {
            return new ParseResult.Parsed(eventId, account, null, null, null, null, created);
        }
        String outTradeNo = metadata.get().requiredIdentifier("out_trade_no");
        String tradeNo = status == ChannelTradeStatus.SUCCESS || session.has("payment_intent")
                ? session.requiredIdentifier("payment_intent") : null;
        Money amount = money(session.requiredNonNegativeLong("amount_total"), session.requiredString("currency"),
                session.label("currency"));
        return new ParseResult.Parsed(eventId, account, outTradeNo, tradeNo, status, amount, created);
    }

    private static Money money(long minor, String code, String field) {
        if (!LOWER_CASE_CODE.matcher(code).matches()) {
            throw new UnreadableNotification("Field " + field + " must be a lower-case ISO 4217 currency code.");
        }
        String upper = code.toUpperCase(Locale.ROOT);
        if (StripeAmounts.SPECIAL.contains(upper)) {
            throw new UnreadableNotification(
                    "Field " + field + " names a currency whose Stripe minor unit differs from ISO 4217.");
        }
        return NotificationFields.money(minor, upper, field);
    }

    private static Instant epochSeconds(long seconds, String field) {
        try {
            return Instant.ofEpochSecond(seconds);
        } catch (DateTimeException e) {
            throw new UnreadableNotification("Field " + field + " is not a time in unix seconds.");
        }
    }
}
