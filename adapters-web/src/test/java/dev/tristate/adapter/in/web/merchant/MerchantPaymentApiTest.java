package dev.tristate.adapter.in.web.merchant;

import static dev.tristate.adapter.in.web.merchant.MerchantApiDouble.KEY_A;
import static dev.tristate.adapter.in.web.merchant.MerchantApiDouble.KEY_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.tristate.application.idempotency.port.in.IdempotencyKeyInUse;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.ReturnUrl;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The merchant API over HTTP (MockMvc): every answer, problem code and header of the contract's payments part. */
@SpringBootTest(classes = MerchantApiTestApplication.class)
@AutoConfigureMockMvc
class MerchantPaymentApiTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String BODY = """
            {"merchant_order_id":"o-1001","amount_minor":1999,"currency":"CNY","channel":"sandbox",
             "user_id":"u-42","sku":"course:java-101","description":"Java 101"}""";

    @Autowired
    MockMvc mvc;

    @Autowired
    MerchantApiDouble api;

    private static String newKey() {
        return "key-" + UUID.randomUUID();
    }

    private static String body(String field, String jsonValue) {
        JsonNode node = JSON.readTree(BODY);
        ((tools.jackson.databind.node.ObjectNode) node).set(field, JSON.readTree(jsonValue));
        return JSON.writeValueAsString(node);
    }

    private MockHttpServletResponse perform(MockHttpServletRequestBuilder request) throws Exception {
        MockHttpServletResponse response = mvc.perform(request).andReturn().getResponse();
        response.setCharacterEncoding("UTF-8");
        return response;
    }

    private MockHttpServletResponse create(String apiKey, String idempotencyKey, String body) throws Exception {
        MockHttpServletRequestBuilder request = post("/api/v1/payments").contentType(MediaType.APPLICATION_JSON)
                .content(body.getBytes(StandardCharsets.UTF_8));
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return perform(request);
    }

    private MockHttpServletResponse create(String idempotencyKey, String body) throws Exception {
        return create(KEY_A.value(), idempotencyKey, body);
    }

    private MockHttpServletResponse read(String apiKey, String paymentId) throws Exception {
        return perform(get("/api/v1/payments/" + paymentId).header("Authorization", "Bearer " + apiKey));
    }

    private static JsonNode json(MockHttpServletResponse response) throws Exception {
        return JSON.readTree(response.getContentAsString());
    }

    private static List<String> fieldNames(JsonNode node) {
        return new ArrayList<>(node.propertyNames());
    }

    /** A problem answer: the status, problem JSON, the code, and nothing that gives away the implementation. */
    private static JsonNode assertProblem(MockHttpServletResponse response, int status, String code) throws Exception {
        assertThat(response.getStatus()).isEqualTo(status);
        assertThat(response.getContentType()).startsWith("application/problem+json");
        JsonNode problem = json(response);
        assertThat(problem.get("code").stringValue()).isEqualTo(code);
        assertThat(problem.get("status").intValue()).isEqualTo(status);
        assertThat(fieldNames(problem)).startsWith("type", "title", "status", "detail", "instance", "code");
        assertThat(problem.get("detail").stringValue()).isNotBlank();
        assertThat(response.getContentAsString()).doesNotContainIgnoringCase("exception")
                .doesNotContain("dev.tristate").doesNotContain("\tat ").doesNotContainIgnoringCase("sql")
                .doesNotContain("jackson").doesNotContain("springframework");
        return problem;
    }

    @Test
    void aCreatedPaymentIs201WithExactlyTheContractsFields() throws Exception {
        MockHttpServletResponse response = create(newKey(), BODY);

        assertThat(response.getStatus()).isEqualTo(201);
        assertThat(response.getContentType()).startsWith("application/json");
        assertThat(response.getHeader("Idempotent-Replayed")).isNull();
        JsonNode created = json(response);
        assertThat(fieldNames(created)).containsExactly("payment_id", "status", "merchant_order_id", "amount_minor",
                "currency", "channel", "pay_url", "pay", "created_at");
        assertThat(created.get("payment_id").stringValue()).matches("pay_[0-9A-HJKMNP-TV-Z]{26}").hasSizeLessThan(33);
        assertThat(created.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(created.get("merchant_order_id").stringValue()).isEqualTo("o-1001");
        assertThat(created.get("amount_minor").isIntegralNumber()).isTrue();
        assertThat(created.get("amount_minor").longValue()).isEqualTo(1999);
        assertThat(created.get("currency").stringValue()).isEqualTo("CNY");
        assertThat(created.get("channel").stringValue()).isEqualTo("sandbox");
        assertThat(created.get("pay_url").stringValue())
                .isEqualTo("https://sandbox.example/pay/" + created.get("payment_id").stringValue());
        assertThat(fieldNames(created.get("pay"))).as("the default method has no details").containsExactly("method");
        assertThat(created.get("pay").get("method").stringValue()).isEqualTo("page");
        assertThat(created.get("created_at").stringValue()).isEqualTo("2026-11-30T08:00:00.123456Z");
    }

    @Test
    void aRequestedPayMethodIsAnsweredWithItsDetailsAndReplayedAsIs() throws Exception {
        String key = newKey();
        MockHttpServletResponse first = create(key, body("pay_method", "\"qr\""));

        assertThat(first.getStatus()).isEqualTo(201);
        JsonNode pay = json(first).get("pay");
        assertThat(fieldNames(pay)).containsExactly("method", "qr_code");
        assertThat(pay.get("method").stringValue()).isEqualTo("qr");
        assertThat(pay.get("qr_code").stringValue()).isEqualTo(json(first).get("pay_url").stringValue());
        MockHttpServletResponse again = create(key, body("pay_method", "\"qr\""));
        assertThat(again.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.getContentAsByteArray()).isEqualTo(first.getContentAsByteArray());
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"jsapi\"", "\"QR\"", "\"\"", "7", "[\"qr\"]"})
    void aPayMethodTheChannelDoesNotHaveIs422NamingTheField(String payMethod) throws Exception {
        JsonNode problem = assertProblem(create(newKey(), body("pay_method", payMethod)), 422, "VALIDATION_FAILED");

        assertThat(problem.get("errors")).singleElement()
                .satisfies(error -> assertThat(error.get("field").stringValue()).isEqualTo("pay_method"));
    }

    @Test
    void theSameRequestAgainIsReplayedByteForByteWithTheReplayHeaderEvenWithKeysReordered() throws Exception {
        String key = newKey();
        MockHttpServletResponse first = create(key, BODY);
        String reordered = """
                { "user_id" : "u-42", "sku":"course:java-101", "description":"Java 101",
                  "channel":"sandbox", "currency":"CNY", "amount_minor":1999, "merchant_order_id":"o-1001" }
                """;

        MockHttpServletResponse again = create(key, reordered);

        assertThat(again.getStatus()).isEqualTo(201);
        assertThat(again.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.getContentAsByteArray()).isEqualTo(first.getContentAsByteArray());
        assertThat(again.getContentType()).isEqualTo(first.getContentType());
    }

    @Test
    void aSecondPaymentForTheSameOrderWithAnotherKeyIsANewPayment() throws Exception {
        String first = json(create(newKey(), BODY)).get("payment_id").stringValue();
        String second = json(create(newKey(), BODY)).get("payment_id").stringValue();

        assertThat(second).isNotEqualTo(first);
    }

    @Test
    void aReturnUrlReachesTheChannelWithThePaymentAndWithoutOneThereIsNone() throws Exception {
        String url = "https://shop.example/orders/o-1001?from=pay";
        assertThat(create(newKey(), body("return_url", "\"" + url + "\"")).getStatus()).isEqualTo(201);
        assertThat(api.gateway.lastRegistered.returnUrl()).isEqualTo(new ReturnUrl(url));

        assertThat(create(newKey(), BODY).getStatus()).isEqualTo(201);
        assertThat(api.gateway.lastRegistered.returnUrl()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"ftp://shop.example/x\"", "\"/orders/o-1001\"", "\"\"", "\"   \"", "12",
            "\"javascript:alert(1)\""})
    void aReturnUrlThatIsNotAnAbsoluteWebAddressIs422NamingTheField(String returnUrl) throws Exception {
        JsonNode problem = assertProblem(create(newKey(), body("return_url", returnUrl)), 422, "VALIDATION_FAILED");

        assertThat(problem.get("errors")).singleElement()
                .satisfies(error -> assertThat(error.get("field").stringValue()).isEqualTo("return_url"));
    }

    @Test
    void aReturnUrlLongerThan512CharactersIs422NamingTheField() throws Exception {
        String tooLong = "\"https://shop.example/" + "a".repeat(492) + "\"";

        JsonNode problem = assertProblem(create(newKey(), body("return_url", tooLong)), 422, "VALIDATION_FAILED");

        assertThat(problem.get("errors")).singleElement()
                .satisfies(error -> assertThat(error.get("field").stringValue()).isEqualTo("return_url"));
    }

    @Test
    void theSameKeyWithAnotherReturnUrlIs422Reused() throws Exception {
        String key = newKey();
        create(key, body("return_url", "\"https://shop.example/a\""));

        assertProblem(create(key, body("return_url", "\"https://shop.example/b\"")), 422, "IDEMPOTENCY_KEY_REUSED");
    }

    @Test
    void theSameKeyWithAnotherBodyIs422Reused() throws Exception {
        String key = newKey();
        create(key, BODY);

        assertProblem(create(key, body("amount_minor", "2000")), 422, "IDEMPOTENCY_KEY_REUSED");
    }

    @Test
    void aKeyInFlightIs409WithRetryAfter() throws Exception {
        api.failNextCreate(new IdempotencyKeyInUse(Duration.ofSeconds(7)));

        MockHttpServletResponse response = create(newKey(), BODY);

        assertProblem(response, 409, "IDEMPOTENCY_KEY_IN_USE");
        assertThat(response.getHeader("Retry-After")).isEqualTo("7");
    }

    @Test
    void keysAreScopedToTheTenant() throws Exception {
        String key = newKey();
        MockHttpServletResponse a = create(KEY_A.value(), key, BODY);
        MockHttpServletResponse b = create(KEY_B.value(), key, BODY);

        assertThat(b.getStatus()).isEqualTo(201);
        assertThat(b.getHeader("Idempotent-Replayed")).isNull();
        assertThat(json(b).get("payment_id")).isNotEqualTo(json(a).get("payment_id"));
    }

    @Test
    void withoutAuthorizationItIs401SayingTheHeaderIsMissing() throws Exception {
        MockHttpServletResponse response = create(null, newKey(), BODY);

        JsonNode problem = assertProblem(response, 401, "UNAUTHENTICATED");
        assertThat(problem.get("detail").stringValue()).contains("missing");
        assertThat(response.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
    }

    @Test
    void anAuthorizationThatIsNotABearerTokenIs401SayingSo() throws Exception {
        MockHttpServletResponse response = perform(get("/api/v1/payments/pay_x")
                .header("Authorization", "Basic dXNlcjpwYXNz"));

        assertThat(assertProblem(response, 401, "UNAUTHENTICATED").get("detail").stringValue())
                .contains("not a Bearer token");
        assertThat(response.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tsk_cccccccccccccccccccccccccccccccccccccccc", "short", "has spaces in it ok?"})
    void anUnknownOrIllFormedKeyIs401WithoutEchoingIt(String apiKey) throws Exception {
        MockHttpServletResponse response = create(apiKey, newKey(), BODY);

        assertThat(assertProblem(response, 401, "UNAUTHENTICATED").get("detail").stringValue())
                .isEqualTo("the API key is unknown or expired");
        assertThat(response.getContentAsString()).doesNotContain(apiKey);
        assertThat(response.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
    }

    @Test
    void authenticationComesBeforeEverythingElse() throws Exception {
        assertProblem(create(null, null, "not json"), 401, "UNAUTHENTICATED");
        assertProblem(read("tsk_" + "0".repeat(64), "not a payment id!"), 401, "UNAUTHENTICATED");
    }

    @Test
    void aPostWithoutIdempotencyKeyIs400Missing() throws Exception {
        assertProblem(create(null, BODY), 400, "IDEMPOTENCY_KEY_MISSING");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "ключ", "tab\tin-key"})
    void anIdempotencyKeyThatIsNotPrintableAsciiIs400Invalid(String key) throws Exception {
        assertProblem(create(key, BODY), 400, "IDEMPOTENCY_KEY_INVALID");
    }

    @Test
    void anIdempotencyKeyOf256CharactersIs400InvalidAnd255AreFine() throws Exception {
        assertProblem(create("k".repeat(256), BODY), 400, "IDEMPOTENCY_KEY_INVALID");
        assertThat(create("k".repeat(250) + UUID.randomUUID().toString().substring(0, 5), BODY).getStatus())
                .isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"merchant_order_id\":", "[1,2]", "\"text\"", "{\"a\":1} trailing",
            "{\"amount_minor\":1,\"amount_minor\":2}"})
    void aBodyThatIsNotOneJsonObjectIs400Malformed(String body) throws Exception {
        assertProblem(create(newKey(), body), 400, "MALFORMED_REQUEST");
    }

    @Test
    void anEmptyBodyIs400Malformed() throws Exception {
        assertProblem(create(newKey(), ""), 400, "MALFORMED_REQUEST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"19.99", "1999.0", "2e3", "\"1999\"", "-1", "0", "9223372036854775808", "true", "null"})
    void anAmountThatIsNotAPositiveLongIs422NamingTheField(String amount) throws Exception {
        JsonNode problem = assertProblem(create(newKey(), body("amount_minor", amount)), 422, "VALIDATION_FAILED");

        assertThat(problem.get("detail").stringValue()).startsWith("amount_minor ");
        assertThat(problem.get("errors")).hasSize(1);
        assertThat(problem.get("errors").get(0).get("field").stringValue()).isEqualTo("amount_minor");
        assertThat(fieldNames(problem.get("errors").get(0))).containsExactly("field", "message");
    }

    @Test
    void theLargestLongIsAValidAmount() throws Exception {
        assertThat(create(newKey(), body("amount_minor", "9223372036854775807")).getStatus()).isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"cny\"", "\"ABC\"", "\"XAU\"", "12"})
    void aCurrencyThatIsNotAnIsoCodeWithMinorUnitsIs422(String currency) throws Exception {
        JsonNode problem = assertProblem(create(newKey(), body("currency", currency)), 422, "VALIDATION_FAILED");

        assertThat(problem.get("errors").get(0).get("field").stringValue()).isEqualTo("currency");
    }

    @Test
    void severalBadFieldsAreAllListedInTheContractsOrder() throws Exception {
        String body = "{\"amount_minor\":-3,\"currency\":\"cny\",\"channel\":\"nope\",\"sku\":\"course:s\","
                + "\"description\":\"" + "d".repeat(257) + "\"}";

        JsonNode problem = assertProblem(create(newKey(), body), 422, "VALIDATION_FAILED");

        List<String> fields = new ArrayList<>();
        problem.get("errors").forEach(e -> fields.add(e.get("field").stringValue()));
        assertThat(fields).containsExactly("merchant_order_id", "amount_minor", "currency", "channel", "user_id",
                "description");
        assertThat(problem.get("detail").stringValue()).contains("merchant_order_id").contains("description");
    }

    @Test
    void aValidationFailureIsStoredAndReplayedUnderItsKey() throws Exception {
        String key = newKey();
        String invalid = body("currency", "\"cny\"");
        MockHttpServletResponse first = create(key, invalid);

        MockHttpServletResponse again = create(key, invalid);

        assertProblem(again, 422, "VALIDATION_FAILED");
        assertThat(again.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(again.getContentAsByteArray()).isEqualTo(first.getContentAsByteArray());
        assertThat(create(key, BODY).getStatus()).as("a corrected body needs a new key").isEqualTo(422);
    }

    @Test
    void unknownFieldsAreIgnored() throws Exception {
        assertThat(create(newKey(), body("coupon", "{\"code\":\"X\"}")).getStatus()).isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"otherpay", "wechat", "stripe", "alipay", "SANDBOX"})
    void aChannelWithoutTheTenantsAccountOrWithoutAGatewayIs422NamingTheField(String channel) throws Exception {
        JsonNode problem = assertProblem(create(newKey(), body("channel", "\"" + channel + "\"")), 422,
                "VALIDATION_FAILED");

        assertThat(problem.get("errors")).singleElement()
                .satisfies(error -> assertThat(error.get("field").stringValue()).isEqualTo("channel"));
    }

    @Test
    void aChannelThatDefinitelyRefusesIs422WithItsReasonAndNothingIsStored() throws Exception {
        String key = newKey();
        api.gateway.failNextWith(new ChannelFailure(OutcomeClass.DEFINITE, "unknown merchant_id m-1", null));

        MockHttpServletResponse refused = create(key, BODY);

        assertProblem(refused, 422, "CHANNEL_REFUSED");
        assertThat(refused.getContentAsString()).contains("unknown merchant_id m-1");
        assertThat(create(key, BODY).getStatus()).as("the key is free for the retry").isEqualTo(201);
    }

    @Test
    void aChannelThatFailsIs502AndNothingIsStored() throws Exception {
        String key = newKey();
        api.gateway.failNextWith(new ChannelFailure(OutcomeClass.RETRYABLE, "HTTP 500 from channel", null));

        assertProblem(create(key, BODY), 502, "CHANNEL_UNAVAILABLE");
        assertThat(create(key, BODY).getStatus()).as("the key is free for the retry").isEqualTo(201);
    }

    @Test
    void aChannelThatDoesNotAnswerIs202PendingWithoutPayUrlAndTheRetryGetsTheSameAnswer() throws Exception {
        String key = newKey();
        api.gateway.failNextWith(new ChannelFailure(OutcomeClass.UNKNOWN, "Read timed out", null));

        MockHttpServletResponse response = create(key, BODY);

        assertThat(response.getStatus()).isEqualTo(202);
        JsonNode pending = json(response);
        assertThat(fieldNames(pending)).containsExactly("payment_id", "status", "merchant_order_id", "amount_minor",
                "currency", "channel", "pay_url", "pay", "created_at");
        assertThat(pending.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(pending.get("pay_url").isNull()).isTrue();
        assertThat(pending.get("pay").isNull()).isTrue();
        MockHttpServletResponse retry = create(key, BODY);
        assertThat(retry.getStatus()).isEqualTo(202);
        assertThat(retry.getHeader("Idempotent-Replayed")).isEqualTo("true");
        assertThat(retry.getContentAsString()).isEqualTo(response.getContentAsString());
    }

    @Test
    void aCommitWhoseOutcomeIsUnknownIs202StatusUnknownWithoutPayUrlAndTheKeyStaysInFlight() throws Exception {
        String key = newKey();
        api.gateway.loseTheNextCommit();

        MockHttpServletResponse response = create(key, BODY);

        assertThat(response.getStatus()).isEqualTo(202);
        assertThat(response.getContentType()).startsWith("application/json");
        JsonNode unknown = json(response);
        assertThat(fieldNames(unknown)).containsExactly("payment_id", "status", "merchant_order_id", "amount_minor",
                "currency", "channel", "pay_url", "pay", "created_at");
        assertThat(unknown.get("status").stringValue()).isEqualTo("UNKNOWN");
        assertThat(unknown.get("pay_url").isNull()).isTrue();
        assertThat(unknown.get("pay").isNull()).isTrue();
        assertThat(unknown.get("payment_id").stringValue()).matches("pay_[0-9A-HJKMNP-TV-Z]{26}");
        MockHttpServletResponse retry = create(key, BODY);
        assertProblem(retry, 409, "IDEMPOTENCY_KEY_IN_USE");
        assertThat(retry.getHeader("Retry-After")).isEqualTo("30");
    }

    @Test
    void aPaymentThatKeptChangingIs503WithRetryAfterAsForADeadlock() throws Exception {
        api.failNextCreate(new ChangedMeanwhile("payment pay_0001 moved under its lock"));

        MockHttpServletResponse response = create(newKey(), BODY);

        assertProblem(response, 503, "SERVICE_UNAVAILABLE");
        assertThat(response.getHeader("Retry-After")).isEqualTo("1");
        assertThat(response.getContentAsString()).doesNotContain("moved under its lock");
    }

    @Test
    void aRetryableDatabaseFailureIs503WithRetryAfterAndSaysNothingOfTheDatabase() throws Exception {
        api.failNextCreate(new PersistenceFailure(OutcomeClass.RETRYABLE,
                "MySQLTransactionRollbackException: Deadlock found when trying to get lock", null));

        MockHttpServletResponse response = create(newKey(), BODY);

        assertProblem(response, 503, "SERVICE_UNAVAILABLE");
        assertThat(response.getHeader("Retry-After")).isEqualTo("1");
        assertThat(response.getContentAsString()).doesNotContain("Deadlock");
    }

    @Test
    void aDefiniteDatabaseFailureIs500WithoutSqlStackTraceOrClassNames() throws Exception {
        api.failNextGet(new PersistenceFailure(OutcomeClass.DEFINITE,
                "SQLSyntaxErrorException: You have an error in your SQL syntax near 'SELECT id FROM payments'",
                new java.sql.SQLSyntaxErrorException("SELECT id FROM payments WHERE x")));

        MockHttpServletResponse response = read(KEY_A.value(), "pay_0123456789abcdef0123456789abcdef");

        assertProblem(response, 500, "INTERNAL_ERROR");
        assertThat(response.getContentAsString()).doesNotContain("SELECT").doesNotContain("payments WHERE")
                .doesNotContain("syntax");
    }

    @Test
    void anUnexpectedFailureIs500WithoutItsMessage() throws Exception {
        api.failNextCreate(new IllegalStateException("boom in com.example.Secret#method"));

        MockHttpServletResponse response = create(newKey(), BODY);

        assertProblem(response, 500, "INTERNAL_ERROR");
        assertThat(response.getContentAsString()).doesNotContain("boom").doesNotContain("Secret");
    }

    @Test
    void aPaymentReadsWithExactlyTheContractsFieldsAndNullsWhereNothingIsKnownYet() throws Exception {
        String id = json(create(newKey(), BODY)).get("payment_id").stringValue();

        MockHttpServletResponse response = read(KEY_A.value(), id);

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getContentType()).startsWith("application/json");
        JsonNode payment = json(response);
        assertThat(fieldNames(payment)).containsExactly("payment_id", "status", "amount_minor", "currency", "channel",
                "channel_txn_id", "paid_at", "refunded_minor", "entitlements", "refunds");
        assertThat(payment.get("payment_id").stringValue()).isEqualTo(id);
        assertThat(payment.get("status").stringValue()).isEqualTo("PENDING");
        assertThat(payment.get("amount_minor").longValue()).isEqualTo(1999);
        assertThat(payment.get("channel_txn_id").isNull()).isTrue();
        assertThat(payment.get("paid_at").isNull()).isTrue();
        assertThat(payment.get("refunded_minor").longValue()).isZero();
        assertThat(payment.get("entitlements").isArray()).isTrue();
        assertThat(payment.get("entitlements")).isEmpty();
    }

    @Test
    void aPaymentShowsItsEntitlementsWithSkuStatusAndGrantTimeOnlyToItsTenant() throws Exception {
        String id = json(create(newKey(), BODY)).get("payment_id").stringValue();
        api.entitlements.insert(Entitlement.grant(
                new EntitlementKey(MerchantApiDouble.TENANT_A, "u-42",
                        "course:java-101", new PaymentId(id)),
                new EntitlementKind.CourseAccess("java-101"),
                new EventId(UUID.randomUUID()), MerchantApiDouble.NOW, null));

        JsonNode entitlements = json(read(KEY_A.value(), id)).get("entitlements");

        assertThat(entitlements).hasSize(1);
        assertThat(fieldNames(entitlements.get(0))).containsExactly("sku", "status", "granted_at");
        assertThat(entitlements.get(0).get("sku").stringValue()).isEqualTo("course:java-101");
        assertThat(entitlements.get(0).get("status").stringValue()).isEqualTo("GRANTED");
        assertThat(entitlements.get(0).get("granted_at").stringValue()).isEqualTo("2026-11-30T08:00:00.123456Z");
    }

    @Test
    void anotherTenantsPaymentIs404LikeAnUnknownOne() throws Exception {
        String id = json(create(newKey(), BODY)).get("payment_id").stringValue();

        JsonNode foreign = assertProblem(read(KEY_B.value(), id), 404, "PAYMENT_NOT_FOUND");
        JsonNode unknown = assertProblem(read(KEY_B.value(), "pay_ffffffffffffffffffffffffffffffff"), 404,
                "PAYMENT_NOT_FOUND");
        assertThat(foreign.get("title")).isEqualTo(unknown.get("title"));
    }

    @Test
    void aPaymentStoredUnderAnIdOfTheOlderShapeStillReads() throws Exception {
        String old = "pay_" + UUID.randomUUID().toString().replace("-", "");
        api.payments.insert(PaymentTestData.aPendingPayment().withId(old).withTenant(MerchantApiDouble.TENANT_A)
                .build());

        MockHttpServletResponse response = read(KEY_A.value(), old);

        assertThat(old).hasSize(36);
        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(json(response).get("payment_id").stringValue()).isEqualTo(old);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nope", "pay_", "pay_has%20space", "pay_bang!", "pay_0123456789012345678901234567890123456789012345678901234567890"})
    void aMalformedPaymentIdIsNotFoundLikeAnUnknownOne(String id) throws Exception {
        assertProblem(read(KEY_A.value(), id), 404, "PAYMENT_NOT_FOUND");
    }

    @Test
    void aMethodThatIsNotAllowedIs405WithAllow() throws Exception {
        MockHttpServletResponse response = perform(delete("/api/v1/payments")
                .header("Authorization", "Bearer " + KEY_A.value()));

        assertProblem(response, 405, "METHOD_NOT_ALLOWED");
        assertThat(response.getHeader("Allow")).isEqualTo("POST");
    }

    @Test
    void aBodyThatIsNotJsonIs415() throws Exception {
        MockHttpServletResponse response = perform(post("/api/v1/payments")
                .header("Authorization", "Bearer " + KEY_A.value()).header("Idempotency-Key", newKey())
                .contentType(MediaType.TEXT_PLAIN).content(BODY));

        assertProblem(response, 415, "UNSUPPORTED_MEDIA_TYPE");
    }

    @Test
    void anAcceptThatExcludesJsonIs406AsProblemJson() throws Exception {
        MockHttpServletResponse response = perform(get("/api/v1/payments/pay_x")
                .header("Authorization", "Bearer " + KEY_A.value()).accept(MediaType.TEXT_HTML));

        assertProblem(response, 406, "NOT_ACCEPTABLE");
    }

    @Test
    void anUnknownPathUnderTheApiIs404ProblemJson() throws Exception {
        assertProblem(perform(get("/api/v1/nothing-here").header("Authorization", "Bearer " + KEY_A.value())), 404,
                "NOT_FOUND");
    }

    @Test
    void aBodyOverSixtyFourKibibytesIs413() throws Exception {
        String huge = body("description", "\"" + "x".repeat(64 * 1024) + "\"");

        assertProblem(create(newKey(), huge), 413, "PAYLOAD_TOO_LARGE");
    }

    @Test
    void aBodyOfExactlyTheLimitIsRead() throws Exception {
        String base = body("pad", "\"\"");
        String padded = body("pad", "\"" + "x".repeat(64 * 1024 - base.length()) + "\"");
        assertThat(padded.getBytes(StandardCharsets.UTF_8)).hasSize(64 * 1024);

        assertThat(create(newKey(), padded).getStatus()).isEqualTo(201);
    }
}
