package dev.tristate.simulator.kit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

class PayPageShellTest {

    private static final PayPageShell.Theme THEME = new PayPageShell.Theme("#f4f5f7", "#1b1d21", "#0b5cad", "1.4rem",
            ".success { color: #11703a; }\n");

    @Test
    void everyValueIsEscapedAndNothingElse() {
        String html = PayPageShell.of(THEME, "Pay <now>", "no \"real\" money")
                .term("Order", "<script>alert('x')</script> & caf\u00e9 \u652f\u4ed8")
                .amount("12.34 CNY")
                .render("Order <1>");

        assertThat(html)
                .contains("<title>Order &lt;1&gt;</title>")
                .contains("<h1>Pay &lt;now&gt;</h1>")
                .contains("<p class=\"note\">no &quot;real&quot; money</p>")
                .contains("<dd>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; caf\u00e9 \u652f\u4ed8</dd>")
                .doesNotContain("<script>");
    }

    @Test
    void thePartsComeInTheirFixedOrderWithTheThreeButtonsLast() {
        String html = PayPageShell.of(THEME, "Sandbox payment", "No real money moves.")
                .term("Order", "T1")
                .amount("12.34 CNY")
                .term("Trade number", null)
                .payerActions("Pay 12.34 CNY", "Fail the payment")
                .section("<h2>Refunds</h2>\n")
                .result("success", "Payment successful.")
                .notice("Already final.")
                .render("Sandbox payment T1");

        assertThat(html).containsSubsequence(
                "<dt>Order</dt><dd>T1</dd>",
                "<dt>Amount</dt><dd class=\"amount\" id=\"amount\">12.34 CNY</dd>",
                "<dt>Trade number</dt><dd>-</dd>",
                "</dl>",
                "<p class=\"notice\" role=\"alert\">Already final.</p>",
                "<p class=\"result success\" id=\"result\" role=\"status\">Payment successful.</p>",
                "<h2>Refunds</h2>",
                "<form method=\"post\">",
                "<button type=\"submit\" name=\"action\" value=\"pay\" autofocus>Pay 12.34 CNY</button>",
                "<button type=\"submit\" name=\"action\" value=\"fail\">Fail the payment</button>",
                "<button type=\"submit\" name=\"action\" value=\"abandon\">Abandon</button>",
                "</form>");
        assertThat(html).doesNotContain("action=\"");
    }

    @Test
    void theWayBackToTheShopIsAnEscapedLinkAfterTheButtonsThatOpensWithoutAHandleOnThePage() {
        String html = PayPageShell.of(THEME, "Checkout", "Simulated.")
                .payerActions("Pay", "Fail")
                .backToShop("https://shop.example/back?a=1&b='2'", "Back to the shop", "No address.")
                .render("Checkout");

        assertThat(html).containsSubsequence("</form>", "<p class=\"back\"><a id=\"return\" "
                + "href=\"https://shop.example/back?a=1&amp;b=&#39;2&#39;\" rel=\"noopener\">"
                + "Back to the shop</a></p>")
                .doesNotContain("No address.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"javascript:alert(1)", "JavaScript:alert(1)",
            "data:text/html,<b>x</b>", "ftp://shop.example/", "/relative/path", "https:///no-host", "  ",
            "https://shop.example/a b"})
    void anAddressThatIsNotAnAbsoluteWebAddressIsNeverALink(String url) {
        String html = PayPageShell.of(THEME, "Checkout", "Simulated.")
                .backToShop(url, "Back to the shop", "The shop gave no return address.")
                .render("Checkout");

        assertThat(html).doesNotContain("href=", "Back to the shop")
                .contains("<p class=\"back\" id=\"no-return\">The shop gave no return address.</p>");
        assertThat(PayPageShell.isWebAddress(url)).isFalse();
        assertThat(PayPageShell.isWebAddress(null)).isFalse();
        assertThat(PayPageShell.isWebAddress("HTTP://Shop.example:8080/x")).isTrue();
    }

    @Test
    void partsNotGivenAreNotThere() {
        String html = PayPageShell.of(THEME, "Checkout", "Simulated.").notice(null).render("Checkout");

        assertThat(html).doesNotContain("class=\"notice\"", "id=\"result\"", "<form");
    }

    @Test
    void theThemeColoursThePageAndAddsItsOwnRules() {
        String html = PayPageShell.of(THEME, "Checkout", "Simulated.").result(null, "Waiting.").render("Checkout");

        assertThat(html)
                .contains("background: #f4f5f7; color: #1b1d21;")
                .contains("button[value=pay] { background: #0b5cad; border-color: #0b5cad; color: #fff; }")
                .contains("h1 { font-size: 1.4rem;")
                .contains(".success { color: #11703a; }")
                .contains("<p class=\"result\" id=\"result\" role=\"status\">Waiting.</p>");
    }

    @Test
    void aMessagePageSaysOneThing() {
        assertThat(PayPageShell.message(THEME, "Unknown trade", "No such <trade>."))
                .contains("<h1>Unknown trade</h1>\n<p role=\"alert\">No such &lt;trade&gt;.</p>");
    }

    @Test
    void theButtonsValuesAreThePayerActions() {
        assertThat(PayerAction.of("pay")).contains(PayerAction.PAY);
        assertThat(PayerAction.of("fail")).contains(PayerAction.FAIL);
        assertThat(PayerAction.of("abandon")).contains(PayerAction.ABANDON);
        assertThat(PayerAction.of("PAY")).isEmpty();
        assertThat(PayerAction.of(null)).isEmpty();
    }

    @Test
    void thePageIsAnsweredUncachedUnderAStrictPolicy() {
        ResponseEntity<byte[]> answer = HtmlAnswer.of(HttpStatus.CONFLICT, "<p>x</p>");

        assertThat(answer.getStatusCode()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(answer.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE)).isEqualTo("text/html; charset=UTF-8");
        assertThat(answer.getHeaders().getFirst(HttpHeaders.CACHE_CONTROL)).isEqualTo("no-store");
        assertThat(answer.getHeaders().getFirst("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(answer.getHeaders().getFirst("Referrer-Policy")).isEqualTo("no-referrer");
        assertThat(answer.getHeaders().getFirst("Content-Security-Policy")).isEqualTo("default-src 'none'; "
                + "style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
        assertThat(answer.getBody()).asString().isEqualTo("<p>x</p>");
    }

    @Test
    void aPageThatSendsThePayerToTheMerchantLetsItsFormLeadAnywhere() {
        ResponseEntity<byte[]> answer = HtmlAnswer.of(HttpStatus.OK, "<p>x</p>", HtmlAnswer.FormTargets.ANY_ORIGIN);

        assertThat(answer.getHeaders().getFirst("Content-Security-Policy")).isEqualTo("default-src 'none'; "
                + "style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
    }
}
