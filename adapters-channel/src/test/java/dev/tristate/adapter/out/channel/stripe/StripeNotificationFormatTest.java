package dev.tristate.adapter.out.channel.stripe;

import static dev.tristate.adapter.out.channel.RawNotifications.cutAtSizeLimit;
import static org.assertj.core.api.Assertions.assertThat;

import com.stripe.net.Webhook;
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
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Signatures are made with the Stripe SDK's own helper, {@code Webhook.Util.computeHmacSha256}, as Stripe signs. */
class StripeNotificationFormatTest {

    private static final String SECRET = "whsec_test_2025_abcdefghijklmnop";
    private static final String OLD_SECRET = "whsec_test_2024_qrstuvwxyzabcdef";
    private static final String ACCOUNT = "acct-tenant-a";
    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00Z");
    private static final long T = NOW.getEpochSecond();

    private static final String SAMPLE = """
            {
              "id": "evt_3QbTeZ2eZvKYlo2C0a1b2c3d",
              "object": "event",
              "api_version": "2024-12-18.acacia",
              "created": 1735689570,
              "data": {
                "object": {
                  "id": "pi_3QbTeZ2eZvKYlo2C0abcdefg",
                  "object": "payment_intent",
                  "amount": 1999,
                  "amount_capturable": 0,
                  "amount_received": 1999,
                  "capture_method": "automatic",
                  "client_secret": "pi_3QbTeZ2eZvKYlo2C0abcdefg_secret_xyz",
                  "created": 1735689500,
                  "currency": "usd",
                  "description": "会员月卡",
                  "latest_charge": "ch_3QbTeZ2eZvKYlo2C0hijklmn",
                  "livemode": false,
                  "metadata": {"out_trade_no": "pay_test_0001", "tenant": "tenant-a"},
                  "payment_method_types": ["card"],
                  "status": "succeeded"
                }
              },
              "livemode": false,
              "pending_webhooks": 1,
              "request": {"id": null, "idempotency_key": "pi_3QbTeZ2eZvKYlo2C0abcdefg-confirm"},
              "type": "payment_intent.succeeded"
            }
            """;

    private final StripeNotificationFormat format = new StripeNotificationFormat();

    @Test
    void namesTheChannelAndTheSecret() {
        assertThat(format.channel()).isEqualTo("stripe");
        assertThat(format.secretName()).isEqualTo("stripe-endpoint-secret");
    }

    @Test
    void readsAPaymentIntentEvent() {
        ParseResult result = format.parse(signed(SAMPLE, SECRET, T));

        assertThat(result).isEqualTo(new Parsed("evt_3QbTeZ2eZvKYlo2C0a1b2c3d", ACCOUNT, "pay_test_0001",
                "pi_3QbTeZ2eZvKYlo2C0abcdefg", ChannelTradeStatus.SUCCESS, Money.of(1999, "USD"),
                Instant.ofEpochSecond(1_735_689_570L)));
    }

    @ParameterizedTest
    @CsvSource({"payment_intent.succeeded, SUCCESS", "payment_intent.processing, PROCESSING",
            "payment_intent.payment_failed, FAILED", "payment_intent.canceled, CLOSED"})
    void mapsPaymentIntentEventTypes(String type, ChannelTradeStatus expected) {
        String body = SAMPLE.replace("payment_intent.succeeded", type);

        assertThat(format.parse(signed(body, SECRET, T)))
                .isInstanceOfSatisfying(Parsed.class, parsed -> assertThat(parsed.status()).isEqualTo(expected));
    }

    @Test
    void readsAnyOtherEventTypeAsAGenuineEventWithoutAStatus() {
        String body = """
                {"id":"evt_1Charge","object":"event","created":1735689570,"type":"charge.refunded",
                 "data":{"object":{"id":"ch_1","object":"charge","amount":"not read"}}}""";

        assertThat(format.parse(signed(body, SECRET, T))).isEqualTo(new Parsed("evt_1Charge", ACCOUNT, null, null,
                null, null, Instant.ofEpochSecond(1_735_689_570L)));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"no metadata", "metadata without out_trade_no", "out_trade_no null"})
    void readsAPaymentIntentThisSystemDidNotCreateAsAGenuineEventWithoutAStatus(String variant) {
        String body = switch (variant) {
            case "no metadata" -> SAMPLE.replace(
                    "\"metadata\": {\"out_trade_no\": \"pay_test_0001\", \"tenant\": \"tenant-a\"},", "");
            case "metadata without out_trade_no" -> SAMPLE.replace("\"out_trade_no\": \"pay_test_0001\", ", "");
            default -> SAMPLE.replace("\"pay_test_0001\"", "null");
        };

        assertThat(format.parse(signed(body, SECRET, T))).isInstanceOfSatisfying(Parsed.class, parsed ->
                assertThat(parsed).isEqualTo(new Parsed("evt_3QbTeZ2eZvKYlo2C0a1b2c3d", ACCOUNT, null, null, null,
                        null, Instant.ofEpochSecond(1_735_689_570L))));
    }

    @Test
    void readsAZeroDecimalCurrencyInItsOwnUnits() {
        String body = SAMPLE.replace("\"amount\": 1999", "\"amount\": 500").replace("\"usd\"", "\"jpy\"");

        assertThat(format.parse(signed(body, SECRET, T))).isInstanceOfSatisfying(Parsed.class,
                parsed -> assertThat(parsed.amount()).isEqualTo(Money.of(500, "JPY")));
    }

    @Test
    void takesTheAccountFromTheCallbackPath() {
        RawNotification notification = RawNotifications.raw("stripe", "acct-tenant-b",
                Map.of("Stripe-Signature", header(T, SECRET, SAMPLE)), bytes(SAMPLE));

        assertThat(format.parse(notification)).isInstanceOfSatisfying(Parsed.class,
                parsed -> assertThat(parsed.merchantKey()).isEqualTo("acct-tenant-b"));
    }

    @Test
    void acceptsAnEventSignedWithTheEndpointSecret() {
        assertThat(format.verify(signed(SAMPLE, SECRET, T), List.of(SECRET), NOW)).isEqualTo(Verification.VALID);
    }

    /** Were the SDK reading the system clock, an event signed in 2001 could never verify. */
    @Test
    void judgesTheTimestampByTheGivenNowNeverByTheSystemClock() {
        Instant longAgo = Instant.parse("2001-09-09T01:46:40Z");
        RawNotification notification = signed(SAMPLE, SECRET, longAgo.getEpochSecond());

        assertThat(format.verify(notification, List.of(SECRET), longAgo.plusSeconds(299)))
                .isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(SECRET), longAgo.plusSeconds(301)))
                .isEqualTo(Verification.STALE_TIMESTAMP);
    }

    @Test
    void neverAcceptsABodyWithAnySingleBitOfAnyByteChanged() {
        RawNotification genuine = signed(SAMPLE, SECRET, T);

        List<String> accepted = RawNotifications.singleBitChangesAccepted(genuine, 0xFF,
                (changed, change) -> format.verify(changed, List.of(SECRET), NOW) == Verification.VALID);

        assertThat(genuine.body().length).isGreaterThan(900);
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
    }

    /** The SDK alone lets a timestamp from the future pass; the adapter does not. */
    @Test
    void refusesATimestampFromTheFuture() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(SECRET), NOW.minusSeconds(301)))
                .isEqualTo(Verification.STALE_TIMESTAMP);
        assertThat(format.verify(notification, List.of(SECRET), NOW.minus(Duration.ofDays(365))))
                .isEqualTo(Verification.STALE_TIMESTAMP);
    }

    @Test
    void acceptsTheSecondOfTwoSecretsDuringARotation() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(OLD_SECRET, SECRET), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(notification, List.of(OLD_SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    /** While an endpoint secret is rolled, Stripe signs with both and sends a v1 entry for each. */
    @Test
    void acceptsAHeaderWhoseSecondV1EntryMatches() {
        String header = "t=" + T + ",v1=" + v1(T, OLD_SECRET, SAMPLE) + ",v1=" + v1(T, SECRET, SAMPLE)
                + ",v0=" + v1(T, "legacy", SAMPLE);

        assertThat(format.verify(raw(header, bytes(SAMPLE)), List.of(SECRET), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(raw(header, bytes(SAMPLE)), List.of("whsec_third"), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void refusesEverythingWithoutSecretsAndABodyCutAtTheSizeLimit() {
        RawNotification notification = signed(SAMPLE, SECRET, T);

        assertThat(format.verify(notification, List.of(), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.verify(cutAtSizeLimit(notification), List.of(SECRET), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(format.parse(cutAtSizeLimit(notification))).isInstanceOf(Malformed.class);
    }

    @Test
    void refusesABodyThatIsNotUtf8EvenWhenItsBytesAreSigned() throws Exception {
        byte[] body = bytes(SAMPLE.replace("会员月卡", "XX"));
        int at = new String(body, StandardCharsets.ISO_8859_1).indexOf("XX");
        body[at] = (byte) 0xC3;
        body[at + 1] = (byte) 0x28;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((T + ".").getBytes(StandardCharsets.US_ASCII));
        String header = "t=" + T + ",v1=" + HexFormat.of().formatHex(mac.doFinal(body));

        assertThat(format.verify(raw(header, body), List.of(SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    @Test
    void refusesTwoSignatureHeaders() {
        RawNotification genuine = signed(SAMPLE, SECRET, T);
        String header = header(T, SECRET, SAMPLE);
        RawNotification twice = RawNotifications.withHeaders(genuine,
                Map.of("Stripe-Signature", List.of(header, header)));

        assertThat(format.verify(twice, List.of(SECRET), NOW)).isEqualTo(Verification.BAD_SIGNATURE);
    }

    static Stream<Arguments> signatureProblems() {
        String v1 = v1(T, SECRET, SAMPLE);
        return Stream.of(
                Arguments.of("no header", null, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("empty header", "", NOW, Verification.BAD_SIGNATURE),
                Arguments.of("garbage", "garbage", NOW, Verification.BAD_SIGNATURE),
                Arguments.of("no timestamp", "v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("no v1", "t=" + T, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("timestamp not a number", "t=abc,v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("v1 without a value", "t=" + T + ",v1", NOW, Verification.BAD_SIGNATURE),
                Arguments.of("t without a value", "t,v1=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("another timestamp than signed", "t=" + (T + 1) + ",v1=" + v1, NOW,
                        Verification.BAD_SIGNATURE),
                Arguments.of("upper-case hex", "t=" + T + ",v1=" + v1.toUpperCase(), NOW, Verification.BAD_SIGNATURE),
                Arguments.of("only a v0 signature", "t=" + T + ",v0=" + v1, NOW, Verification.BAD_SIGNATURE),
                Arguments.of("wrong secret", "t=" + T + ",v1=" + v1(T, "whsec_wrong", SAMPLE), NOW,
                        Verification.BAD_SIGNATURE),
                Arguments.of("stale by 301 s", "t=" + T + ",v1=" + v1, NOW.plusSeconds(301),
                        Verification.STALE_TIMESTAMP),
                Arguments.of("future by 301 s", "t=" + T + ",v1=" + v1, NOW.minusSeconds(301),
                        Verification.STALE_TIMESTAMP),
                Arguments.of("stale with a wrong signature", "t=" + T + ",v1=" + v1(T, "whsec_wrong", SAMPLE),
                        NOW.plusSeconds(3600), Verification.BAD_SIGNATURE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signatureProblems")
    void checksTheSignatureHeader(String description, String header, Instant now, Verification expected) {
        assertThat(format.verify(raw(header, bytes(SAMPLE)), List.of(SECRET), now)).isEqualTo(expected);
    }

    static Stream<Arguments> badBodies() {
        return Stream.of(
                bad("not JSON", "{\"id\":", "body"),
                bad("empty body", "", "body"),
                bad("JSON array", "[]", "body"),
                bad("duplicate type", SAMPLE.replace("\"type\": \"payment_intent.succeeded\"",
                        "\"type\": \"payment_intent.succeeded\", \"type\": \"charge.refunded\""), "body"),
                bad("missing id", SAMPLE.replace("\"id\": \"evt_3QbTeZ2eZvKYlo2C0a1b2c3d\",", ""), "id"),
                bad("id of 65 characters", SAMPLE.replace("evt_3QbTeZ2eZvKYlo2C0a1b2c3d", "e".repeat(65)), "id"),
                bad("missing type", SAMPLE.replace(",\n  \"type\": \"payment_intent.succeeded\"", ""), "type"),
                bad("type a number", SAMPLE.replace("\"payment_intent.succeeded\"", "7"), "type"),
                bad("missing created", SAMPLE.replace("\"created\": 1735689570,", ""), "created"),
                bad("created a string", SAMPLE.replace("\"created\": 1735689570", "\"created\": \"1735689570\""),
                        "created"),
                bad("created negative", SAMPLE.replace("\"created\": 1735689570", "\"created\": -1"), "created"),
                bad("created beyond any time", SAMPLE.replace("\"created\": 1735689570",
                        "\"created\": 9223372036854775807"), "created"),
                bad("missing data", "{\"id\":\"evt_1\",\"created\":1735689570,\"type\":\"payment_intent.succeeded\"}",
                        "data"),
                bad("data.object an array", "{\"id\":\"evt_1\",\"created\":1735689570,"
                        + "\"type\":\"payment_intent.succeeded\",\"data\":{\"object\":[]}}", "data.object"),
                bad("not a payment intent", SAMPLE.replace("\"object\": \"payment_intent\"", "\"object\": \"charge\""),
                        "data.object.object"),
                bad("missing intent id", SAMPLE.replace("\"id\": \"pi_3QbTeZ2eZvKYlo2C0abcdefg\",", ""),
                        "data.object.id"),
                bad("missing amount", SAMPLE.replace("\"amount\": 1999,", ""), "data.object.amount"),
                bad("amount a string", SAMPLE.replace("\"amount\": 1999", "\"amount\": \"1999\""),
                        "data.object.amount"),
                bad("decimal amount", SAMPLE.replace("\"amount\": 1999", "\"amount\": 19.99"), "data.object.amount"),
                bad("amount with an exponent", SAMPLE.replace("\"amount\": 1999", "\"amount\": 1e3"),
                        "data.object.amount"),
                bad("negative amount", SAMPLE.replace("\"amount\": 1999", "\"amount\": -1999"), "data.object.amount"),
                bad("amount beyond a long", SAMPLE.replace("\"amount\": 1999", "\"amount\": 9223372036854775808"),
                        "data.object.amount"),
                bad("missing currency", SAMPLE.replace("\"currency\": \"usd\",", ""), "data.object.currency"),
                bad("upper-case currency", SAMPLE.replace("\"usd\"", "\"USD\""), "data.object.currency"),
                bad("unknown currency", SAMPLE.replace("\"usd\"", "\"xyz\""), "data.object.currency"),
                bad("currency with another minor unit at Stripe", SAMPLE.replace("\"usd\"", "\"isk\""),
                        "data.object.currency"),
                bad("metadata not an object", SAMPLE.replace(
                        "\"metadata\": {\"out_trade_no\": \"pay_test_0001\", \"tenant\": \"tenant-a\"},",
                        "\"metadata\": \"pay_test_0001\","), "data.object.metadata"),
                bad("empty out_trade_no", SAMPLE.replace("\"pay_test_0001\"", "\"\""),
                        "data.object.metadata.out_trade_no"),
                bad("out_trade_no a number", SAMPLE.replace("\"pay_test_0001\"", "1"),
                        "data.object.metadata.out_trade_no"),
                Arguments.of("bad UTF-8", invalidUtf8Sample(), "UTF-8"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void refusesABadBodyWithAReasonNamingTheField(String description, byte[] body, String field) {
        ParseResult result = format.parse(RawNotifications.raw("stripe", ACCOUNT, Map.of(), body));

        assertThat(result).isInstanceOfSatisfying(Malformed.class, malformed ->
                assertThat(malformed.reason()).contains(field).matches("[A-Z].*\\.").hasSizeLessThan(120));
    }

    @Test
    void refusesAnEventWhoseCallbackPathNamesNoAccount() {
        for (String hint : new String[] {null, "", "  ", "a".repeat(65)}) {
            RawNotification notification = RawNotifications.raw("stripe", hint, Map.of(), bytes(SAMPLE));

            assertThat(format.parse(notification)).isInstanceOfSatisfying(Malformed.class,
                    malformed -> assertThat(malformed.reason()).contains("account"));
        }
    }

    @Test
    void answersAsStripeExpects() {
        assertAnswer(format.answer(AnswerKind.SUCCESS, null), 200, "{\"received\":true}");
        assertAnswer(format.answer(AnswerKind.INVALID, "Field id is missing."), 400,
                "{\"error\":\"Field id is missing.\"}");
        assertAnswer(format.answer(AnswerKind.BAD_SIGNATURE, null), 400,
                "{\"error\":\"The signature does not verify.\"}");
        assertAnswer(format.answer(AnswerKind.RETRY, null), 503,
                "{\"error\":\"The event was not recorded; send it again later.\"}");
    }

    private static void assertAnswer(ChannelAnswer answer, int status, String body) {
        assertThat(answer.httpStatus()).isEqualTo(status);
        assertThat(answer.contentType()).isEqualTo("application/json");
        assertThat(answer.body()).isEqualTo(body);
    }

    private static Arguments bad(String description, String body, String field) {
        return Arguments.of(description, bytes(body), field);
    }

    private static byte[] invalidUtf8Sample() {
        byte[] body = bytes(SAMPLE.replace("会员月卡", "XX"));
        int at = new String(body, StandardCharsets.ISO_8859_1).indexOf("XX");
        body[at] = (byte) 0xC3;
        body[at + 1] = (byte) 0x28;
        return body;
    }

    private static String v1(long t, String secret, String payload) {
        try {
            return Webhook.Util.computeHmacSha256(secret, t + "." + payload);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String header(long t, String secret, String payload) {
        return "t=" + t + ",v1=" + v1(t, secret, payload);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static RawNotification signed(String body, String secret, long t) {
        return raw(header(t, secret, body), bytes(body));
    }

    private static RawNotification raw(String signatureHeader, byte[] body) {
        Map<String, String> headers = new HashMap<>();
        headers.put("Content-Type", "application/json; charset=utf-8");
        headers.put("Stripe-Signature", signatureHeader);
        return RawNotifications.raw("stripe", ACCOUNT, headers, body);
    }
}
