package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console by keyboard alone, in headless Chromium: on every page Tab reaches each link, field and button (in the
 * page's order, with a focus outline one can see), and Enter or Space operates sign-in, a review decision and a
 * replay. A control Tab never reaches, or one focused without an outline, fails with its name.
 */
class ConsoleKeyboardTest extends BrowserTestBase {

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

    @Autowired
    AuditTrail audit;

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
        Map<String, String> pages = everyPage();
        String operator = user(ConsoleRole.OPERATOR);
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
