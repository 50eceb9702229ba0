package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.payment.Payment;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Over real HTTP: what the person typed wrong is a 400 page saying why; a rule broken inside the application (here a
 * stored payment that refunds more than it captured) is a 500 error page in the console's layout with a reference,
 * and no class name, message or stack trace of the cause.
 */
class ConsoleErrorPageTest extends ConsoleTestBase {

    @Test
    void aBrokenInvariantIsAnErrorPageInTheLayoutThatShowsNothingOfItsCause() throws Exception {
        Payment p = payment(tenant());
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        HttpResponse<String> page;
        jdbc.update("UPDATE payments SET refunded_minor = amount_minor + 1 WHERE id = ?", p.id().value());
        try {
            page = support.get("/admin/payments/" + p.tenantId().value() + "/" + p.id().value());
        } finally {
            // The other console tests share the database and list payments: they must not meet this row.
            jdbc.update("UPDATE payments SET refunded_minor = 0 WHERE id = ?", p.id().value());
        }

        assertThat(page.statusCode()).isEqualTo(500);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body()).contains("<nav aria-label=\"Console\">").contains("id=\"internal-error\"")
                .containsPattern("id=\"error-reference\">[0-9a-f-]{36}<");
        assertThat(page.body()).doesNotContain("Exception").doesNotContain("dev.tristate")
                .doesNotContain("does not fit the captured").doesNotContain("\tat ");
    }

    @Test
    void aConsoleAddressThatNamesNoPageIsA404PageInTheLayout() throws Exception {
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        HttpResponse<String> page = support.get("/admin/anything-unknown");
        HttpResponse<String> deeper = support.get("/admin/payments/t/p/more");
        support.get("/admin?lang=zh-CN");
        HttpResponse<String> zh = support.get("/admin/anything-unknown");
        HttpResponse<String> signedOut = new Browser().get("/admin/anything-unknown");
        HttpResponse<String> asset = support.get("/admin/assets/console.css");

        for (HttpResponse<String> notFound : List.of(page, deeper, zh)) {
            assertThat(notFound.statusCode()).as(notFound.uri().toString()).isEqualTo(404);
            assertThat(notFound.headers().firstValue("Content-Type")).hasValueSatisfying(
                    type -> assertThat(type).startsWith("text/html"));
            assertThat(notFound.body()).contains("<nav aria-label=\"Console\">").contains("id=\"not-found\"");
        }
        assertThat(page.body()).contains("There is no console page at this address.");
        assertThat(zh.body()).contains("此地址没有对应的控制台页面");
        assertThat(signedOut.statusCode()).isEqualTo(302);
        assertThat(signedOut.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).endsWith("/admin/login"));
        assertThat(asset.statusCode()).as("the assets keep their handler").isEqualTo(200);
    }

    @Test
    void badInputStaysA400PageThatSaysWhy() throws Exception {
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        HttpResponse<String> page = support.get("/admin/quarantine/not-an-event-id");

        assertThat(page.statusCode()).isEqualTo(400);
        assertThat(page.body()).contains("<nav aria-label=\"Console\">").contains("id=\"problem\"")
                .doesNotContain("id=\"internal-error\"");
    }
}
