package dev.tristate.application.payment.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.in.CreatePaymentUseCase.PaymentRequest;
import dev.tristate.application.shared.port.in.FieldError;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PaymentRequestRulesTest {

    private static final SortedMap<String, List<String>> CHANNELS = new TreeMap<>(Map.of("sandbox",
            List.of("page", "qr")));

    private static PaymentRequest valid() {
        return new PaymentRequest("o-1001", 1999L, "CNY", "sandbox", "u-42", "course:java-101", "Java 101", List.of());
    }

    private static List<FieldError> check(PaymentRequest request) {
        return PaymentRequestRules.check(request, CHANNELS);
    }

    private static PaymentRequest with(String merchantOrderId, Long amount, String currency, String channel,
                                       String userId, String sku, String description) {
        return new PaymentRequest(merchantOrderId, amount, currency, channel, userId, sku, description, List.of());
    }

    @Test
    void theContractsExampleIsValid() {
        assertThat(check(valid())).isEmpty();
    }

    @Test
    void everyRequiredFieldIsNamedWhenMissingAndTheDescriptionIsOptional() {
        assertThat(check(with(null, null, null, null, null, null, null))).extracting(FieldError::field)
                .containsExactly("merchant_order_id", "amount_minor", "currency", "channel", "user_id", "sku");
        assertThat(check(with(null, null, null, null, null, null, null)))
                .allMatch(e -> e.message().equals("is required"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "tab\there", "ünïcode"})
    void aMerchantOrderIdIsOneToSixtyFourPrintableAsciiCharacters(String bad) {
        assertThat(check(with(bad, 1L, "CNY", "sandbox", "u", "course:c", null)))
                .containsExactly(new FieldError("merchant_order_id", "must be 1-64 printable ASCII characters"));
        assertThat(check(with("x".repeat(65), 1L, "CNY", "sandbox", "u", "course:c", null))).hasSize(1);
        assertThat(check(with("x".repeat(64), 1L, "CNY", "sandbox", "u", "course:c", null))).isEmpty();
    }

    private static PaymentRequest returningTo(String returnUrl) {
        return new PaymentRequest("o-1001", 1999L, "CNY", "sandbox", null, "u-42", "course:java-101", "Java 101",
                returnUrl, List.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://shop.example/orders/42?x=1", "http://localhost:8080/back", "HTTPS://Shop.example"})
    void aReturnUrlIsOptionalAndAnAbsoluteHttpOrHttpsUrl(String good) {
        assertThat(check(returningTo(null))).isEmpty();
        assertThat(check(returningTo(good))).isEmpty();
        assertThat(check(returningTo("https://shop.example/" + "a".repeat(512 - 21)))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "ftp://shop.example/x", "/orders/42", "shop.example/orders",
            "javascript:alert(1)", "https:///no-host", "https://shop.example/a b", "data:text/html,hi"})
    void aReturnUrlThatIsNotAnAbsoluteWebAddressIsNamed(String bad) {
        assertThat(check(returningTo(bad))).extracting(FieldError::field).containsExactly("return_url");
    }

    @Test
    void aReturnUrlIsAtMost512Characters() {
        assertThat(check(returningTo("https://shop.example/" + "a".repeat(512 - 20))))
                .containsExactly(new FieldError("return_url", "must be at most 512 characters"));
    }

    @Test
    void anAmountIsAPositiveNumberOfMinorUnits() {
        assertThat(check(with("o", 0L, "CNY", "sandbox", "u", "course:c", null))).extracting(FieldError::field)
                .containsExactly("amount_minor");
        assertThat(check(with("o", -5L, "CNY", "sandbox", "u", "course:c", null))).hasSize(1);
        assertThat(check(with("o", Long.MAX_VALUE, "CNY", "sandbox", "u", "course:c", null))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cny", "CN", "CNYY", "ABC", "XXX", "XAU"})
    void aCurrencyIsARealUpperCaseIso4217CodeWithMinorUnits(String bad) {
        assertThat(check(with("o", 1L, bad, "sandbox", "u", "course:c", null))).extracting(FieldError::field)
                .containsExactly("currency");
    }

    @ParameterizedTest
    @ValueSource(strings = {"JPY", "USD", "KWD", "EUR"})
    void currenciesWithZeroToThreeDecimalsAreAccepted(String code) {
        assertThat(check(with("o", 1L, code, "sandbox", "u", "course:c", null))).isEmpty();
    }

    @Test
    void theChannelIsOneOfTheConfiguredGateways() {
        assertThat(check(with("o", 1L, "CNY", "alipay", "u", "course:c", null)))
                .containsExactly(new FieldError("channel", "must be one of: sandbox"));
        assertThat(PaymentRequestRules.check(valid(), new TreeMap<>()))
                .containsExactly(new FieldError("channel", "no payment channel is configured"));
    }

    @Test
    void thePayMethodIsOneOfTheChannelsMethodsOrLeftOut() {
        assertThat(check(request("sandbox", "qr"))).isEmpty();
        assertThat(check(request("sandbox", null))).isEmpty();
        assertThat(check(request("sandbox", "native"))).containsExactly(
                new FieldError("pay_method", "must be one of page, qr at channel sandbox (default page)"));
        assertThat(check(request("sandbox", ""))).extracting(FieldError::field).containsExactly("pay_method");
    }

    @Test
    void aPayMethodIsNotJudgedAtAChannelThatIsNotServed() {
        assertThat(check(request("wechat", "jsapi"))).containsExactly(
                new FieldError("channel", "must be one of: sandbox"));
    }

    @Test
    void errorsFollowTheApisFieldOrderWithThePayMethodAfterTheChannel() {
        PaymentRequest request = new PaymentRequest("o", 0L, "CNY", "sandbox", "card", " ", "course:c", null,
                List.of());

        assertThat(check(request)).extracting(FieldError::field)
                .containsExactly("amount_minor", "pay_method", "user_id");
    }

    private static PaymentRequest request(String channel, String payMethod) {
        return new PaymentRequest("o-1", 1L, "CNY", channel, payMethod, "u", "course:c", null, List.of());
    }

    @Test
    void userSkuAndDescriptionHaveTheirLengths() {
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u".repeat(65), "s".repeat(129), "d".repeat(257))))
                .extracting(FieldError::field).containsExactly("user_id", "sku", "description");
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u".repeat(64), "course:" + "c".repeat(120),
                "d".repeat(256)))).isEmpty();
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u", "   ", ""))).extracting(FieldError::field)
                .containsExactly("sku");
    }

    @Test
    void aFieldTheAdapterFoundMalformedIsReportedOnceWithTheAdaptersMessage() {
        PaymentRequest request = new PaymentRequest("o", null, "CNY", "sandbox", "u", "course:c", null,
                List.of(new FieldError("amount_minor", "must be an integer")));

        assertThat(check(request)).containsExactly(new FieldError("amount_minor", "must be an integer"));
    }

    @Test
    void userIdSkuAndDescriptionMeetTheRulesTheEntitlementStageAppliesLater() {
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u\n1", "course:zz\nx", "line\nbreak")))
                .extracting(FieldError::field).containsExactly("user_id", "sku", "description");
        assertThat(check(with("o", 1L, "CNY", "sandbox", "\u00fcser", "course:\u00e9", "caf\u00e9 \u2615")))
                .extracting(FieldError::field).containsExactly("user_id", "sku");
    }

    @ParameterizedTest
    @ValueSource(strings = {"sku-1", "book:moby-dick", "membership:0d", "membership:3661d", "tokens:1000000001",
            "course:"})
    void aSkuNamesAnEntitlementKind(String sku) {
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u", sku, null))).extracting(FieldError::field)
                .containsExactly("sku");
    }

    @ParameterizedTest
    @ValueSource(strings = {"course:java-101", "membership:30d", "membership:3660d", "tokens:1000000000"})
    void everyEntitlementKindIsASku(String sku) {
        assertThat(check(with("o", 1L, "CNY", "sandbox", "u", sku, null))).isEmpty();
    }
}
