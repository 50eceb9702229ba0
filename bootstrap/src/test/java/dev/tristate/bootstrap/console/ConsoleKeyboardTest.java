package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console by keyboard alone, in headless Chromium: on every page Tab reaches each link, field and button (in the
 * page's order, with a focus outline one can see), and Enter or Space operates sign-in, a review decision and a
 * replay. A control Tab never reaches, or one focused without an outline, fails with its name.
 */
class ConsoleKeyboardTest extends ConsoleTestBase {

    /** Marks every control a keyboard must reach (one stop per radio group) and returns how many there are. */
    private static final String MARK = """
            var seen = {};
            var all = Array.prototype.slice.call(document.querySelectorAll(
                'a[href], button, input, select, textarea, summary, [tabindex]'));
            var stops = all.filter(function (e) {
              if (e.disabled || e.type === 'hidden' || e.tabIndex < 0 || e.getClientRects().length === 0
                  || getComputedStyle(e).visibility === 'hidden') { return false; }
              if (e.type === 'radio') { if (seen[e.name]) { return false; } seen[e.name] = true; }
              return true;
            });
            stops.forEach(function (e, i) {
              e.setAttribute('data-kb', String(i));
              e.setAttribute('data-kb-name', e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                  + ' "' + (e.textContent || e.value || e.name || '').trim().slice(0, 40) + '"');
            });
            if (document.activeElement) { document.activeElement.blur(); }
            return stops.length;""";
    private static final String FOCUSED = """
            var e = document.activeElement;
            if (!e || e === document.body) { return null; }
            var s = getComputedStyle(e);
            return [e.getAttribute('data-kb'), e.getAttribute('data-kb-name') || e.tagName,
                    s.outlineStyle, s.outlineWidth];""";

    private static HeadlessChromium chromium;
    private static WebDriver browser;

    @Autowired
    StartReconciliationUseCase startReconciliation;
    @Autowired
    AuditTrail audit;

    @BeforeAll
    static void startBrowser() throws IOException {
        chromium = HeadlessChromium.startOrSkip();
        browser = chromium.driver;
    }

    @AfterAll
    static void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    private Object js(String script) {
        return ((JavascriptExecutor) browser).executeScript(script);
    }

    private void tab() {
        new Actions(browser).sendKeys(Keys.TAB).perform();
    }

    private void press(CharSequence key) {
        new Actions(browser).sendKeys(key).perform();
    }

    /** Tabs until the element with this id has the focus; fails when it never gets it. */
    private void tabTo(String id) {
        for (int i = 0; i < 400; i++) {
            tab();
            if (id.equals(js("return document.activeElement && document.activeElement.id"))) {
                return;
            }
        }
        throw new AssertionError("Tab never reached #" + id + " on " + browser.getCurrentUrl());
    }

    /** Tabs through the open page: what Tab never reached, and what it reached without a visible outline. */
    @SuppressWarnings("unchecked")
    private List<String> keyboardFaults(String page) {
        long stops = (Long) js(MARK);
        Set<String> reached = new HashSet<>();
        List<String> faults = new ArrayList<>();
        for (int i = 0; i < stops + 40 && reached.size() < stops; i++) {
            tab();
            List<Object> focused = (List<Object>) js(FOCUSED);
            if (focused == null || focused.get(0) == null) {
                continue;
            }
            reached.add((String) focused.get(0));
            if ("none".equals(focused.get(2)) || Double.parseDouble(((String) focused.get(3)).replace("px", "")) < 2) {
                faults.add(page + ": no visible focus on " + focused.get(1));
            }
        }
        for (int i = 0; i < stops; i++) {
            if (!reached.contains(Integer.toString(i))) {
                faults.add(page + ": Tab never reaches " + js("return document.querySelector('[data-kb=\"" + i
                        + "\"]').getAttribute('data-kb-name')"));
            }
        }
        return faults;
    }

    private void signInByKeyboard(String username) {
        browser.manage().deleteAllCookies();
        browser.get(base() + "/admin/login?lang=en");
        tabTo("username");
        press(username);
        tabTo("password");
        press(PASSWORD);
        chromium.andLoad(() -> press(Keys.ENTER));
        assertThat(browser.getCurrentUrl()).endsWith("/admin");
    }

    @Test
    void everyControlOnEveryPageIsReachedByTabWithAVisibleFocus() throws IOException {
        TenantId tenant = tenant();
        Payment p = payment(tenant);
        reviewCase(p);
        long reviewCaseId = reviewCases.forPayment(tenant, p.id()).get(0).id();
        EventId event = quarantinedEvent(p, "{}");
        LocalDate day = LocalDate.parse("2031-05-13");
        String csv = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n"
                + String.join(",", "T-" + p.id().value(), p.id().value(), "PAYMENT", "SUCCESS", "1999", "CNY",
                day + "T12:00:00Z") + "\r\n";
        long run = startReconciliation.startReconciliation(new StartReconciliationCommand(tenant, "sandbox", day,
                new StatementSource.Upload("statement.csv", csv.getBytes(StandardCharsets.UTF_8)), "seed")).id();
        String operator = user(ConsoleRole.OPERATOR);
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("dashboard", "/admin");
        pages.put("payments", "/admin/payments?tenant=" + tenant.value());
        pages.put("payment", "/admin/payments/" + tenant.value() + "/" + p.id().value());
        pages.put("unresolved", "/admin/unresolved?tenant=" + tenant.value());
        pages.put("review-case", "/admin/review-cases/" + reviewCaseId);
        pages.put("quarantine-event", "/admin/quarantine/" + event);
        pages.put("reconciliation", "/admin/reconciliation?tenant=" + tenant.value());
        pages.put("reconciliation-run", "/admin/reconciliation/" + tenant.value() + "/" + run);
        pages.put("audit", "/admin/audit?operator=" + operator);
        pages.put("tenant", "/admin/tenants/" + tenant.value());
        pages.put("users", "/admin/users");
        signInByKeyboard(operator);

        List<String> faults = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            browser.get(base() + page.getValue());
            faults.addAll(keyboardFaults(page.getKey()));
        }
        browser.manage().deleteAllCookies();
        browser.get(base() + "/admin/login?lang=en");
        faults.addAll(keyboardFaults("login"));

        assertThat(faults).isEmpty();
    }

    @Test
    void aReviewDecisionAndAReplayAreMadeWithTheKeyboardAlone() throws IOException {
        Payment p = payment(tenant());
        reviewCase(p);
        long reviewCaseId = reviewCases.forPayment(p.tenantId(), p.id()).get(0).id();
        EventId event = quarantinedEvent(p, "{}");
        signInByKeyboard(user(ConsoleRole.OPERATOR));

        browser.get(base() + "/admin/review-cases/" + reviewCaseId);
        js("if (document.activeElement) { document.activeElement.blur(); }");
        tab();
        for (int i = 0; i < 200 && !"decision".equals(js("return document.activeElement.name")); i++) {
            tab();
        }
        press(Keys.SPACE);
        tabTo("decide-reason");
        press("explained by the merchant");
        tabTo("decide");
        chromium.andLoad(() -> press(Keys.SPACE));
        chromium.screenshot("keyboard-review-decided");

        assertThat(reviewCases.find(reviewCaseId).orElseThrow().open()).isFalse();

        browser.get(base() + "/admin/quarantine/" + event);
        js("if (document.activeElement) { document.activeElement.blur(); }");
        tabTo("replay-reason");
        press("broker is back");
        tabTo("replay");
        chromium.andLoad(() -> press(Keys.ENTER));
        chromium.screenshot("keyboard-replayed");

        assertThat(audit.forSubject("outbox_event", event.toString())).extracting(e -> e.result())
                .containsExactly("REPLAYED");
    }
}
