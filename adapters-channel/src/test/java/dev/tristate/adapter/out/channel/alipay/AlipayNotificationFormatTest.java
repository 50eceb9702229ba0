package dev.tristate.adapter.out.channel.alipay;

import static dev.tristate.adapter.out.channel.RawNotifications.cutAtSizeLimit;
import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.internal.util.AlipaySignature;
import dev.tristate.adapter.out.channel.RawNotifications;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ParseResult.Malformed;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Notifications are signed here as Alipay signs them, with the official SDK and a key pair made for the test. */
class AlipayNotificationFormatTest {

    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");

    private static String privateKey;
    private static String publicKey;
    private static String otherPrivateKey;
    private static String otherPublicKey;

    private final AlipayNotificationFormat format = new AlipayNotificationFormat();

    @BeforeAll
    static void makeKeys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        KeyPair other = generator.generateKeyPair();
        otherPrivateKey = Base64.getEncoder().encodeToString(other.getPrivate().getEncoded());
        otherPublicKey = Base64.getEncoder().encodeToString(other.getPublic().getEncoded());
    }

    /** A trade notification as Alipay sends it (no empty values: Alipay leaves those out). */
    private static Map<String, String> sample() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("gmt_create", "2025-01-01 07:58:00");
        params.put("charset", "utf-8");
        params.put("seller_email", "merchant@example.com");
        params.put("subject", "会员月卡 monthly");
        params.put("buyer_id", "2088102177846880");
        params.put("invoice_amount", "19.99");
        params.put("notify_id", "2025010100222075931080501234567890");
        params.put("fund_bill_list", "[{\"amount\":\"19.99\",\"fundChannel\":\"ALIPAYACCOUNT\"}]");
        params.put("notify_type", "trade_status_sync");
        params.put("trade_status", "TRADE_SUCCESS");
        params.put("receipt_amount", "19.99");
        params.put("app_id", "2021000000000001");
        params.put("buyer_pay_amount", "19.99");
        params.put("seller_id", "2088101117955611");
        params.put("gmt_payment", "2025-01-01 07:59:30");
        params.put("notify_time", "2025-01-01 07:59:31");
        params.put("version", "1.0");
        params.put("out_trade_no", "pay_test_0001");
        params.put("total_amount", "19.99");
        params.put("trade_no", "2025010122001446880500012345");
        params.put("auth_app_id", "2021000000000001");
        params.put("buyer_logon_id", "csq***@sandbox.com");
        params.put("point_amount", "0.00");
        return params;
    }

    @Test
    void namesTheChannelAndTheSecret() {
        assertThat(format.channel()).isEqualTo("alipay");
        assertThat(format.secretName()).isEqualTo("alipay-public-key");
    }

    @Test
    void readsTheNotification() {
        ParseResult result = format.parse(signed(sample(), privateKey));

        assertThat(result).isEqualTo(new Parsed("2025010100222075931080501234567890", "2021000000000001",
                "pay_test_0001", "2025010122001446880500012345", ChannelTradeStatus.SUCCESS, Money.of(1999, "CNY"),
                Instant.parse("2024-12-31T23:59:30Z")));
    }

    @ParameterizedTest
    @CsvSource({"WAIT_BUYER_PAY, PROCESSING", "TRADE_SUCCESS, SUCCESS", "TRADE_FINISHED, SUCCESS",
            "TRADE_CLOSED, CLOSED"})
    void mapsAlipaysTradeStatuses(String alipayStatus, ChannelTradeStatus expected) {
        Map<String, String> params = sample();
        params.put("trade_status", alipayStatus);

        assertThat(format.parse(signed(params, privateKey)))
                .isInstanceOfSatisfying(Parsed.class, parsed -> assertThat(parsed.status()).isEqualTo(expected));
    }

    @Test
    void takesTheEventTimeFromTheNotifyTimeWhenThereIsNoPaymentTime() {
        Map<String, String> params = sample();
        params.remove("gmt_payment");
        params.put("trade_status", "TRADE_CLOSED");

        assertThat(format.parse(signed(params, privateKey))).isInstanceOfSatisfying(Parsed.class,
                parsed -> assertThat(parsed.eventTime()).isEqualTo(Instant.parse("2024-12-31T23:59:31Z")));
    }

    @Test
    void readsAClosedTradeAfterAFullRefundAsNoStatusReport() {
        Map<String, String> params = sample();
        params.put("trade_status", "TRADE_CLOSED");
        params.put("refund_fee", "19.99");
        params.put("gmt_refund", "2025-01-02 10:00:00.123");

        assertThat(format.parse(signed(params, privateKey))).isInstanceOfSatisfying(Parsed.class, parsed -> {
            assertThat(parsed.status()).isNull();
            assertThat(parsed.notifyId()).isEqualTo("2025010100222075931080501234567890");
            assertThat(parsed.merchantKey()).isEqualTo("2021000000000001");
        });
    }

    @Test
    void acceptsANotificationSignedWithTheTenantsAlipayKey() {
        assertThat(format.verify(signed(sample(), privateKey), List.of(publicKey), NOW)).isEqualTo(Verification.VALID);
    }

    @Test
    void acceptsANotificationInGbk() {
        Map<String, String> params = sample();
        params.put("charset", "gbk");
        RawNotification notification = signed(params, privateKey);

        assertThat(new String(notification.body(), StandardCharsets.ISO_8859_1)).contains("subject=%BB%E1%D4%B1");
        assertThat(format.verify(notification, List.of(publicKey), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.parse(notification)).isInstanceOf(Parsed.class);
    }

    @Test
    void verifiesTheSameNotificationAgainWithTheSameResult() {
        RawNotification notification = signed(sample(), privateKey);

        assertThat(format.verify(notification, List.of(publicKey), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(publicKey), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.parse(notification)).isInstanceOf(Parsed.class);
    }

    @Test
    void neverAcceptsABodyWithTheLowBitOfAnyByteChanged() {
        RawNotification genuine = signed(sample(), privateKey);

        List<String> accepted = RawNotifications.singleBitChangesAccepted(genuine, 0x01,
                (changed, change) -> format.verify(changed, List.of(publicKey), NOW) == Verification.VALID);

        assertThat(genuine.body().length).isGreaterThan(900);
        assertThat(accepted).isEmpty();
    }

    /**
     * Alipay signs the decoded fields, not the bytes: {@code %3A} and {@code %3a} are the same character. So a changed
     * bit may verify only where it turns a hex digit of a percent-escape to the other case, and the notification reads
     * exactly as before.
     */
    @Test
    void acceptsAChangeOfAnyBitOnlyWhereTheNotificationStillSaysTheSame() {
        RawNotification genuine = signed(sample(), privateKey);
        ParseResult original = format.parse(genuine);

        List<String> changedMeaning = RawNotifications.singleBitChangesAccepted(genuine, 0xFF,
                (changed, change) -> format.verify(changed, List.of(publicKey), NOW) == Verification.VALID
                        && !(isHexCaseChange(change) && format.parse(changed).equals(original)));

        assertThat(changedMeaning).isEmpty();
    }

    @Test
    void acceptsTheSecondOfTwoKeysDuringARotation() {
        RawNotification notification = signed(sample(), privateKey);

        assertThat(format.verify(notification, List.of(otherPublicKey, publicKey), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of("not a key", publicKey), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(otherPublicKey), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    static Stream<Arguments> signatureProblems() {
        return Stream.of(
                Arguments.of("signed with another key", (Consumer<Map<String, String>>) p -> { }, otherPrivateKey),
                Arguments.of("no sign", (Consumer<Map<String, String>>) p -> p.remove("sign"), privateKey),
                Arguments.of("empty sign", (Consumer<Map<String, String>>) p -> p.put("sign", ""), privateKey),
                Arguments.of("no sign_type", (Consumer<Map<String, String>>) p -> p.remove("sign_type"), privateKey),
                Arguments.of("sign_type RSA (SHA-1)",
                        (Consumer<Map<String, String>>) p -> p.put("sign_type", "RSA"), privateKey),
                Arguments.of("sign not base64",
                        (Consumer<Map<String, String>>) p -> p.put("sign", "!" + p.get("sign")), privateKey),
                Arguments.of("sign with a line break",
                        (Consumer<Map<String, String>>) p -> p.put("sign", p.get("sign") + "\n"), privateKey),
                Arguments.of("a field added after signing",
                        (Consumer<Map<String, String>>) p -> p.put("extra", "1"), privateKey),
                Arguments.of("the amount changed after signing",
                        (Consumer<Map<String, String>>) p -> p.put("total_amount", "0.01"), privateKey));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatureProblems")
    void refusesABadSignature(String description, Consumer<Map<String, String>> tamper, String signingKey) {
        Map<String, String> params = signedParams(sample(), signingKey);
        tamper.accept(params);

        assertThat(format.verify(raw(form(params, StandardCharsets.UTF_8)), List.of(publicKey), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void refusesEverythingWithoutKeysAndABodyCutAtTheSizeLimit() {
        RawNotification notification = signed(sample(), privateKey);

        assertThat(format.verify(notification, List.of(), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(cutAtSizeLimit(notification), List.of(publicKey), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.parse(cutAtSizeLimit(notification))).isInstanceOf(Malformed.class);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                badField("missing app_id", p -> p.remove("app_id"), "app_id"),
                badField("missing notify_id", p -> p.remove("notify_id"), "notify_id"),
                badField("empty notify_id", p -> p.put("notify_id", ""), "notify_id"),
                badField("missing out_trade_no", p -> p.remove("out_trade_no"), "out_trade_no"),
                badField("missing trade_no", p -> p.remove("trade_no"), "trade_no"),
                badField("missing trade_status", p -> p.remove("trade_status"), "trade_status"),
                badField("missing total_amount", p -> p.remove("total_amount"), "total_amount"),
                badField("missing notify_time", p -> p.remove("notify_time"), "notify_time"),
                badField("unknown trade_status", p -> p.put("trade_status", "TRADE_PENDING"), "trade_status"),
                badField("lower-case trade_status", p -> p.put("trade_status", "trade_success"), "trade_status"),
                badField("notify_id of 65 characters", p -> p.put("notify_id", "n".repeat(65)), "notify_id"),
                badField("trade_no of 65 characters", p -> p.put("trade_no", "2".repeat(65)), "trade_no"),
                badField("app_id not printable ASCII", p -> p.put("app_id", "应用"), "app_id"),
                badField("three decimals", p -> p.put("total_amount", "19.999"), "total_amount"),
                badField("negative amount", p -> p.put("total_amount", "-19.99"), "total_amount"),
                badField("amount with an exponent", p -> p.put("total_amount", "1e3"), "total_amount"),
                badField("amount in words", p -> p.put("total_amount", "nineteen"), "total_amount"),
                badField("amount with a space", p -> p.put("total_amount", " 19.99"), "total_amount"),
                badField("amount beyond a long", p -> p.put("total_amount", "92233720368547758.08"), "total_amount"),
                badField("notify_time with slashes", p -> p.put("notify_time", "2025/01/01 07:59:31"), "notify_time"),
                badField("notify_time on February 30th", p -> p.put("notify_time", "2025-02-30 07:59:31"),
                        "notify_time"),
                badField("gmt_payment in ISO form", p -> p.put("gmt_payment", "2025-01-01T07:59:30"), "gmt_payment"),
                badField("unsupported charset", p -> p.put("charset", "latin1"), "charset"),
                badBody("a broken percent-escape",
                        body -> body.replace("total_amount=19.99", "total_amount=19.9%G9"), "body"),
                badBody("a percent-escape cut short", body -> body + "&x=%4", "body"),
                badBody("a field given twice", body -> body + "&trade_status=TRADE_CLOSED", "trade_status"),
                badBody("charset given twice", body -> body + "&charset=gbk", "charset"),
                badBody("a value without a name", body -> body + "&=orphan", "body"),
                badBody("bad UTF-8 in an escape", body -> body.replace("version=1.0", "version=1.0%FF"), "version"),
                Arguments.of("a raw byte that is not UTF-8", withRawByte(), "version"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void refusesABadBodyWithAReasonNamingTheField(String description, byte[] body, String field) {
        ParseResult result = format.parse(raw(body));

        assertThat(result).isInstanceOfSatisfying(Malformed.class, malformed ->
                assertThat(malformed.reason()).contains(field).matches("[A-Z].*\\.").hasSizeLessThan(120));
    }

    @Test
    void answersAsAlipayExpects() {
        assertAnswer(format.answer(AnswerKind.SUCCESS, null), 200, "success");
        assertAnswer(format.answer(AnswerKind.INVALID, "Field total_amount is missing."), 400, "failure");
        assertAnswer(format.answer(AnswerKind.BAD_SIGNATURE, null), 401, "failure");
        assertAnswer(format.answer(AnswerKind.RETRY, null), 503, "failure");
    }

    private static void assertAnswer(ChannelAnswer answer, int status, String body) {
        assertThat(answer.httpStatus()).isEqualTo(status);
        assertThat(answer.contentType()).isEqualTo("text/plain");
        assertThat(answer.body()).isEqualTo(body);
    }

    private static boolean isHexCaseChange(RawNotifications.Change change) {
        byte[] body = change.original();
        int at = change.position();
        boolean inEscape = (at >= 1 && body[at - 1] == '%') || (at >= 2 && body[at - 2] == '%');
        return change.bit() == 5 && inEscape && "ABCDEFabcdef".indexOf(body[at]) >= 0;
    }

    private static Arguments badField(String description, Consumer<Map<String, String>> change, String field) {
        Map<String, String> params = sample();
        change.accept(params);
        return Arguments.of(description, form(signedParams(params, privateKey), StandardCharsets.UTF_8), field);
    }

    private static Arguments badBody(String description, UnaryOperator<String> change,
                                     String field) {
        String body = new String(form(signedParams(sample(), privateKey), StandardCharsets.UTF_8),
                StandardCharsets.US_ASCII);
        return Arguments.of(description, change.apply(body).getBytes(StandardCharsets.ISO_8859_1), field);
    }

    private static byte[] withRawByte() {
        String body = new String(form(signedParams(sample(), privateKey), StandardCharsets.UTF_8),
                StandardCharsets.US_ASCII).replace("version=1.0", "version=1.0\u00ff");
        return body.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The fields plus sign and sign_type, signed the way Alipay signs: the SDK's sign content, RSA2. */
    private static Map<String, String> signedParams(Map<String, String> params, String key) {
        Charset charset = Charset.forName(params.getOrDefault("charset", "utf-8"));
        Map<String, String> content = new TreeMap<>(params);
        content.remove("sign");
        content.remove("sign_type");
        try {
            String sign = AlipaySignature.rsaSign(AlipaySignature.getSignContent(content), key, charset.name(), "RSA2");
            Map<String, String> signed = new LinkedHashMap<>(params);
            signed.put("sign", sign);
            signed.put("sign_type", "RSA2");
            return signed;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RawNotification signed(Map<String, String> params, String key) {
        Charset charset = Charset.forName(params.getOrDefault("charset", "utf-8"));
        return raw(form(signedParams(params, key), charset));
    }

    private static byte[] form(Map<String, String> params, Charset charset) {
        return params.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), charset) + "=" + URLEncoder.encode(e.getValue(), charset))
                .collect(Collectors.joining("&"))
                .getBytes(StandardCharsets.US_ASCII);
    }

    private static RawNotification raw(byte[] body) {
        return RawNotifications.raw("alipay", null,
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"), body);
    }
}
