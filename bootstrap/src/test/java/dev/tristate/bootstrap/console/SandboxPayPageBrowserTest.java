package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The payer's way back to the shop, in headless Chromium: a sandbox payment created through the merchant API, its
 * pay page (the in-process sandbox channel's) paid with the browser, and the page's link back to the shop followed.
 * The shop's return address is a page of the application under test, so that the browser can be seen to arrive.
 */
@TestPropertySource(properties = "tristate.sandbox-channel.enabled=true")
class SandboxPayPageBrowserTest extends BrowserTestBase {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private record Created(String orderId, String payPath) {
    }

    @Test
    void thePayerPaysAndFollowsTheLinkBackToTheShop() throws Exception {
        String shop = base() + "/admin/login?lang=en&from=sandbox";
        Created payment = createPayment(",\"return_url\":\"" + shop + "\"");
        browser.get(base() + payment.payPath());

        assertThat(browser.findElement(By.tagName("main")).getText()).contains(payment.orderId());
        assertBackLink(shop);
        assertThat(browser.findElements(By.id("no-return"))).isEmpty();
        chromium.screenshot("pay-page");
        assertThat(axeViolations(axeScript(), "pay page")).isEmpty();

        chromium.clickAndLoad(By.cssSelector("button[value=pay]"));
        assertThat(browser.findElement(By.id("result")).getText()).isEqualTo("Payment successful.");
        assertBackLink(shop);
        chromium.screenshot("pay-page-paid");
        assertThat(axeViolations(axeScript(), "pay page, paid")).isEmpty();

        chromium.clickAndLoad(By.id("return"));
        assertThat(browser.getCurrentUrl()).isEqualTo(shop);
        assertThat(browser.findElement(By.id("username")).isDisplayed()).isTrue();
    }

    @Test
    void aPaymentWithoutAReturnAddressSaysSoAndLinksNowhere() throws Exception {
        Created payment = createPayment("");
        browser.get(base() + payment.payPath());

        assertThat(browser.findElement(By.tagName("main")).getText()).contains(payment.orderId());
        assertThat(browser.findElement(By.id("no-return")).getText()).contains("The shop gave no return address");
        assertThat(browser.findElements(By.id("return"))).isEmpty();
        assertThat(browser.findElements(By.cssSelector("main a"))).isEmpty();
        chromium.screenshot("pay-page-no-return");
    }

    private static void assertBackLink(String shop) {
        var link = browser.findElement(By.id("return"));
        assertThat(link.getText()).isEqualTo("Back to the shop");
        assertThat(link.getDomAttribute("href")).isEqualTo(shop);
    }

    /** A sandbox payment of a new tenant through the merchant API; {@code moreFields} are added to its body. */
    private Created createPayment(String moreFields) throws IOException, InterruptedException {
        TenantId tenant = new TenantId(unique("t"));
        String apiKey = tenants.provision(new ProvisionTenantCommand(tenant, "Shop " + tenant.value(),
                new MerchantId(unique("m")), Optional.empty(), Optional.of(unique("secret"))))
                .apiKey().orElseThrow().value();
        String orderId = unique("order");
        HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/api/v1/payments"))
                .header("Authorization", "Bearer " + apiKey).header("Idempotency-Key", unique("k"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"merchant_order_id\":\"" + orderId
                        + "\",\"amount_minor\":1999,\"currency\":\"CNY\",\"channel\":\"sandbox\","
                        + "\"user_id\":\"u-42\",\"sku\":\"course:java-101\"" + moreFields + "}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode body = JSON.readTree(created.body());
        return new Created(orderId, URI.create(body.get("pay_url").stringValue()).getRawPath());
    }
}
