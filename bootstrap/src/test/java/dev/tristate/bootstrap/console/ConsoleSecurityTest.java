package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The console's security over real HTTP: what a browser (or an attacker) sees. */
class ConsoleSecurityTest extends ConsoleTestBase {

    @Test
    void anOperatorSignsInAndGetsANewSessionId() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        Browser browser = new Browser();
        String token = browser.csrf("/admin/login");
        String before = browser.session();

        HttpResponse<String> login = browser.post("/admin/login",
                Map.of("username", operator, "password", PASSWORD, "_csrf", token));

        assertThat(login.statusCode()).isEqualTo(302);
        assertThat(login.headers().firstValue("Location").orElseThrow()).endsWith("/admin");
        assertThat(before).isNotNull();
        assertThat(browser.session()).isNotNull().isNotEqualTo(before);
        assertThat(browser.get("/admin").statusCode()).isEqualTo(200);
    }

    @Test
    void passwordsAreStoredAsBcryptHashes() {
        String operator = user(ConsoleRole.OPERATOR);
        assertThat(users.findByUsername(operator).orElseThrow().passwordHash()).startsWith("$2a$")
                .doesNotContain(PASSWORD);
    }

    @Test
    void anAnonymousVisitorIsSentToTheLoginPage() throws Exception {
        HttpResponse<String> page = new Browser().get("/admin/quarantine");
        assertThat(page.statusCode()).isEqualTo(302);
        assertThat(page.headers().firstValue("Location").orElseThrow()).endsWith("/admin/login");
    }

    @Test
    void aFormWithoutTheCsrfTokenIsRefused() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        EventId event = quarantinedEvent(payment(tenant()), "{}");
        Browser browser = new Browser();
        browser.logIn(operator, PASSWORD);

        HttpResponse<String> replay = browser.post("/admin/quarantine/" + event + "/replay",
                Map.of("reason", "no token", "actionKey", UUID.randomUUID().toString()));

        assertThat(replay.statusCode()).isEqualTo(403);
        assertThat(browser.get("/admin/quarantine/" + event).body()).contains("id=\"event-status\"")
                .contains(">QUARANTINED<");
        // And a sign-in without it is refused too (login CSRF).
        assertThat(new Browser().post("/admin/login", Map.of("username", operator, "password", PASSWORD))
                .statusCode()).isEqualTo(403);
    }

    @Test
    void pagesCarrySecurityHeaders() throws Exception {
        HttpResponse<String> login = new Browser().get("/admin/login");
        assertThat(login.headers().firstValue("Content-Security-Policy").orElseThrow())
                .contains("default-src 'self'").contains("script-src 'self'").contains("frame-ancestors 'none'");
        assertThat(login.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(login.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(login.headers().firstValue("Referrer-Policy")).contains("same-origin");
        assertThat(login.headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");
    }

    @Test
    void theSessionCookieIsSameSiteAndHttpOnlyAndOverTlsSecureWithHsts() throws Exception {
        HttpResponse<String> plain = new Browser().get("/admin/login");
        assertThat(sessionCookie(plain)).contains("SameSite=Lax").contains("HttpOnly").doesNotContain("Secure");
        assertThat(plain.headers().firstValue("Strict-Transport-Security")).isEmpty();

        // Through a TLS-terminating proxy on this machine (the tests trust forwarded headers from it).
        HttpResponse<String> tls = new Browser().http.send(HttpRequest.newBuilder(URI.create(base() + "/admin/login"))
                .header("X-Forwarded-Proto", "https").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(sessionCookie(tls)).contains("SameSite=Lax").contains("Secure");
        assertThat(tls.headers().firstValue("Strict-Transport-Security").orElseThrow()).contains("max-age=");
    }

    private static String sessionCookie(HttpResponse<String> response) {
        return response.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("JSESSIONID="))
                .findFirst().orElseThrow();
    }

    @Test
    void noRedirectNamesTheHostARequestClaimedToBeFor() throws Exception {
        String toLogin = rawResponse("GET /admin/quarantine HTTP/1.1\r\nHost: evil.example\r\n"
                + "Connection: close\r\n\r\n");
        assertThat(toLogin).startsWith("HTTP/1.1 302");
        assertThat(location(toLogin)).isEqualTo("/admin/login");

        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String token = browser.csrf("/admin");
        String form = "_csrf=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
        String loggedOut = rawResponse("POST /admin/logout HTTP/1.1\r\nHost: evil.example\r\nCookie: JSESSIONID="
                + browser.session() + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                + form.length() + "\r\nConnection: close\r\n\r\n" + form);
        assertThat(loggedOut).startsWith("HTTP/1.1 302");
        assertThat(location(loggedOut)).isEqualTo("/admin/login?logout").doesNotContain("evil.example");
    }

    /** A request as sent, byte for byte (an HTTP client will not let a test set its Host header). */
    private String rawResponse(String request) throws Exception {
        try (Socket socket = new Socket("localhost", port)) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private static String location(String response) {
        return response.lines().filter(l -> l.regionMatches(true, 0, "Location:", 0, 9)).findFirst()
                .map(l -> l.substring(9).strip()).orElseThrow();
    }

    @Test
    void afterTooManyWrongPasswordsEvenTheRightOneIsRefusedForAWhile() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        Browser browser = new Browser();
        for (int i = 0; i < 3; i++) {
            assertThat(browser.logIn(operator, "wrong-" + i).headers().firstValue("Location").orElseThrow())
                    .endsWith("/admin/login?error");
        }

        HttpResponse<String> right = browser.logIn(operator, PASSWORD);

        assertThat(right.headers().firstValue("Location").orElseThrow()).contains("/admin/login?locked=");
        assertThat(browser.get("/admin").statusCode()).isEqualTo(302);
        // Another user name is not affected.
        assertThat(new Browser().logIn(user(ConsoleRole.SUPPORT), PASSWORD).headers().firstValue("Location")
                .orElseThrow()).endsWith("/admin");
    }

    @Test
    void supportStaffAreRefusedRepairsAndTenantAdministration() throws Exception {
        String support = user(ConsoleRole.SUPPORT);
        Payment p = payment(tenant());
        EventId event = quarantinedEvent(p, "{}");
        Browser browser = new Browser();
        browser.logIn(support, PASSWORD);
        String token = browser.csrf("/admin/quarantine/" + event);

        HttpResponse<String> replay = browser.post("/admin/quarantine/" + event + "/replay",
                Map.of("reason", "support tries", "actionKey", UUID.randomUUID().toString(), "_csrf", token));

        assertThat(replay.statusCode()).isEqualTo(403);
        assertThat(replay.body()).contains("id=\"denied\"");
        assertThat(browser.get("/admin/quarantine/" + event).body()).contains(">QUARANTINED<");
        assertThat(browser.get("/admin/tenants").statusCode()).isEqualTo(403);
        assertThat(browser.get("/admin/payments/" + p.tenantId().value() + "/" + p.id().value()).statusCode())
                .isEqualTo(200);
    }

    @Test
    void theSameReplayFormSubmittedTwiceReplaysOnce() throws Exception {
        String operator = user(ConsoleRole.OPERATOR);
        EventId event = quarantinedEvent(payment(tenant()), "{}");
        Browser browser = new Browser();
        browser.logIn(operator, PASSWORD);
        String token = browser.csrf("/admin/quarantine/" + event);
        Map<String, String> form = Map.of("reason", "broker route fixed", "actionKey", UUID.randomUUID().toString(),
                "_csrf", token);

        assertThat(browser.post("/admin/quarantine/" + event + "/replay", form).statusCode()).isEqualTo(302);
        assertThat(browser.post("/admin/quarantine/" + event + "/replay", form).statusCode()).isEqualTo(302);

        String audit = browser.get("/admin/audit?subject=" + event).body();
        assertThat(audit.split("broker route fixed", -1)).hasSize(2);
        assertThat(browser.get("/admin/quarantine/" + event).body()).contains("id=\"event-status\"")
                .contains(">PENDING<");
    }

    @Test
    void theConsoleSpeaksChineseWhenTheBrowserAsksAndSwitchesOnRequest() throws Exception {
        Browser browser = new Browser();
        HttpResponse<String> zh = browser.http.send(HttpRequest.newBuilder(URI.create(base() + "/admin/login"))
                .header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(zh.body()).contains("登录").contains("lang=\"zh-CN\"");

        assertThat(browser.get("/admin/login?lang=en").body()).contains("Sign in").doesNotContain("用户名");
        assertThat(browser.get("/admin/login?lang=zh-CN").body()).contains("用户名");
        assertThat(browser.get("/admin/login").body()).as("kept in a cookie").contains("用户名");
    }
}
