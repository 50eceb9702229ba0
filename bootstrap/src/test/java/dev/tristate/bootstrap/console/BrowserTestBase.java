package dev.tristate.bootstrap.console;

import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.springframework.beans.factory.annotation.Autowired;

/** The console tests that drive headless Chromium: one browser per test class, the application shared. */
abstract class BrowserTestBase extends ConsoleTestBase {

    @Autowired
    StartReconciliationUseCase startReconciliation;

    static HeadlessChromium chromium;
    static WebDriver browser;

    @BeforeAll
    static void startBrowser() throws IOException {
        chromium = HeadlessChromium.startOrSkip();
        browser = chromium.driver;
    }

    /** Seeds one of everything and names every console page (signed in) by a short name, in the menu's order. */
    Map<String, String> everyPage() {
        TenantId tenant = tenant();
        Payment p = payment(tenant);
        reviewCase(p);
        long reviewCaseId = reviewCases.forPayment(tenant, p.id()).get(0).id();
        EventId event = quarantinedEvent(p, "{\"type\":\"PaymentSucceeded\"}");
        ConsumerDelivery delivery = quarantinedDelivery("{\"sku\":\"course:unknown\"}");
        LocalDate day = LocalDate.parse("2031-05-12");
        String csv = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                + String.join(",", "T-" + p.id().value(), p.id().value(), "PAYMENT", "SUCCESS", "1999", "CNY",
                day + "T12:00:00Z") + "\r\n";
        long run = startReconciliation.startReconciliation(new StartReconciliationCommand(tenant, "sandbox", day,
                new StatementSource.Upload("statement.csv", csv.getBytes(StandardCharsets.UTF_8)), "seed")).id();
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("dashboard", "/admin");
        pages.put("payments", "/admin/payments?tenant=" + tenant.value());
        pages.put("payment", "/admin/payments/" + tenant.value() + "/" + p.id().value());
        pages.put("unresolved", "/admin/unresolved?tenant=" + tenant.value());
        pages.put("review-cases", "/admin/review-cases");
        pages.put("review-case", "/admin/review-cases/" + reviewCaseId);
        pages.put("quarantine", "/admin/quarantine");
        pages.put("quarantine-event", "/admin/quarantine/" + event);
        pages.put("quarantine-delivery", "/admin/quarantine/delivery?consumer=" + delivery.consumer() + "&key="
                + delivery.deliveryKey());
        pages.put("quarantine-replay-all", "/admin/quarantine/replay-all");
        pages.put("reconciliation", "/admin/reconciliation?tenant=" + tenant.value());
        pages.put("reconciliation-run", "/admin/reconciliation/" + tenant.value() + "/" + run);
        pages.put("audit", "/admin/audit");
        pages.put("tenants", "/admin/tenants");
        pages.put("tenant", "/admin/tenants/" + tenant.value());
        pages.put("users", "/admin/users");
        pages.put("not-found", "/admin/no-such-page");
        return pages;
    }

    /** axe-core, a test resource, to inject into a page for {@link #axeViolations}. */
    static String axeScript() throws IOException {
        return new String(BrowserTestBase.class.getResourceAsStream("/axe/axe.min.js").readAllBytes(),
                StandardCharsets.UTF_8);
    }

    /** axe-core's serious and critical violations on the open page: rule, impact and the elements, one line each. */
    @SuppressWarnings("unchecked")
    static List<String> axeViolations(String axe, String page) {
        JavascriptExecutor js = (JavascriptExecutor) browser;
        js.executeScript(axe);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        List<Map<String, Object>> found = (List<Map<String, Object>>) js.executeAsyncScript(
                "var done = arguments[arguments.length - 1];"
                        + "axe.run(document, {resultTypes: ['violations']}).then(function (r) {"
                        + "  done(r.violations.filter(function (v) {"
                        + "    return v.impact === 'serious' || v.impact === 'critical'; }).map(function (v) {"
                        + "    return {id: v.id, impact: v.impact, help: v.help,"
                        + "      targets: v.nodes.map(function (n) { return n.target.join(' '); }).join(', ')};"
                        + "  }));"
                        + "}, function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e),"
                        + "  targets: ''}]); });");
        return found.stream().map(v -> page + ": " + v.get("id") + " [" + v.get("impact") + "] " + v.get("help")
                + " at " + v.get("targets")).toList();
    }

    @AfterAll
    static void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
            chromium = null;
        }
    }
}
