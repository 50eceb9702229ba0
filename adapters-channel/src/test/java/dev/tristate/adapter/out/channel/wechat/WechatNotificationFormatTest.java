package dev.tristate.adapter.out.channel.wechat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.testing.WechatPlatformCertificate;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay notifications as WeChat Pay builds them (signed with a platform key, the resource encrypted under the
 * APIv3 key), and each bad input the issue lists refused: a wrong serial, a stale or future timestamp, a tampered
 * ciphertext, nonce or associated data, the right signature over another body, another merchant's mchid.
 */
class WechatNotificationFormatTest {

    private static final Instant NOW = Instant.parse("2030-07-01T02:00:00Z");
    private static final String MCHID = "1900000109";
    private static final String APP_ID = "wx0123456789abcdef";
    private static final String APIV3 = "0123456789abcdefABCDEF0123456789";
    private static final String KEY_ID = "PUB_KEY_ID_0100000000000000000000000000000001";
    private static final String NEW_KEY_ID = "PUB_KEY_ID_0100000000000000000000000000000002";
    private static final KeyPair PLATFORM = rsa();
    private static final KeyPair NEW_PLATFORM = rsa();

    private final WechatNotificationFormat format = new WechatNotificationFormat();
    private final List<String> platformKeys = List.of(stored(KEY_ID, PLATFORM));
    private final Map<String, List<String>> opening = Map.of(WechatNotificationFormat.APIV3_KEY, List.of(APIV3),
            WechatNotificationFormat.APP_ID, List.of(APP_ID));

    private static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String stored(String id, KeyPair pair) {
        return id + ":" + Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
    }

    static String transaction(String mchid, String appid, long total) {
        return "{\"mchid\":\"" + mchid + "\",\"appid\":\"" + appid + "\",\"out_trade_no\":\"pay_0001\","
                + "\"transaction_id\":\"4200000000000000000000000001\",\"trade_type\":\"NATIVE\","
                + "\"trade_state\":\"SUCCESS\",\"success_time\":\"2030-07-01T10:00:00+08:00\","
                + "\"amount\":{\"total\":" + total + ",\"currency\":\"CNY\",\"payer_total\":" + total
                + ",\"payer_currency\":\"CNY\"}}";
    }

    static String encrypt(String key, String aad, String nonce, String plaintext) {
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            gcm.updateAAD(aad.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(gcm.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static String envelope(String eventType, String type, String ciphertext, String aad, String nonce) {
        return "{\"id\":\"EV-2030-0001\",\"create_time\":\"2030-07-01T10:00:01+08:00\",\"resource_type\":"
                + "\"encrypt-resource\",\"event_type\":\"" + eventType + "\",\"summary\":\"x\",\"resource\":{"
                + "\"original_type\":\"" + type + "\",\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\""
                + ciphertext + "\",\"associated_data\":\"" + aad + "\",\"nonce\":\"" + nonce + "\"}}";
    }

    static String sign(PrivateKey key, String message) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(key);
            rsa.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(rsa.sign());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static RawNotification signed(String mchidInPath, String body, String serial, PrivateKey key, long timestamp,
                                  String signedBody) {
        String nonce = "N0NCE0123456789";
        return new RawNotification("wechat", mchidInPath, Map.of("Wechatpay-Serial", List.of(serial),
                "Wechatpay-Timestamp", List.of(Long.toString(timestamp)), "Wechatpay-Nonce", List.of(nonce),
                "Wechatpay-Signature", List.of(sign(key, timestamp + "\n" + nonce + "\n" + signedBody + "\n")),
                "Wechatpay-Signature-Type", List.of("WECHATPAY2-SHA256-RSA2048")),
                body.getBytes(StandardCharsets.UTF_8), false, "trace");
    }

    private static String paymentBody(String plaintext) {
        return envelope("TRANSACTION.SUCCESS", "transaction", encrypt(APIV3, "transaction", "0123456789ab",
                plaintext), "transaction", "0123456789ab");
    }

    private static RawNotification good(String body) {
        return signed(MCHID, body, KEY_ID, PLATFORM.getPrivate(), NOW.getEpochSecond(), body);
    }

    @Test
    void aPaymentNotificationVerifiesAndOpensAsTheOrdersSuccess() {
        RawNotification raw = good(paymentBody(transaction(MCHID, APP_ID, 1999)));

        ParseResult.Parsed envelope = (ParseResult.Parsed) format.parse(raw);
        assertThat(envelope.notifyId()).isEqualTo("EV-2030-0001");
        assertThat(envelope.merchantKey()).isEqualTo(MCHID);
        assertThat(format.verify(raw, platformKeys, NOW)).isEqualTo(Verification.VALID);
        ParseResult.Parsed opened = (ParseResult.Parsed) format.open(raw, platformKeys, opening);
        assertThat(opened.status()).isEqualTo(ChannelTradeStatus.SUCCESS);
        assertThat(opened.outTradeNo()).isEqualTo("pay_0001");
        assertThat(opened.tradeNo()).isEqualTo("4200000000000000000000000001");
        assertThat(opened.amount()).isEqualTo(Money.of(1999, "CNY"));
        assertThat(opened.eventTime()).isEqualTo(Instant.parse("2030-07-01T02:00:00Z"));
    }

    @Test
    void aRefundNotificationIsTheRefundsAnswer() {
        String refund = "{\"mchid\":\"" + MCHID + "\",\"out_trade_no\":\"pay_0001\",\"transaction_id\":\"42\","
                + "\"out_refund_no\":\"ref_0001\",\"refund_id\":\"50300000000001\",\"refund_status\":\"SUCCESS\","
                + "\"success_time\":\"2030-07-01T10:05:00+08:00\",\"amount\":{\"total\":1999,\"refund\":500,"
                + "\"payer_total\":1999,\"payer_refund\":500}}";
        RawNotification raw = good(envelope("REFUND.SUCCESS", "refund", encrypt(APIV3, "refund", "abcdefabcdef",
                refund), "refund", "abcdefabcdef"));

        assertThat(format.verify(raw, platformKeys, NOW)).isEqualTo(Verification.VALID);
        ParseResult.Parsed opened = (ParseResult.Parsed) format.open(raw, platformKeys, opening);

        assertThat(opened.status()).isNull();
        assertThat(opened.outTradeNo()).isEqualTo("pay_0001");
        assertThat(opened.refund().outRefundNo()).isEqualTo("ref_0001");
        assertThat(opened.refund().answer()).isInstanceOfSatisfying(RefundAnswer.Succeeded.class, s -> {
            assertThat(s.refundNo()).isEqualTo("50300000000001");
            assertThat(s.amount()).isEqualTo(Money.of(500, "CNY"));
        });
    }

    @Test
    void aSerialOfNoPlatformKeyTheTenantHoldsIsABadSignature() {
        String body = paymentBody(transaction(MCHID, APP_ID, 1999));
        RawNotification unknownSerial = signed(MCHID, body, NEW_KEY_ID, NEW_PLATFORM.getPrivate(),
                NOW.getEpochSecond(), body);
        RawNotification wrongKeyUnderOurSerial = signed(MCHID, body, KEY_ID, NEW_PLATFORM.getPrivate(),
                NOW.getEpochSecond(), body);

        assertThat(format.verify(unknownSerial, platformKeys, NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(wrongKeyUnderOurSerial, platformKeys, NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void duringARotationEitherPlatformKeyVerifiesByItsId() {
        String body = paymentBody(transaction(MCHID, APP_ID, 1999));
        List<String> both = List.of(stored(NEW_KEY_ID, NEW_PLATFORM), stored(KEY_ID, PLATFORM));

        assertThat(format.verify(good(body), both, NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(signed(MCHID, body, NEW_KEY_ID, NEW_PLATFORM.getPrivate(), NOW.getEpochSecond(),
                body), both, NOW)).isEqualTo(Verification.VALID);
        assertThat(format.open(signed(MCHID, body, NEW_KEY_ID, NEW_PLATFORM.getPrivate(), NOW.getEpochSecond(),
                body), both, opening)).isInstanceOf(ParseResult.Parsed.class);
    }

    @Test
    void inCertificateModeTheStoredCertificateVerifiesWhatItsKeySignsUnderItsSerial() {
        String body = paymentBody(transaction(MCHID, APP_ID, 1999));
        List<String> certificate = List.of(CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(
                WechatPlatformCertificate.pem()));
        RawNotification bySerial = signed(MCHID, body, WechatPlatformCertificate.serial(),
                WechatPlatformCertificate.privateKey(), NOW.getEpochSecond(), body);
        RawNotification byAnotherSerial = signed(MCHID, body, KEY_ID, WechatPlatformCertificate.privateKey(),
                NOW.getEpochSecond(), body);

        assertThat(certificate.get(0)).startsWith(WechatPlatformCertificate.serial() + ":");
        assertThat(format.verify(bySerial, certificate, NOW)).isEqualTo(Verification.VALID);
        assertThat(format.open(bySerial, certificate, opening)).isInstanceOf(ParseResult.Parsed.class);
        assertThat(format.verify(byAnotherSerial, certificate, NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(good(body), certificate, NOW)).as("another key").isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void aStaleOrAFutureTimestampIsRefused() {
        String body = paymentBody(transaction(MCHID, APP_ID, 1999));
        for (long skew : new long[] {-301, 301}) {
            RawNotification raw = signed(MCHID, body, KEY_ID, PLATFORM.getPrivate(), NOW.getEpochSecond() + skew,
                    body);
            assertThat(format.verify(raw, platformKeys, NOW)).as("skew " + skew)
                    .isEqualTo(Verification.STALE_TIMESTAMP);
        }
    }

    @Test
    void theRightSignatureOverAnotherBodyIsABadSignature() {
        String signedBody = paymentBody(transaction(MCHID, APP_ID, 1));
        String sentBody = paymentBody(transaction(MCHID, APP_ID, 1999));

        RawNotification raw = signed(MCHID, sentBody, KEY_ID, PLATFORM.getPrivate(), NOW.getEpochSecond(),
                signedBody);

        assertThat(format.verify(raw, platformKeys, NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void aTamperedCiphertextNonceOrAssociatedDataDoesNotOpenEvenWhenSigned() {
        String ciphertext = encrypt(APIV3, "transaction", "0123456789ab", transaction(MCHID, APP_ID, 1999));
        byte[] bytes = Base64.getDecoder().decode(ciphertext);
        bytes[3] ^= 1;
        String flipped = Base64.getEncoder().encodeToString(bytes);
        for (String body : new String[] {
                envelope("TRANSACTION.SUCCESS", "transaction", flipped, "transaction", "0123456789ab"),
                envelope("TRANSACTION.SUCCESS", "transaction", ciphertext, "transaction", "0123456789ac"),
                envelope("TRANSACTION.SUCCESS", "transaction", ciphertext, "refund", "0123456789ab")}) {
            RawNotification raw = good(body);
            assertThat(format.verify(raw, platformKeys, NOW)).isEqualTo(Verification.VALID);
            assertThat(format.open(raw, platformKeys, opening)).isInstanceOfSatisfying(ParseResult.Malformed.class,
                    m -> assertThat(m.reason()).contains("does not decrypt"));
        }
    }

    @Test
    void anotherMerchantsMchidOrAppIdInTheResourceIsRefused() {
        RawNotification otherMerchant = good(paymentBody(transaction("1900000999", APP_ID, 1999)));
        RawNotification otherApp = good(paymentBody(transaction(MCHID, "wxffffffffffffffff", 1999)));

        assertThat(format.open(otherMerchant, platformKeys, opening)).isInstanceOfSatisfying(
                ParseResult.Malformed.class, m -> assertThat(m.reason()).contains("another merchant"));
        assertThat(format.open(otherApp, platformKeys, opening)).isInstanceOfSatisfying(
                ParseResult.Malformed.class, m -> assertThat(m.reason()).contains("appid"));
    }

    @Test
    void withoutTheApiV3KeyOrThePathsMchidNothingOpens() {
        RawNotification raw = good(paymentBody(transaction(MCHID, APP_ID, 1999)));
        assertThat(format.open(raw, platformKeys, Map.of(WechatNotificationFormat.APP_ID, List.of(APP_ID))))
                .isInstanceOf(ParseResult.Malformed.class);
        RawNotification noPath = new RawNotification("wechat", null, raw.headers(), raw.body(), false, "t");
        assertThat(format.parse(noPath)).isInstanceOf(ParseResult.Malformed.class);
    }

    @Test
    void successIs204AndEveryFailureIsAFailJsonWithAnErrorStatus() {
        assertThat(format.answer(AnswerKind.SUCCESS, null).httpStatus()).isEqualTo(204);
        for (AnswerKind kind : new AnswerKind[] {AnswerKind.INVALID, AnswerKind.BAD_SIGNATURE, AnswerKind.RETRY}) {
            ChannelAnswer answer = format.answer(kind, "why");
            assertThat(answer.httpStatus()).isBetween(400, 599);
            assertThat(answer.body()).contains("\"code\":\"FAIL\"").contains("\"message\":");
        }
    }

    @Test
    void aNotificationHeldForReviewIsRefusedSoThatWechatPayKeepsItUnacknowledged() {
        ChannelAnswer held = format.heldAnswer();

        assertThat(held.httpStatus()).isEqualTo(409);
        assertThat(held.body()).contains("\"code\":\"FAIL\"").contains("held for review");
    }
}
