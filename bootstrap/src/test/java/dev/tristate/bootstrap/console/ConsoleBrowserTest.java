package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.DeliveryStatus;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console in headless Chromium (Debian's chromium and chromium-driver), as support staff use it. One browser for
 * the class ({@link HeadlessChromium}) and the application context shared with the other console tests. Screenshots
 * go to target/screenshots/.
 */
class ConsoleBrowserTest extends BrowserTestBase {

    static final ZoneId BROWSER_ZONE = HeadlessChromium.BROWSER_ZONE;

    @Autowired
    ReconciliationQuery reconciliation;

    private void open(String path) {
        browser.get(base() + path);
    }

    private void logInAs(String username) {
        browser.manage().deleteAllCookies();
        open("/admin/login?lang=en");
        browser.findElement(By.id("username")).sendKeys(username);
        browser.findElement(By.id("password")).sendKeys(PASSWORD);
        clickAndLoad(By.id("sign-in"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Dashboard");
    }

    private static void clickAndLoad(By target) {
        chromium.clickAndLoad(target);
    }

    private static void screenshot(String name) throws IOException {
        chromium.screenshot(name);
    }

    private String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    @Test
    void anOperatorFindsAPendingPaymentAndAsksTheChannel() throws IOException {
        Payment pending = payment(tenant());
        reviewCase(pending);
        logInAs(user(ConsoleRole.OPERATOR));
        screenshot("dashboard");

        clickAndLoad(By.linkText("Payments"));
        browser.findElement(By.name("tenant")).sendKeys(pending.tenantId().value());
        clickAndLoad(By.cssSelector("form.filters button"));
        assertThat(browser.findElement(By.linkText(pending.id().value())).isDisplayed()).isTrue();
        screenshot("payments");
        // The id alone, without its tenant, opens the payment.
        browser.findElement(By.name("tenant")).clear();
        browser.findElement(By.name("paymentId")).sendKeys(pending.id().value());
        clickAndLoad(By.cssSelector("form.filters button"));

        assertThat(text("payment-status")).isEqualTo("PENDING");
        assertThat(browser.findElement(By.cssSelector("ol.timeline")).getText()).contains("review case");
        clickAndLoad(By.id("ask-channel"));
        // The resolver asked the sandbox channel; the console says what came of it, and the audit log has it.
        assertThat(browser.findElement(By.cssSelector(".result[role=status]")).getText())
                .contains("Ask the channel").contains("asked").contains("case");
        assertThat(browser.findElement(By.cssSelector("ol.timeline")).getText()).contains("ASK_CHANNEL");
        screenshot("payment-timeline");

        open("/admin/unresolved");
        screenshot("pending-and-unknown");
        open("/admin/review-cases");
        screenshot("review-cases");
    }

    @Test
    void instantsReadAsLocalTimeAndAgeWithTheExactInstantOnHover() throws IOException {
        Payment p = payment(tenant());
        logInAs(user(ConsoleRole.SUPPORT));
        String local = DateTimeFormatter.ofPattern("HH:mm:ss").format(p.createdAt().atZone(BROWSER_ZONE));

        open("/admin/payments/" + p.tenantId().value() + "/" + p.id().value() + "?lang=en");
        WebElement created = browser.findElement(By.cssSelector("ol.timeline li time.instant"));
        assertThat(created.getText()).contains(local).contains("10 minutes ago").doesNotContain("UTC");
        String exact = p.createdAt().truncatedTo(ChronoUnit.MICROS).toString();
        assertThat(created.getDomAttribute("title")).isEqualTo(exact);
        assertThat(created.getDomAttribute("datetime")).isEqualTo(exact);

        open("/admin/unresolved?tenant=" + p.tenantId().value() + "&lang=zh-CN");
        assertThat(browser.findElement(By.cssSelector("#unresolved-table time.instant")).getText())
                .contains(local).contains("10分钟前");
        open("/admin?lang=en");
    }

    @Test
    void theDashboardDrawsItsChartsAboveTheirTables() throws IOException {
        reviewCase(payment(tenant()));
        logInAs(user(ConsoleRole.SUPPORT));

        // uPlot draws on a canvas in a .chart box placed right before the table it reads.
        for (String table : new String[] {"by-status-table", "case-ages-table"}) {
            assertThat(browser.findElements(By.xpath("//table[@id='" + table + "']/preceding-sibling::div[1]"
                    + "[contains(@class,'chart')]//canvas"))).as(table).isNotEmpty();
        }
        scrollTo("by-status");
        screenshot("dashboard-charts");
        open("/admin?lang=zh-CN");
        scrollTo("by-status");
        screenshot("dashboard-charts-zh-CN");
        open("/admin?lang=en");
    }

    private static void scrollTo(String id) {
        ((JavascriptExecutor) browser).executeScript("document.getElementById(arguments[0]).scrollIntoView();", id);
    }

    /**
     * Every console page, in English and in Chinese, checked by axe-core (a test resource, injected into the page):
     * no serious or critical violation of its rules (landmarks, labels, names, contrast ...). Each page's screenshot
     * is saved as a11y-name-language.
     */
    @Test
    void everyPageHasNoSeriousOrCriticalAccessibilityViolationInEitherLanguage() throws IOException {
        Map<String, String> pages = everyPage();
        String axe = axeScript();
        logInAs(user(ConsoleRole.OPERATOR));

        List<String> violations = new ArrayList<>();
        for (String language : new String[] {"en", "zh-CN"}) {
            for (Map.Entry<String, String> page : pages.entrySet()) {
                open(page.getValue() + (page.getValue().contains("?") ? "&" : "?") + "lang=" + language);
                violations.addAll(axeViolations(axe, page.getKey() + " (" + language + ")"));
                screenshot("a11y-" + page.getKey() + "-" + language);
            }
        }
        browser.manage().deleteAllCookies();
        for (String language : new String[] {"en", "zh-CN"}) {
            open("/admin/login?lang=" + language);
            violations.addAll(axeViolations(axe, "login (" + language + ")"));
            screenshot("a11y-login-" + language);
        }
        open("/admin/login?lang=en");

        assertThat(violations).isEmpty();
    }

    @Test
    void anOperatorReplaysAQuarantinedEventWithAReasonAndSeesTheAuditEntry() throws IOException {
        EventId event = quarantinedEvent(payment(tenant()), "{\"type\":\"PaymentSucceeded\"}");
        logInAs(user(ConsoleRole.OPERATOR));
        open("/admin/quarantine");
        screenshot("quarantine");
        open("/admin/quarantine/" + event);
        assertThat(text("event-status")).isEqualTo("QUARANTINED");
        assertThat(text("event-error")).contains("NO_ROUTE");

        browser.findElement(By.id("replay-reason")).sendKeys("queue binding restored");
        screenshot("quarantine-event");
        clickAndLoad(By.id("replay"));

        assertThat(text("event-status")).isEqualTo("PENDING");
        assertThat(browser.findElement(By.cssSelector(".result[role=status]")).getText()).contains("replayed");
        clickAndLoad(By.id("event-audit"));
        String audit = text("audit-table");
        assertThat(audit).contains("Replay").contains("queue binding restored").contains(event.toString())
                .contains("replayed");
        screenshot("audit-log");

        open("/admin/quarantine/replay-all");
        assertThat(text("replay-all-count")).startsWith("Replay the");
        screenshot("quarantine-replay-all");
    }

    @Test
    void anOperatorReplaysAllQuarantinedConsumerMessagesAfterTheConfirmation() throws IOException {
        ConsumerDelivery d = quarantinedDelivery("{\"sku\":\"course:unknown\"}");
        logInAs(user(ConsoleRole.OPERATOR));
        open("/admin/quarantine");
        clickAndLoad(By.id("replay-all-deliveries"));
        assertThat(text("replay-all-count")).startsWith("Replay the").contains("consumer messages");
        browser.findElement(By.id("bulk-reason")).sendKeys("the SKU is configured now");
        screenshot("quarantine-replay-all-deliveries");
        clickAndLoad(By.id("confirm-replay-all"));

        assertThat(browser.findElement(By.cssSelector(".result[role=status]")).getText())
                .contains("Bulk replay of consumer messages").contains("replayed");
        assertThat(deliveries.find(d.consumer(), d.deliveryKey()).orElseThrow().status())
                .isEqualTo(DeliveryStatus.RETRYING);
        open("/admin/audit?subject=" + ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey()));
        assertThat(text("audit-table")).contains("Replay consumer message").contains("the SKU is configured now");
    }

    @Test
    void supportStaffAreRefusedAReplay() throws IOException {
        EventId event = quarantinedEvent(payment(tenant()), "{}");
        logInAs(user(ConsoleRole.SUPPORT));
        open("/admin/quarantine/" + event);

        browser.findElement(By.id("replay-reason")).sendKeys("I would like to help");
        clickAndLoad(By.id("replay"));

        assertThat(text("denied")).isEqualTo("Not allowed");
        screenshot("support-refused");
        open("/admin/quarantine/" + event);
        assertThat(text("event-status")).isEqualTo("QUARANTINED");
    }

    @Test
    void aPayloadWithAScriptIsShownAsText() throws IOException {
        String payload = "{\"note\":\"<script>window.tristatePwned=true</script><img src=x onerror=alert(1)>\"}";
        EventId event = quarantinedEvent(payment(tenant()), payload);
        logInAs(user(ConsoleRole.OPERATOR));
        open("/admin/quarantine/" + event);

        assertThat(text("payload")).isEqualTo(payload);
        assertThat(((JavascriptExecutor) browser).executeScript("return window.tristatePwned === undefined"))
                .isEqualTo(true);
        assertThat(browser.findElements(By.cssSelector("#payload script, #payload img"))).isEmpty();
        screenshot("payload-as-text");
    }

    @Test
    void tenantsAndTheChineseConsole() throws IOException {
        logInAs(user(ConsoleRole.OPERATOR));
        open("/admin/tenants");
        browser.findElement(By.id("tenantId")).sendKeys(unique("shop"));
        browser.findElement(By.id("tenantName")).sendKeys("Browser test shop");
        browser.findElement(By.id("merchantId")).sendKeys(unique("m"));
        clickAndLoad(By.id("create-tenant"));
        assertThat(text("new-api-key")).startsWith("tsk_");
        screenshot("tenant-created");

        open("/admin/users");
        assertThat(text("users-table")).contains("operator").contains("Reset password");
        screenshot("users");

        open("/admin?lang=zh-CN");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("总览");
        assertThat(browser.findElement(By.id("by-status")).getText()).isEqualTo("各状态支付数");
        screenshot("dashboard-zh-CN");
        open("/admin?lang=en");
    }

    @Test
    void anOperatorRepairsAReconciliationDiscrepancyWithAReason() throws IOException {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        LocalDate day = LocalDate.parse("2031-05-11");
        String csv = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                + String.join(",", "T-" + pending.id().value(), pending.id().value(), "PAYMENT", "SUCCESS", "1999",
                "CNY", day + "T12:00:00Z") + "\r\n";
        long run = startReconciliation.startReconciliation(new StartReconciliationCommand(tenant, "sandbox", day,
                new StatementSource.Upload("statement.csv", csv.getBytes(StandardCharsets.UTF_8)), "seed")).id();
        logInAs(user(ConsoleRole.OPERATOR));

        open("/admin/reconciliation?tenant=" + tenant.value());
        screenshot("reconciliation");
        clickAndLoad(By.linkText(Long.toString(run)));
        long discrepancy = reconciliation.listDiscrepancies(tenant, run, null).get(0).id();
        assertThat(browser.findElements(By.xpath("//table[@id='run-figures-table']/preceding-sibling::div[1]"
                + "[contains(@class,'chart')]//canvas"))).isNotEmpty();
        screenshot("reconciliation-run");
        scrollTo("run-figures");
        screenshot("reconciliation-run-chart");
        browser.findElement(By.id("reason-" + discrepancy)).sendKeys("the statement says paid");
        clickAndLoad(By.cssSelector("#discrepancy-" + discrepancy + " .repair-button"));

        assertThat(browser.findElement(By.cssSelector(".result[role=status]")).getText())
                .contains("Repair discrepancy").contains("repaired");
        assertThat(browser.findElement(By.id("discrepancy-" + discrepancy)).getText()).contains("applied")
                .contains("the statement says paid");
        screenshot("reconciliation-repaired");
    }
}
