package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.in.admin.LoginThrottle;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.application.console.port.in.RecordSignInUseCase;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ConsoleRole;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Sign-in throttling over real HTTP (3 tries, then 2 s doubling per failure, in the tests' settings): per user name
 * and client address, so nobody can lock the operator out from elsewhere; bounded in memory; audited.
 */
class ConsoleSignInThrottleTest extends ConsoleTestBase {

    @Autowired
    LoginThrottle throttle;
    @Autowired
    AuditTrail audit;

    private static String landing(HttpResponse<String> response) {
        return response.headers().firstValue("Location").orElseThrow();
    }

    private static long waitSeconds(HttpResponse<String> response) {
        String location = landing(response);
        assertThat(location).contains("/admin/login?locked=");
        return Long.parseLong(location.substring(location.indexOf("locked=") + "locked=".length()));
    }

    @Test
    void theFailedSignInPageKeepsTheUserNameSoThatOnlyThePasswordIsTypedAgain() throws Exception {
        String name = user(ConsoleRole.SUPPORT);
        Browser browser = new Browser().from("203.0.113.40");

        assertThat(landing(browser.logIn(name, "wrong-password"))).endsWith("/admin/login?error");
        String page = browser.get("/admin/login?error").body();
        assertThat(landing(browser.logIn("<i>" + name, "wrong-password"))).endsWith("/admin/login?error");
        String marked = browser.get("/admin/login?error").body();

        assertThat(page).contains("value=\"" + name + "\"").containsPattern("id=\"password\"[^>]*autofocus");
        assertThat(marked).contains("value=\"&lt;i&gt;" + name + "\"");
        assertThat(browser.get("/admin/login").body()).as("kept for the next page only")
                .doesNotContain(name).containsPattern("id=\"username\"[^>]*autofocus");
    }

    @Test
    void wrongPasswordsFromOneAddressDoNotLockTheOperatorOutAtAnother() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        Browser guesser = new Browser().from("203.0.113.7");
        for (int i = 0; i < 6; i++) {
            guesser.logIn(operator, "guess-" + i);
        }
        assertThat(landing(guesser.logIn(operator, PASSWORD))).contains("/admin/login?locked=");

        Browser real = new Browser().from("198.51.100.20");

        assertThat(landing(real.logIn(operator, PASSWORD))).endsWith("/admin");
        assertThat(real.get("/admin").statusCode()).isEqualTo(200);
    }

    @Test
    void theWaitGrowsWithEachFurtherFailureAndThenTheRightPasswordWorks() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        Browser browser = new Browser().from("203.0.113.21");
        for (int i = 0; i < 3; i++) {
            assertThat(landing(browser.logIn(operator, "wrong-" + i))).endsWith("/admin/login?error");
        }
        long first = waitSeconds(browser.logIn(operator, PASSWORD));
        assertThat(first).isBetween(1L, 2L);
        assertThat(browser.get("/admin/login?locked=" + first).body()).contains("id=\"locked\"")
                .contains("wait " + first + " seconds").contains("value=\"" + operator + "\"");

        Thread.sleep(2_200);
        assertThat(landing(browser.logIn(operator, "wrong-again"))).as("a try once the wait is over")
                .endsWith("/admin/login?error");
        long second = waitSeconds(browser.logIn(operator, PASSWORD));
        assertThat(second).isBetween(3L, 4L);
        Thread.sleep(2_200);
        assertThat(landing(browser.logIn(operator, PASSWORD))).as("still waiting: the wait doubled")
                .contains("/admin/login?locked=");

        Thread.sleep(2_000);
        assertThat(landing(browser.logIn(operator, PASSWORD))).endsWith("/admin");
    }

    @Test
    void aHugeUserNameIsRefusedBeforeAnyLookupAndNothingIsKeptForIt() throws Exception {
        Browser browser = new Browser().from("203.0.113.33");
        long before = throttle.tracked();

        String huge = "x".repeat(1_500_000);
        for (int i = 0; i < 10; i++) {
            assertThat(landing(browser.logIn(huge + i, "whatever"))).endsWith("/admin/login?error");
        }
        assertThat(landing(browser.logIn("y".repeat(65), "whatever"))).endsWith("/admin/login?error");
        assertThat(landing(browser.logIn("z", "p".repeat(1025)))).endsWith("/admin/login?error");

        assertThat(throttle.tracked()).isLessThanOrEqualTo(before);
        // A name that could be a user's is counted: the check above would see growth.
        browser.logIn(unique("nobody"), "wrong");
        assertThat(throttle.tracked()).isEqualTo(before + 1);
    }

    @Test
    void signInsAndLockoutsReadInTheAuditLogInBothLanguages() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        String tried = unique("ghost");
        Browser guesser = new Browser().from("203.0.113.55");
        for (int i = 0; i < 3; i++) {
            guesser.logIn(tried, "guess-" + i);
        }
        Browser browser = new Browser().from("203.0.113.56");
        browser.logIn(operator, PASSWORD);

        assertThat(audit.forSubject(RecordSignInLockoutUseCase.AUDIT_SUBJECT, operator)).singleElement()
                .satisfies(e -> {
                    assertThat(e.action()).isEqualTo(RecordSignInUseCase.SIGN_IN_ACTION);
                    assertThat(e.operator()).isEqualTo(operator);
                    assertThat(e.detail()).isEqualTo("from 203.0.113.56");
                });
        String signIn = browser.get("/admin/audit?subject=" + operator).body();
        String lockout = browser.get("/admin/audit?subject=" + tried).body();
        String chinese = browser.get("/admin/audit?subject=" + operator + "&lang=zh-CN").body()
                + browser.get("/admin/audit?subject=" + tried + "&lang=zh-CN").body();
        browser.get("/admin?lang=en");
        assertThat(signIn).contains(">Sign in<").contains(">signed in<").doesNotContain("??");
        assertThat(lockout).contains(">Sign-in lockout<").contains(">locked for a while<").doesNotContain("??");
        assertThat(chinese).contains(">登录<").contains(">已登录<").contains(">登录锁定<").contains(">暂时锁定<")
                .doesNotContain("??");
    }

    @Test
    void aLockoutIsAuditedAndShownOnTheDashboard() throws Exception {
        String tried = unique("ghost");
        Browser guesser = new Browser().from("203.0.113.44");
        for (int i = 0; i < 3; i++) {
            guesser.logIn(tried, "guess-" + i);
        }

        assertThat(audit.forSubject(RecordSignInLockoutUseCase.AUDIT_SUBJECT, tried)).singleElement()
                .satisfies(e -> {
                    assertThat(e.action()).isEqualTo(RecordSignInLockoutUseCase.AUDIT_ACTION);
                    assertThat(e.detail()).contains("3 failed sign-ins from 203.0.113.44");
                });
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String dashboard = support.get("/admin").body();
        assertThat(dashboard).contains("id=\"sign-in-lockouts\"").contains(">" + tried + "<");
        assertThat(support.get("/admin?lang=zh-CN").body()).contains("登录锁定");
    }
}
