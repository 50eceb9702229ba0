package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.console.port.in.ManageConsoleUsersUseCase;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.AuditEntry;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Console users managed by operators, over real HTTP: passwords shown once, bcrypt stored, audited, once per form. */
class ConsoleUsersTest extends ConsoleTestBase {

    private static final Pattern NEW_PASSWORD = Pattern.compile("id=\"new-password\">([^<]+)<");

    @Autowired
    AuditTrail audit;

    private static String passwordOn(HttpResponse<String> page) {
        Matcher m = NEW_PASSWORD.matcher(page.body());
        assertThat(m.find()).as("the page shows the new password").isTrue();
        return m.group(1);
    }

    private static String landing(HttpResponse<String> login) {
        return login.headers().firstValue("Location").orElseThrow();
    }

    @Test
    void anOperatorCreatesASupportUserWhosePasswordIsShownOnceAndStoredHashed() throws Exception {
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String name = unique("new");
        String key = UUID.randomUUID().toString();
        Map<String, String> form = Map.of("username", name, "role", "SUPPORT", "actionKey", key);
        assertThat(operator.post("/admin/users", form).statusCode()).as("CSRF enforced").isEqualTo(403);
        Map<String, String> withToken = new java.util.HashMap<>(form);
        withToken.put("_csrf", operator.csrf("/admin/users"));

        HttpResponse<String> created = operator.post("/admin/users", withToken);
        HttpResponse<String> again = operator.post("/admin/users", withToken);

        String password = passwordOn(created);
        assertThat(password).hasSizeGreaterThanOrEqualTo(20);
        assertThat(again.body()).as("a repeated form shows no password").doesNotContain("new-password")
                .doesNotContain(password);
        ConsoleUser stored = users.findByUsername(name).orElseThrow();
        assertThat(stored.role()).isEqualTo(ConsoleRole.SUPPORT);
        assertThat(stored.passwordHash()).startsWith("$2").doesNotContain(password);
        AuditEntry entry = audit.findByActionKey(new ActionKey(key)).orElseThrow();
        assertThat(entry.action()).isEqualTo("CREATE_USER");
        assertThat(entry.subjectId()).isEqualTo(name);
        assertThat(String.valueOf(entry.detail()) + entry.reason()).doesNotContain(password);
        assertThat(landing(new Browser().logIn(name, password))).endsWith("/admin");
        assertThat(operator.get("/admin/users").body()).contains(name);
    }

    @Test
    void aDisabledUserCannotLogInAndNobodyDisablesThemselves() throws Exception {
        String me = user(ConsoleRole.OPERATOR);
        String them = user(ConsoleRole.SUPPORT);
        Browser operator = new Browser();
        operator.logIn(me, PASSWORD);
        String token = operator.csrf("/admin/users");

        HttpResponse<String> disabled = operator.post("/admin/users/" + them + "/disable", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token));
        HttpResponse<String> myself = operator.post("/admin/users/" + me + "/disable", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token));

        assertThat(disabled.statusCode()).isEqualTo(302);
        assertThat(users.findByUsername(them).orElseThrow().enabled()).isFalse();
        assertThat(landing(new Browser().logIn(them, PASSWORD))).endsWith("/admin/login?error");
        assertThat(myself.statusCode()).isEqualTo(403);
        assertThat(users.findByUsername(me).orElseThrow().enabled()).isTrue();
        assertThat(audit.forSubject(ManageConsoleUsersUseCase.AUDIT_SUBJECT, them)).singleElement()
                .satisfies(e -> assertThat(e.result()).isEqualTo("DISABLED"));
        // Nobody disabled themselves: about me there is only my sign-in.
        assertThat(audit.forSubject(ManageConsoleUsersUseCase.AUDIT_SUBJECT, me)).extracting(e -> e.result())
                .containsExactly("SIGNED_IN");
    }

    /** A browser signed in as {@code username}, checked by a page that needs the session. */
    private Browser signedIn(String username) throws Exception {
        Browser browser = new Browser();
        browser.logIn(username, PASSWORD);
        assertThat(browser.get("/admin").statusCode()).as("signed in").isEqualTo(200);
        return browser;
    }

    /** The browser's next request is sent to the sign-in page with {@code notice}, which says {@code text}. */
    private static void assertSignedOut(Browser browser, String notice, String text) throws Exception {
        HttpResponse<String> next = browser.get("/admin/payments");
        assertThat(next.statusCode()).isEqualTo(302);
        assertThat(landing(next)).endsWith("/admin/login?" + notice);
        assertThat(browser.get("/admin/login?" + notice).body()).contains(text);
    }

    @Test
    void aSignedInUserWhoIsDisabledIsSignedOutAtTheirNextRequestAndStaysOutWhenEnabledAgain() throws Exception {
        String them = user(ConsoleRole.SUPPORT);
        Browser support = signedIn(them);
        Browser operator = signedIn(user(ConsoleRole.OPERATOR));
        String token = operator.csrf("/admin/users");

        operator.post("/admin/users/" + them + "/disable", Map.of("actionKey", UUID.randomUUID().toString(),
                "_csrf", token));

        assertSignedOut(support, "disabled", "was disabled");
        operator.post("/admin/users/" + them + "/enable", Map.of("actionKey", UUID.randomUUID().toString(),
                "_csrf", token));
        HttpResponse<String> afterEnabling = support.get("/admin");
        assertThat(afterEnabling.statusCode()).as("the old session is gone").isEqualTo(302);
        assertThat(landing(afterEnabling)).endsWith("/admin/login");
        assertThat(operator.get("/admin").statusCode()).as("the operator is not affected").isEqualTo(200);
    }

    @Test
    void aDisabledUserEnabledAgainSignsInWithTheirPasswordAndASecondFormChangesNothing() throws Exception {
        String them = user(ConsoleRole.SUPPORT);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String token = operator.csrf("/admin/users");
        operator.post("/admin/users/" + them + "/disable", Map.of("actionKey", UUID.randomUUID().toString(),
                "_csrf", token));
        assertThat(operator.get("/admin/users").body()).contains("/admin/users/" + them + "/enable");

        String key = UUID.randomUUID().toString();
        HttpResponse<String> enabled = operator.post("/admin/users/" + them + "/enable", Map.of("actionKey", key,
                "_csrf", token));
        operator.post("/admin/users/" + them + "/enable", Map.of("actionKey", key, "_csrf", token));
        HttpResponse<String> again = operator.post("/admin/users/" + them + "/enable", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token));

        assertThat(enabled.statusCode()).isEqualTo(302);
        assertThat(again.statusCode()).isEqualTo(302);
        assertThat(users.findByUsername(them).orElseThrow().enabled()).isTrue();
        assertThat(landing(new Browser().logIn(them, PASSWORD))).endsWith("/admin");
        assertThat(audit.forSubject(ManageConsoleUsersUseCase.AUDIT_SUBJECT, them)).extracting(e -> e.result())
                .containsExactlyInAnyOrder("DISABLED", "ENABLED", "ALREADY_ENABLED", "SIGNED_IN");
    }

    @Test
    void aResetPasswordIsShownOnceAndTheOldOneStopsWorking() throws Exception {
        String them = user(ConsoleRole.SUPPORT);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        String fresh = passwordOn(operator.post("/admin/users/" + them + "/reset-password", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin/users"))));

        assertThat(landing(new Browser().logIn(them, PASSWORD))).endsWith("/admin/login?error");
        assertThat(landing(new Browser().logIn(them, fresh))).endsWith("/admin");
        assertThat(audit.forSubject(ManageConsoleUsersUseCase.AUDIT_SUBJECT, them)).extracting(e -> e.result())
                .containsExactlyInAnyOrder("RESET", "SIGNED_IN");
    }

    @Test
    void aSignedInUserWhosePasswordIsResetIsSignedOutAtTheirNextRequest() throws Exception {
        String them = user(ConsoleRole.SUPPORT);
        Browser support = signedIn(them);
        Browser operator = signedIn(user(ConsoleRole.OPERATOR));

        String fresh = passwordOn(operator.post("/admin/users/" + them + "/reset-password", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin/users"))));

        assertSignedOut(support, "reset", "password was reset");
        assertThat(support.get("/admin").statusCode()).as("the old session is gone").isEqualTo(302);
        assertThat(operator.get("/admin").statusCode()).as("the operator is not affected").isEqualTo(200);
        Browser again = new Browser();
        assertThat(landing(again.logIn(them, fresh))).endsWith("/admin");
        assertThat(again.get("/admin").statusCode()).as("a session with the new password lasts").isEqualTo(200);
    }

    @Test
    void supportStaffAreRefusedTheUsersPageAndEveryUserChange() throws Exception {
        String them = user(ConsoleRole.SUPPORT);
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String token = support.csrf("/admin/payments");

        assertThat(support.get("/admin/users").statusCode()).isEqualTo(403);
        assertThat(support.post("/admin/users", Map.of("username", unique("x"), "role", "OPERATOR", "actionKey",
                UUID.randomUUID().toString(), "_csrf", token)).statusCode()).isEqualTo(403);
        assertThat(support.post("/admin/users/" + them + "/disable", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token)).statusCode()).isEqualTo(403);
        assertThat(support.post("/admin/users/" + them + "/enable", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token)).statusCode()).isEqualTo(403);
        assertThat(support.post("/admin/users/" + them + "/reset-password", Map.of("actionKey",
                UUID.randomUUID().toString(), "_csrf", token)).statusCode()).isEqualTo(403);
        assertThat(users.findByUsername(them).orElseThrow().enabled()).isTrue();
        assertThat(landing(new Browser().logIn(them, PASSWORD))).endsWith("/admin");
    }

    @Test
    void aBadUserNameIsRefusedWithItsReasonAndNothingStored() throws Exception {
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        HttpResponse<String> refused = operator.post("/admin/users", Map.of("username", "has space", "role",
                "SUPPORT", "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin/users")));

        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(users.findByUsername("has space")).isEmpty();
    }
}
