package dev.tristate.adapter.out.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.internal.util.AlipaySignature;
import dev.tristate.adapter.out.channel.RawNotifications;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.RawNotification;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A notification is the tenant's only when Alipay signed it with the tenant's Alipay key, it is a
 * {@code trade_status_sync}, and it names the tenant's seller where the tenant set one. Everything else is answered
 * exactly {@code failure}.
 */
class AlipayNotificationTenantTest {

    private static final String APP_A = "2021000000000001";
    private static final String APP_B = "2021000000000002";
    private static final String SELLER_A = "2088101117955611";
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");
    private static KeyPair alipayForA;
    private static KeyPair alipayForB;

    private final AlipayNotificationFormat format = new AlipayNotificationFormat(
            appId -> APP_A.equals(appId) ? Optional.of(SELLER_A) : Optional.empty());

    @BeforeAll
    static void keys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        alipayForA = generator.generateKeyPair();
        alipayForB = generator.generateKeyPair();
    }

    private static Map<String, String> params(String appId, String sellerId) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("notify_type", "trade_status_sync");
        params.put("notify_id", "n-1");
        params.put("notify_time", "2025-01-01 07:59:31");
        params.put("app_id", appId);
        params.put("seller_id", sellerId);
        params.put("out_trade_no", "pay_a1");
        params.put("trade_no", "2025010122001446880500012345");
        params.put("trade_status", "TRADE_SUCCESS");
        params.put("total_amount", "19.99");
        params.put("gmt_payment", "2025-01-01 07:59:30");
        params.put("charset", "utf-8");
        params.put("version", "1.0");
        return params;
    }

    private static RawNotification signed(Map<String, String> params, KeyPair alipay) throws Exception {
        String sign = AlipaySignature.rsa256Sign(AlipaySignature.getSignCheckContentV1(params),
                Base64.getEncoder().encodeToString(alipay.getPrivate().getEncoded()), "utf-8");
        Map<String, String> all = new LinkedHashMap<>(params);
        all.put("sign_type", "RSA2");
        all.put("sign", sign);
        return raw(all.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&")));
    }

    private static RawNotification raw(String body) {
        return RawNotifications.raw("alipay", null,
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
                body.getBytes(StandardCharsets.US_ASCII));
    }

    private static List<String> keysOf(KeyPair alipay) {
        return List.of(Base64.getEncoder().encodeToString(alipay.getPublic().getEncoded()));
    }

    @Test
    void aNotificationOfTheTenantsSellerSignedWithItsAlipayKeyVerifies() throws Exception {
        assertThat(format.verify(signed(params(APP_A, SELLER_A), alipayForA), keysOf(alipayForA), NOW))
                .isEqualTo(Verification.VALID);
    }

    @Test
    void aGenuineNotificationForAnotherSellerIsRefusedLikeABadSignature() throws Exception {
        RawNotification otherSeller = signed(params(APP_A, "2088000000000999"), alipayForA);

        assertThat(format.verify(otherSeller, keysOf(alipayForA), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.answer(AnswerKind.BAD_SIGNATURE, "").body()).isEqualTo("failure");
    }

    @Test
    void withoutASellerSetAnySellerPasses() throws Exception {
        assertThat(format.verify(signed(params(APP_B, "2088000000000999"), alipayForB), keysOf(alipayForB), NOW))
                .isEqualTo(Verification.VALID);
    }

    @Test
    void aNotificationSignedWithAnotherTenantsKeyFails() throws Exception {
        assertThat(format.verify(signed(params(APP_A, SELLER_A), alipayForB), keysOf(alipayForA), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void aNotificationReaddressedToAnotherAppIsReadAsThatAppsAndVerifiesWithNeitherKey() throws Exception {
        String genuine = new String(signed(params(APP_A, SELLER_A), alipayForA).body(), StandardCharsets.US_ASCII);
        RawNotification readdressed = raw(genuine.replace("app_id=" + APP_A, "app_id=" + APP_B));

        assertThat(format.parse(readdressed)).isInstanceOfSatisfying(ParseResult.Parsed.class,
                parsed -> assertThat(parsed.merchantKey()).isEqualTo(APP_B));
        assertThat(format.verify(readdressed, keysOf(alipayForB), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(readdressed, keysOf(alipayForA), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void aTamperedByteFails() throws Exception {
        String genuine = new String(signed(params(APP_A, SELLER_A), alipayForA).body(), StandardCharsets.US_ASCII);

        assertThat(format.verify(raw(genuine.replace("total_amount=19.99", "total_amount=19.98")),
                keysOf(alipayForA), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void onlyATradeStatusSyncIsRead() throws Exception {
        Map<String, String> params = params(APP_A, SELLER_A);
        params.put("notify_type", "trade_status_async");

        assertThat(format.parse(signed(params, alipayForA))).isInstanceOfSatisfying(ParseResult.Malformed.class,
                malformed -> assertThat(malformed.reason()).contains("notify_type"));
        assertThat(format.answer(AnswerKind.INVALID, "").body()).isEqualTo("failure");
    }

    @Test
    void aPartialRefundNoticeIsAcknowledgedAsNoStatusReport() throws Exception {
        Map<String, String> params = params(APP_A, SELLER_A);
        params.put("refund_fee", "5.00");
        params.put("gmt_refund", "2025-01-01 09:00:00");

        assertThat(format.parse(signed(params, alipayForA))).isInstanceOfSatisfying(ParseResult.Parsed.class,
                parsed -> assertThat(parsed.status()).isNull());
    }
}
