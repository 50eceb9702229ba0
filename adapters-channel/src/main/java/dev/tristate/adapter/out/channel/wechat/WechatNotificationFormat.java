package dev.tristate.adapter.out.channel.wechat;

import com.wechat.pay.java.core.cipher.AeadAesCipher;
import com.wechat.pay.java.core.cipher.RSAVerifier;
import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.exception.DecryptionException;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.core.util.PemUtil;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.model.RefundNotification;
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
import dev.tristate.domain.payment.RefundAnswer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat Pay v3 notifications ({@code TRANSACTION.SUCCESS}, {@code REFUND.*}), per merchant at
 * {@code /callbacks/wechat/{mchid}}: the path names the merchant, since only the encrypted resource does. The
 * signature ({@code Wechatpay-Signature} over {@code timestamp\nnonce\nbody\n}) is checked with the SDK's
 * {@link RSAVerifier} and the platform key whose id the {@code Wechatpay-Serial} names, among the tenant's valid ones
 * (two while WeChat Pay rotates its key); the timestamp must be within five minutes of our clock, either way. Once
 * verified, the SDK's {@link NotificationParser} verifies again and decrypts the resource (AEAD_AES_256_GCM) under
 * the tenant's APIv3 key; the result must name the path's {@code mchid} and one of the tenant's app ids. A payment
 * notification reports SUCCESS with its amount; a refund notification is the refund's answer (SUCCESS, PROCESSING, or
 * ABNORMAL and CLOSED as refusals). Answers: 204 on success; otherwise 4xx or 5xx with
 * {@code {"code":"FAIL","message":...}}, and WeChat Pay sends the notification again. A notification held for review
 * is answered failure too ({@link #heldAnswer}).
 */
public final class WechatNotificationFormat extends AbstractNotificationFormat {

    public static final String CHANNEL = "wechat";
    /** The tenant's platform public keys, {@code id:base64} ({@code CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY}). */
    public static final String SECRET_NAME = "platform-public-key";
    public static final String APIV3_KEY = "apiv3-key";
    public static final String APP_ID = "app-id";
    static final String SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";
    static final String AEAD = "AEAD_AES_256_GCM";
    private static final JsonMapper ANSWERS = JsonMapper.builder().build();

    private final ReplayWindow replayWindow = ReplayWindow.FIVE_MINUTES;

    public WechatNotificationFormat() {
        super(CHANNEL, SECRET_NAME);
    }

    @Override
    public List<String> openingSecretNames() {
        return List.of(APIV3_KEY, APP_ID);
    }

    /** The envelope: its {@code id} and the path's merchant; what it says is sealed until {@link #open}. */
    @Override
    protected ParseResult.Parsed read(RawNotification raw) {
        String mchid = mchid(raw.tenantHint());
        JsonFields envelope = JsonFields.readObject(raw.body());
        String id = envelope.requiredIdentifier("id");
        envelope.requiredString("event_type");
        JsonFields resource = envelope.requiredObject("resource");
        resource.requiredString("algorithm");
        resource.requiredString("ciphertext");
        resource.requiredString("nonce");
        return new ParseResult.Parsed(id, mchid, null, null, null, null, null);
    }

    @Override
    protected Verification verifySignature(RawNotification raw, List<String> secrets, Instant now) {
        Optional<Signed> signed = signed(raw);
        if (signed.isEmpty()) {
            return Verification.BAD_SIGNATURE;
        }
        Signed s = signed.get();
        if (!platformVerifier(secrets).verify(s.serial(), s.message(), s.signature())) {
            return Verification.BAD_SIGNATURE;
        }
        long timestamp;
        try {
            timestamp = Long.parseLong(s.timestamp());
        } catch (NumberFormatException e) {
            return Verification.STALE_TIMESTAMP;
        }
        return replayWindow.admits(timestamp, now) ? Verification.VALID : Verification.STALE_TIMESTAMP;
    }

    @Override
    public ParseResult open(RawNotification raw, List<String> secrets, Map<String, List<String>> opening) {
        try {
            return opened(raw, secrets, opening);
        } catch (UnreadableNotification e) {
            return e.malformed();
        }
    }

    private ParseResult opened(RawNotification raw, List<String> secrets, Map<String, List<String>> opening) {
        ParseResult.Parsed envelope = read(raw);
        Signed s = signed(raw).orElseThrow(() -> new UnreadableNotification("The signature headers are missing."));
        String eventType = JsonFields.readObject(raw.body()).requiredString("event_type");
        boolean refund = eventType.startsWith("REFUND.");
        if (!refund && !eventType.equals("TRANSACTION.SUCCESS")) {
            return envelope;
        }
        List<String> apiV3Keys = opening.getOrDefault(APIV3_KEY, List.of());
        if (apiV3Keys.isEmpty()) {
            throw new UnreadableNotification("The merchant has no APIv3 key to decrypt the notification with.");
        }
        RequestParam request = new RequestParam.Builder().serialNumber(s.serial()).nonce(s.nonce())
                .signature(s.signature()).timestamp(s.timestamp()).signType(SIGN_TYPE).body(s.body()).build();
        Verifier verifier = platformVerifier(secrets);
        for (String key : apiV3Keys) {
            NotificationParser parser = new NotificationParser(Map.of(SIGN_TYPE, verifier),
                    Map.of(AEAD, new AeadAesCipher(key.getBytes(StandardCharsets.UTF_8))));
            try {
                return refund ? refund(envelope, parser.parse(request, RefundResource.class))
                        : payment(envelope, parser.parse(request, Transaction.class),
                        opening.getOrDefault(APP_ID, List.of()));
            } catch (DecryptionException | IllegalArgumentException wrongKeyOrTampered) {
                // The next APIv3 key, if the merchant is rotating it; a tampered resource opens with none.
            } catch (UnreadableNotification e) {
                throw e;
            } catch (RuntimeException unreadable) {
                throw new UnreadableNotification("The resource does not decrypt to a WeChat Pay object.");
            }
        }
        throw new UnreadableNotification("The resource does not decrypt with the merchant's APIv3 key (tampered "
                + "ciphertext, nonce or associated data, or another key).");
    }

    private static ParseResult.Parsed payment(ParseResult.Parsed envelope, Transaction t, List<String> appIds) {
        sameMerchant(envelope, t.getMchid());
        if (t.getAppid() == null || !appIds.contains(t.getAppid())) {
            throw new UnreadableNotification("Field appid is not an app id of this merchant.");
        }
        if (t.getTradeState() != Transaction.TradeStateEnum.SUCCESS) {
            throw new UnreadableNotification("Field trade_state must be SUCCESS in TRANSACTION.SUCCESS.");
        }
        String outTradeNo = NotificationFields.identifier("out_trade_no", t.getOutTradeNo());
        String transactionId = NotificationFields.identifier("transaction_id", t.getTransactionId());
        if (t.getAmount() == null || t.getAmount().getTotal() == null || t.getAmount().getTotal() < 0) {
            throw new UnreadableNotification("Field amount.total must be a non-negative integer.");
        }
        Money amount = NotificationFields.money(t.getAmount().getTotal(), t.getAmount().getCurrency(),
                "amount.currency");
        return new ParseResult.Parsed(envelope.notifyId(), envelope.merchantKey(), outTradeNo, transactionId,
                ChannelTradeStatus.SUCCESS, amount, time(t.getSuccessTime(), "success_time"));
    }

    /** The SDK's refund notification, with the {@code mchid} WeChat Pay sends and the SDK's model leaves out. */
    static final class RefundResource extends RefundNotification {
        private String mchid;

        String mchid() {
            return mchid;
        }
    }

    private static ParseResult.Parsed refund(ParseResult.Parsed envelope, RefundResource r) {
        sameMerchant(envelope, r.mchid());
        String outTradeNo = NotificationFields.identifier("out_trade_no", r.getOutTradeNo());
        String outRefundNo = NotificationFields.identifier("out_refund_no", r.getOutRefundNo());
        String refundId = NotificationFields.identifier("refund_id", r.getRefundId());
        if (r.getAmount() == null || r.getAmount().getRefund() == null || r.getAmount().getRefund() < 1
                || r.getRefundStatus() == null) {
            throw new UnreadableNotification("Fields refund_status and amount.refund are required.");
        }
        Money amount = Money.of(r.getAmount().getRefund(), "CNY");
        String raw = r.toString();
        RefundAnswer answer = switch (r.getRefundStatus()) {
            case SUCCESS -> new RefundAnswer.Succeeded(refundId, amount, time(r.getSuccessTime(), "success_time"),
                    raw);
            case PROCESSING -> new RefundAnswer.Processing(raw);
            case ABNORMAL, CLOSED -> new RefundAnswer.Refused("WeChat Pay refund " + r.getRefundStatus(), raw);
        };
        return new ParseResult.Parsed(envelope.notifyId(), envelope.merchantKey(), outTradeNo, refundId, null,
                amount, null, new ParseResult.RefundNotice(outRefundNo, answer));
    }

    private static void sameMerchant(ParseResult.Parsed envelope, String mchid) {
        if (!envelope.merchantKey().equals(mchid)) {
            throw new UnreadableNotification("Field mchid names another merchant than the callback path.");
        }
    }

    private static Instant time(String text, String field) {
        try {
            return WechatTime.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UnreadableNotification("Field " + field + " is not an RFC 3339 time.");
        }
    }

    @Override
    public ChannelAnswer answer(AnswerKind kind, String message) {
        return switch (kind) {
            case SUCCESS -> new ChannelAnswer(204, "application/json", "");
            case INVALID -> fail(400, message == null || message.isBlank() ? "The notification is malformed."
                    : message);
            case BAD_SIGNATURE -> fail(401, "The signature does not verify.");
            case RETRY -> fail(503, "The notification was not recorded; send it again later.");
        };
    }

    /**
     * WeChat Pay asks merchants to refuse a notification their checks reject (another amount, another merchant's
     * order), so a held one is answered 409 {@code FAIL}: WeChat Pay sends it again on its schedule, each copy is
     * recorded as a duplicate with this same answer, and the one review case stays open for a person.
     */
    @Override
    public ChannelAnswer heldAnswer() {
        return fail(409, "The notification disagrees with the merchant's order; it is held for review.");
    }

    private static ChannelAnswer fail(int status, String message) {
        return new ChannelAnswer(status, "application/json",
                ANSWERS.writeValueAsString(Map.of("code", "FAIL", "message", message)));
    }

    private static String mchid(String tenantHint) {
        if (tenantHint == null || tenantHint.isBlank()) {
            throw new UnreadableNotification(
                    "The callback path does not name the merchant: expected /callbacks/wechat/{mchid}.");
        }
        String mchid = NotificationFields.identifier("mchid", tenantHint);
        if (!mchid.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new UnreadableNotification("The mchid in the callback path has digits only.");
        }
        return mchid;
    }

    /** The signed parts of a notification: each header exactly once, the body as strict UTF-8. */
    private record Signed(String serial, String timestamp, String nonce, String signature, String body) {
        String message() {
            return timestamp + "\n" + nonce + "\n" + body + "\n";
        }
    }

    private static Optional<Signed> signed(RawNotification raw) {
        List<String> serial = raw.headerValues("Wechatpay-Serial");
        List<String> timestamp = raw.headerValues("Wechatpay-Timestamp");
        List<String> nonce = raw.headerValues("Wechatpay-Nonce");
        List<String> signature = raw.headerValues("Wechatpay-Signature");
        if (serial.size() != 1 || timestamp.size() != 1 || nonce.size() != 1 || signature.size() != 1) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Signed(serial.get(0), timestamp.get(0), nonce.get(0), signature.get(0),
                    NotificationFields.utf8Body(raw.body())));
        } catch (UnreadableNotification e) {
            return Optional.empty();
        }
    }

    /** The SDK's verifiers of the tenant's platform keys; a serial none of them has verifies nothing. */
    private static Verifier platformVerifier(List<String> secrets) {
        List<RSAVerifier> verifiers = secrets.stream().map(WechatMerchantKeys.PlatformKey::parse)
                .flatMap(Optional::stream).flatMap(key -> {
                    try {
                        return java.util.stream.Stream.of(new RSAVerifier(PemUtil.loadPublicKeyFromString(
                                key.publicKey()), key.id()));
                    } catch (RuntimeException unusable) {
                        return java.util.stream.Stream.empty();
                    }
                }).toList();
        return new Verifier() {
            @Override
            public boolean verify(String serial, String message, String signature) {
                return verifiers.stream().anyMatch(v -> v.getSerialNumber().equals(serial) && verifies(v, serial,
                        message, signature));
            }

            @Override
            public String getSerialNumber() {
                return verifiers.isEmpty() ? "" : verifiers.get(0).getSerialNumber();
            }
        };
    }

    private static boolean verifies(RSAVerifier verifier, String serial, String message, String signature) {
        try {
            return verifier.verify(serial, message, signature);
        } catch (RuntimeException garbled) {
            // A signature that is not base64 is not a signature.
            return false;
        }
    }
}
