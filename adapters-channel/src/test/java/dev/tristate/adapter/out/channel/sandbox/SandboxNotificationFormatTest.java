package dev.tristate.adapter.out.channel.sandbox;

import static dev.tristate.adapter.out.channel.RawNotifications.cutAtSizeLimit;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SandboxNotificationFormatTest {

    private static final String SECRET = "sandbox-secret-2025";
    private static final String OLD_SECRET = "sandbox-secret-2024";
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");
    private static final long T = NOW.getEpochSecond();

    private static final String SAMPLE = """
            {"notify_id":"ntf_0001","merchant_id":"m-100","out_trade_no":"pay_test_0001",\
            "trade_no":"sbx_txn_0001","trade_status":"SUCCESS","amount_minor":1999,"currency":"CNY",\
            "event_time":"2024-12-31T23:59:30Z","extra":{"ignored":[1,2.5,"x"]},"subject":"会员月卡"}""";

    private final SandboxNotificationFormat format = new SandboxNotificationFormat();

    @Test
    void namesTheChannelAndTheSecret() {
        assertThat(format.channel()).isEqualTo("sandbox");
        assertThat(format.secretName()).isEqualTo("signing-secret");
    }

    @Test
    void readsEveryFieldOfTheContractAndIgnoresUnknownOnes() {
        ParseResult result = format.parse(signed(SAMPLE, SECRET, T));

        assertThat(result).isEqualTo(new Parsed("ntf_0001", "m-100", "pay_test_0001", "sbx_txn_0001",
                ChannelTradeStatus.SUCCESS, Money.of(1999, "CNY"), Instant.parse("2024-12-31T23:59:30Z")));
    }

    @ParameterizedTest
    @EnumSource(ChannelTradeStatus.class)
    void readsEveryTradeStatus(ChannelTradeStatus status) {
        ParseResult result = format.parse(signed(SAMPLE.replace("\"SUCCESS\"", "\"" + status.name() + "\""), SECRET, T));

        assertThat(result).isInstanceOfSatisfying(Parsed.class, parsed -> assertThat(parsed.status()).isEqualTo(status));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2025-01-01T07:59:30+08:00", "2024-12-31t23:59:30z", "2024-12-31T23:59:30.000Z",
            "2024-12-31T18:59:30-05:00"})
    void readsEventTimesInEveryRfc3339Form(String eventTime) {
        ParseResult result = format.parse(signed(SAMPLE.replace("2024-12-31T23:59:30Z", eventTime), SECRET, T));

        assertThat(result).isInstanceOfSatisfying(Parsed.class,
                parsed -> assertThat(parsed.eventTime()).isEqualTo(Instant.parse("2024-12-31T23:59:30Z")));
    }

    @Test
    void readsTheLimitsOfAmountsAndIds() {
        String body = SAMPLE.replace("1999", String.valueOf(Long.MAX_VALUE))
                .replace("ntf_0001", "n".repeat(64)).replace("sbx_txn_0001", "t".repeat(64));

        assertThat(format.parse(signed(body, SECRET, T))).isInstanceOfSatisfying(Parsed.class, parsed -> {
            assertThat(parsed.amount()).isEqualTo(Money.of(Long.MAX_VALUE, "CNY"));
            assertThat(parsed.notifyId()).hasSize(64);
            assertThat(parsed.tradeNo()).hasSize(64);
        });
        assertThat(format.parse(signed(SAMPLE.replace("1999", "0"), SECRET, T)))
                .isInstanceOfSatisfying(Parsed.class, parsed -> assertThat(parsed.amount().minor()).isZero());
    }

    @Test
    void acceptsABodySignedWithTheSecret() {
        assertThat(format.verify(signed(SAMPLE, SECRET, T), List.of(SECRET), NOW)).isEqualTo(Verification.VALID);
    }

    @Test
    void neverAcceptsABodyWithAnySingleBitOfAnyByteChanged() {
        RawNotification genuine = signed(SAMPLE, SECRET, T);

        List<String> accepted = RawNotifications.singleBitChangesAccepted(genuine, 0xFF,
                (changed, change) -> format.verify(changed, List.of(SECRET), NOW) == Verification.VALID);

        assertThat(genuine.body().length).isGreaterThan(200);
        assertThat(accepted).isEmpty();
    }

    @Test
    void acceptsTimestampsUpToFiveMinutesFromTheClockInEitherDirection() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(SECRET), NOW.plusSeconds(300))).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(SECRET), NOW.minusSeconds(300))).isEqualTo(Verification.VALID);
    }

    @Test
    void refusesAStaleTimestamp() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(SECRET), NOW.plusSeconds(301)))
                .isEqualTo(Verification.STALE_TIMESTAMP);
        assertThat(format.verify(notification, List.of(SECRET), NOW.plus(Duration.ofSeconds(300).plusMillis(1))))
                .isEqualTo(Verification.STALE_TIMESTAMP);
    }

    @Test
    void refusesATimestampFromTheFuture() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(SECRET), NOW.minusSeconds(301)))
                .isEqualTo(Verification.STALE_TIMESTAMP);
    }

    @Test
    void callsAStaleTimestampWithAWrongSignatureABadSignature() {
        RawNotification notification = signed(SAMPLE, "not-the-secret", T);

        assertThat(format.verify(notification, List.of(SECRET), NOW.plusSeconds(3600)))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void acceptsTheSecondOfTwoSecretsDuringARotation() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(OLD_SECRET, SECRET), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(OLD_SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void acceptsAHeaderWhoseSecondV1EntryMatches() {
        byte[] body = bytes(SAMPLE);
        String header = "t=" + T + ",v1=" + SandboxSignature.v1(OLD_SECRET, T, body)
                + ", v1=" + SandboxSignature.v1(SECRET, T, body);

        assertThat(format.verify(raw(header, body), List.of(SECRET), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(raw(header, body), List.of("a-third-secret"), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void refusesEverythingWithoutSecrets() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(notification, Arrays.asList("", null), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void refusesABodyCutAtTheSizeLimitEvenWhenItsSignatureMatches() {
        RawNotification cut = cutAtSizeLimit(signed(SAMPLE, SECRET, T));

        assertThat(format.verify(cut, List.of(SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.parse(cut)).isInstanceOfSatisfying(Malformed.class,
                malformed -> assertThat(malformed.reason()).contains("body"));
    }

    @Test
    void refusesANotificationWhoseHeadersWereCutAtTheSizeLimit() {
        RawNotification cut = RawNotifications.headersCutAtSizeLimit(signed(SAMPLE, SECRET, T));

        assertThat(format.verify(cut, List.of(SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.parse(cut)).isInstanceOfSatisfying(Malformed.class,
                malformed -> assertThat(malformed.reason()).contains("headers"));
    }

    @Test
    void refusesTwoSignatureHeaders() {
        RawNotification genuine = signed(SAMPLE, SECRET, T);
        String header = SandboxSignature.sign(SECRET, T, genuine.body());
        RawNotification twice = RawNotifications.withHeaders(genuine,
                Map.of("Sandbox-Signature", List.of(header, header)));

        assertThat(format.verify(twice, List.of(SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    static Stream<Arguments> signatureProblems() {
        byte[] body = bytes(SAMPLE);
        String v1 = SandboxSignature.v1(SECRET, T, body);
        return Stream.of(
                Arguments.of("no header", null, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("empty header", "", NOW, Verification.BAD_SIGNATURE),
                Arguments.of("not key=value", "garbage", NOW, Verification.BAD_SIGNATURE),
                Arguments.of("no timestamp", "v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("no v1", "t=" + T, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("timestamp not a number", "t=abc,v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("negative timestamp", "t=-" + T + ",v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("two timestamps", "t=" + T + ",t=" + T + ",v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("empty entry", "t=" + T + ",,v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("another timestamp than signed", "t=" + (T + 1) + ",v1=" + v1, NOW,
                        Verification.BAD_SIGNATURE),
                Arguments.of("upper-case hex", "t=" + T + ",v1=" + v1.toUpperCase(), NOW, Verification.BAD_SIGNATURE),
                Arguments.of("truncated signature", "t=" + T + ",v1=" + v1.substring(0, 63), NOW,
                        Verification.BAD_SIGNATURE),
                Arguments.of("signature under another scheme", "t=" + T + ",v0=" + v1, NOW,
                        Verification.BAD_SIGNATURE),
                Arguments.of("stale by 301 s", "t=" + T + ",v1=" + v1, NOW.plusSeconds(301),
                        Verification.STALE_TIMESTAMP),
                Arguments.of("future by 301 s", "t=" + T + ",v1=" + v1, NOW.minusSeconds(301),
                        Verification.STALE_TIMESTAMP),
                Arguments.of("a day old", "t=" + T + ",v1=" + v1, NOW.plus(Duration.ofDays(1)),
                        Verification.STALE_TIMESTAMP),
                Arguments.of("unknown scheme beside v1 is ignored", "t=" + T + ",v0=abc,v1=" + v1, NOW,
                        Verification.VALID));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatureProblems")
    void checksTheSignatureHeader(String description, String header, Instant now, Verification expected) {
        assertThat(format.verify(raw(header, bytes(SAMPLE)), List.of(SECRET), now)).isEqualTo(expected);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                bad("not JSON", "{\"notify_id\":", "body"),
                bad("empty body", "", "body"),
                bad("JSON array", "[" + SAMPLE + "]", "body"),
                bad("JSON string", "\"ntf_0001\"", "body"),
                bad("trailing data", SAMPLE + " {}", "body"),
                bad("duplicate field", SAMPLE.replace("{\"notify_id\":\"ntf_0001\"",
                        "{\"notify_id\":\"ntf_0001\",\"notify_id\":\"ntf_0002\""), "body"),
                bad("missing notify_id", SAMPLE.replace("\"notify_id\":\"ntf_0001\",", ""), "notify_id"),
                bad("missing merchant_id", SAMPLE.replace("\"merchant_id\":\"m-100\",", ""), "merchant_id"),
                bad("missing out_trade_no", SAMPLE.replace("\"out_trade_no\":\"pay_test_0001\",", ""),
                        "out_trade_no"),
                bad("missing trade_no", SAMPLE.replace("\"trade_no\":\"sbx_txn_0001\",", ""), "trade_no"),
                bad("missing trade_status", SAMPLE.replace("\"trade_status\":\"SUCCESS\",", ""), "trade_status"),
                bad("missing amount_minor", SAMPLE.replace("\"amount_minor\":1999,", ""), "amount_minor"),
                bad("missing currency", SAMPLE.replace("\"currency\":\"CNY\",", ""), "currency"),
                bad("missing event_time", SAMPLE.replace("\"event_time\":\"2024-12-31T23:59:30Z\",", ""),
                        "event_time"),
                bad("null notify_id", SAMPLE.replace("\"ntf_0001\"", "null"), "notify_id"),
                bad("notify_id a number", SAMPLE.replace("\"ntf_0001\"", "1"), "notify_id"),
                bad("merchant_id an object", SAMPLE.replace("\"m-100\"", "{}"), "merchant_id"),
                bad("trade_status a number", SAMPLE.replace("\"SUCCESS\"", "2"), "trade_status"),
                bad("amount_minor a string", SAMPLE.replace("1999", "\"1999\""), "amount_minor"),
                bad("amount_minor a boolean", SAMPLE.replace("1999", "true"), "amount_minor"),
                bad("currency a number", SAMPLE.replace("\"CNY\"", "156"), "currency"),
                bad("event_time a number", SAMPLE.replace("\"2024-12-31T23:59:30Z\"", "1735689570"), "event_time"),
                bad("empty notify_id", SAMPLE.replace("\"ntf_0001\"", "\"\""), "notify_id"),
                bad("notify_id of 65 characters", SAMPLE.replace("ntf_0001", "n".repeat(65)), "notify_id"),
                bad("trade_no of 65 characters", SAMPLE.replace("sbx_txn_0001", "t".repeat(65)), "trade_no"),
                bad("merchant_id of 65 characters", SAMPLE.replace("m-100", "m".repeat(65)), "merchant_id"),
                bad("out_trade_no of 65 characters", SAMPLE.replace("pay_test_0001", "p".repeat(65)),
                        "out_trade_no"),
                bad("trade_no not printable ASCII", SAMPLE.replace("sbx_txn_0001", "交易0001"), "trade_no"),
                bad("negative amount", SAMPLE.replace("1999", "-1"), "amount_minor"),
                bad("amount beyond a long", SAMPLE.replace("1999", "9223372036854775808"), "amount_minor"),
                bad("amount far beyond a long", SAMPLE.replace("1999", "1" + "0".repeat(40)), "amount_minor"),
                bad("decimal amount", SAMPLE.replace("1999", "19.99"), "amount_minor"),
                bad("amount with an exponent", SAMPLE.replace("1999", "1e3"), "amount_minor"),
                bad("amount with a zero fraction", SAMPLE.replace("1999", "1999.0"), "amount_minor"),
                bad("unknown currency", SAMPLE.replace("\"CNY\"", "\"XYZ\""), "currency"),
                bad("lower-case currency", SAMPLE.replace("\"CNY\"", "\"cny\""), "currency"),
                bad("two-letter currency", SAMPLE.replace("\"CNY\"", "\"CN\""), "currency"),
                bad("currency without minor units", SAMPLE.replace("\"CNY\"", "\"XAU\""), "currency"),
                bad("lower-case trade_status", SAMPLE.replace("\"SUCCESS\"", "\"success\""), "trade_status"),
                bad("unknown trade_status", SAMPLE.replace("\"SUCCESS\"", "\"REFUNDED\""), "trade_status"),
                bad("event_time without an offset", SAMPLE.replace("23:59:30Z", "23:59:30"), "event_time"),
                bad("event_time with a space", SAMPLE.replace("2024-12-31T23", "2024-12-31 23"), "event_time"),
                bad("event_time without seconds", SAMPLE.replace("23:59:30Z", "23:59Z"), "event_time"),
                bad("event_time on February 30th", SAMPLE.replace("2024-12-31T", "2025-02-30T"), "event_time"),
                bad("event_time in words", SAMPLE.replace("2024-12-31T23:59:30Z", "yesterday"), "event_time"),
                Arguments.of("bad UTF-8 in a string", invalidUtf8Sample(), "UTF-8"),
                Arguments.of("UTF-16 body", SAMPLE.getBytes(StandardCharsets.UTF_16), "UTF-8"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void refusesABadBodyWithAReasonNamingTheField(String description, byte[] body, String field) {
        ParseResult result = format.parse(signed(body, SECRET, T));

        assertThat(result).isInstanceOfSatisfying(Malformed.class, malformed -> {
            assertThat(malformed.reason()).contains(field).matches("[A-Z].*\\.").hasSizeLessThan(120);
        });
    }

    @Test
    void answersInTheContractsWords() {
        assertAnswer(format.answer(AnswerKind.SUCCESS, null), 200, Map.of("code", "SUCCESS"));
        assertAnswer(format.answer(AnswerKind.BAD_SIGNATURE, "ignored"), 401, Map.of("code", "BAD_SIGNATURE"));
        assertAnswer(format.answer(AnswerKind.RETRY, null), 503, Map.of("code", "RETRY"));
        assertAnswer(format.answer(AnswerKind.INVALID, "Field \"amount_minor\" must be a JSON integer."), 400,
                Map.of("code", "INVALID", "message", "Field \"amount_minor\" must be a JSON integer."));
        assertAnswer(format.answer(AnswerKind.INVALID, null), 400,
                Map.of("code", "INVALID", "message", "The notification is malformed."));
        assertThat(format.answer(AnswerKind.SUCCESS, null).body()).isEqualTo("{\"code\":\"SUCCESS\"}");
    }

    private static void assertAnswer(ChannelAnswer answer, int status, Map<String, String> body) {
        assertThat(answer.httpStatus()).isEqualTo(status);
        assertThat(answer.contentType()).isEqualTo("application/json");
        JsonNode json = JsonMapper.builder().build().readTree(answer.body());
        Map<String, String> fields = new HashMap<>();
        json.properties().forEach(entry -> fields.put(entry.getKey(), entry.getValue().stringValue()));
        assertThat(fields).isEqualTo(body);
    }

    private static Arguments bad(String description, String body, String field) {
        return Arguments.of(description, bytes(body), field);
    }

    private static byte[] invalidUtf8Sample() {
        byte[] body = bytes(SAMPLE.replace("m-100", "m-1XX"));
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int at = text.indexOf("XX");
        body[at] = (byte) 0xC3;
        body[at + 1] = (byte) 0x28;
        return body;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static RawNotification signed(String body, String secret, long t) {
        return signed(bytes(body), secret, t);
    }

    private static RawNotification signed(byte[] body, String secret, long t) {
        return raw(SandboxSignature.sign(secret, t, body), body);
    }

    private static RawNotification raw(String signatureHeader, byte[] body) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("Sandbox-Signature", signatureHeader);
        return RawNotifications.raw("sandbox", null, headers, body);
    }
}
