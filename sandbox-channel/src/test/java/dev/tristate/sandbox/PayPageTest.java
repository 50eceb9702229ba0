package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PayPageTest extends SandboxChannelIntegrationBase {

    @ParameterizedTest
    @CsvSource({"12345, CNY, 123.45 CNY", "1234, JPY, 1234 JPY", "12345, BHD, 12.345 BHD", "5, USD, 0.05 USD"})
    void thePageShowsTheAmountWithTheCurrencysMinorDigits(long amountMinor, String currency, String shown) {
        String outTradeNo = registeredTrade(amountMinor, currency, "Premium plan");

        HttpResponse<String> page = get("/sandbox-channel/pay/" + outTradeNo);

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("<dd class=\"amount\" id=\"amount\">" + shown + "</dd>",
                "Premium plan", MERCHANT, outTradeNo);
    }

    @Test
    void thePageShowsTheMerchantsOwnOrderIdBesideThePaymentsId() {
        String outTradeNo = newOutTradeNo();
        assertThat(post("/sandbox-channel/trades", json(java.util.Map.of("out_trade_no", outTradeNo,
                "merchant_id", MERCHANT, "amount_minor", 100, "currency", "CNY", "description", "Plan",
                "merchant_order_id", "shop-order-42"))).statusCode()).isEqualTo(201);

        String page = get("/sandbox-channel/pay/" + outTradeNo).body();

        assertThat(page).contains("Your order", "shop-order-42", "Payment", outTradeNo);
        assertThat(get("/sandbox-channel/pay/" + registeredTrade()).body()).contains("Your order");
    }

    private String tradeReturningTo(String returnUrl) {
        String outTradeNo = newOutTradeNo();
        assertThat(post("/sandbox-channel/trades", json(java.util.Map.of("out_trade_no", outTradeNo,
                "merchant_id", MERCHANT, "amount_minor", 100, "currency", "CNY", "description", "Plan",
                "return_url", returnUrl))).statusCode()).isEqualTo(201);
        return outTradeNo;
    }

    @Test
    void thePageLinksBackToTheShopBeforeAndAfterThePayerPays() {
        String outTradeNo = tradeReturningTo("https://shop.example/orders/42?paid=1&lang=en");
        String link = "<a id=\"return\" href=\"https://shop.example/orders/42?paid=1&amp;lang=en\" "
                + "rel=\"noopener\">Back to the shop</a>";

        assertThat(get("/sandbox-channel/pay/" + outTradeNo).body()).contains(link);
        submitPayForm(outTradeNo, "pay");
        assertThat(get("/sandbox-channel/pay/" + outTradeNo).body()).contains("Payment successful.", link);
    }

    @Test
    void aDeclinedPaymentsPageStillLinksBackToTheShop() {
        String outTradeNo = tradeReturningTo("http://localhost:8081/shop/back");

        submitPayForm(outTradeNo, "fail");

        assertThat(get("/sandbox-channel/pay/" + outTradeNo).body()).contains("The payment failed.",
                "<a id=\"return\" href=\"http://localhost:8081/shop/back\" rel=\"noopener\">");
    }

    @Test
    void withoutAReturnUrlThePageSaysTheShopGaveNone() {
        assertThat(get("/sandbox-channel/pay/" + registeredTrade()).body())
                .contains("The shop gave no return address").doesNotContain("href=", "Back to the shop");
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(document.cookie)",
            "data:text/html,<script>alert(1)</script>", "ftp://shop.example/", "//shop.example/no-scheme"})
    void aReturnUrlThatIsNotAWebAddressIsNeverRenderedAsALink(String returnUrl) {
        String page = get("/sandbox-channel/pay/" + tradeReturningTo(returnUrl)).body();

        assertThat(page).doesNotContain("href=", "javascript:", "<script>", "Back to the shop")
                .contains("The shop gave no return address");
    }

    @Test
    void thePageOffersThreeKeyboardReachableButtonsInAFormWithoutCsrfTokenOrOutsideResources() {
        String outTradeNo = registeredTrade();

        HttpResponse<String> page = get("/sandbox-channel/pay/" + outTradeNo);

        assertThat(page.body()).contains("<form method=\"post\">",
                "<button type=\"submit\" name=\"action\" value=\"pay\" autofocus>",
                "<button type=\"submit\" name=\"action\" value=\"fail\">",
                "<button type=\"submit\" name=\"action\" value=\"abandon\">");
        assertThat(page.body()).doesNotContain("_csrf", "<script", "src=", "href=", "tabindex=\"-1\"");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                csp -> assertThat(csp).contains("default-src 'none'"));
    }

    @Test
    void everythingShownIsEscapedIncludingAScriptInTheDescription() {
        String outTradeNo = registeredTrade(100, "EUR", "<script>alert(\"x\")</script> & 'more'");

        String page = get("/sandbox-channel/pay/" + outTradeNo).body();

        assertThat(page).doesNotContain("<script>", "alert(\"x\")")
                .contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;more&#39;");
    }

    @Test
    void payingRedirectsBackToThePageWhichShowsTheResultAndNoLongerTheButtons() {
        String outTradeNo = registeredTrade();

        HttpResponse<String> submitted = submitPayForm(outTradeNo, "pay");
        HttpResponse<String> page = get(submitted.headers().firstValue("Location").orElseThrow());

        assertThat(submitted.statusCode()).isEqualTo(303);
        assertThat(submitted.headers().firstValue("Location")).hasValue("/sandbox-channel/pay/" + outTradeNo);
        assertThat(page.body()).contains("Payment successful.").doesNotContain("<form");
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "SUCCESS");
    }

    @Test
    void aPaidTradesPageListsItsRefundsAndWhatWasRefunded() {
        String outTradeNo = paidTrade(1999);
        assertThat(get("/sandbox-channel/pay/" + outTradeNo).body()).doesNotContain("Refunds");
        String refundNo = (String) parse(refund(outTradeNo, "rf_1", 500).body()).get("refund_no");
        refund(outTradeNo, "rf_2", 5000);

        String page = get("/sandbox-channel/pay/" + outTradeNo).body();

        assertThat(page).contains("<h2>Refunds</h2>", "<p id=\"refunded\">Refunded: 5.00 CNY</p>",
                "<li class=\"refund success\">rf_1 (" + refundNo + "): SUCCESS, 5.00 CNY</li>",
                "<li class=\"refund failed\">rf_2 (").contains("FAILED, 50.00 CNY - REFUND_AMOUNT_EXCEEDED");
    }

    @Test
    void failingAndAbandoningFailAndCloseTheTradeAndNotifySo() {
        String failed = registeredTrade();
        String abandoned = registeredTrade();

        submitPayForm(failed, "fail");
        submitPayForm(abandoned, "abandon");

        assertThat(get("/sandbox-channel/pay/" + failed).body()).contains("The payment failed.");
        assertThat(get("/sandbox-channel/pay/" + abandoned).body()).contains("the trade is closed");
        assertThat(awaitReceived(failed, 1).get(0).field("trade_status")).isEqualTo("FAILED");
        assertThat(awaitReceived(abandoned, 1).get(0).field("trade_status")).isEqualTo("CLOSED");
    }

    @Test
    void aFinalTradeRefusesADifferentActionButRepeatingTheSameOneIsHarmless() {
        String outTradeNo = registeredTrade();
        submitPayForm(outTradeNo, "pay");

        HttpResponse<String> abandon = submitPayForm(outTradeNo, "abandon");
        HttpResponse<String> payAgain = submitPayForm(outTradeNo, "pay");

        assertThat(abandon.statusCode()).isEqualTo(409);
        assertThat(abandon.body()).contains("already final");
        assertThat(payAgain.statusCode()).isEqualTo(303);
        assertThat(parse(get("/sandbox-channel/trades/" + outTradeNo).body()))
                .containsEntry("trade_status", "SUCCESS");
        assertThat(settledNotifications(outTradeNo)).hasSize(1);
    }

    @Test
    void anUnknownTradeOrActionIsRefused() {
        String outTradeNo = registeredTrade();

        assertThat(get("/sandbox-channel/pay/" + newOutTradeNo()).statusCode()).isEqualTo(404);
        assertThat(submitPayForm(newOutTradeNo(), "pay").statusCode()).isEqualTo(404);
        assertThat(submitPayForm(outTradeNo, "refund").statusCode()).isEqualTo(400);
        assertThat(get("/sandbox-channel/trades/" + outTradeNo).statusCode()).isEqualTo(404);
    }
}
