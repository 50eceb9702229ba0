package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.net.http.HttpResponse;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Instants on the console's pages are {@code <time>} elements: the exact instant in {@code datetime} and
 * {@code title}, the UTC instant to the second as their text (times.js, served by the application, turns that into
 * local time and age); the pending page shows each payment's age and its open review case.
 */
class ConsoleReadableTimesTest extends ConsoleTestBase {

    private static final DateTimeFormatter SHORT_UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
            .withZone(ZoneOffset.UTC);

    @Test
    void aPaymentsInstantsAreTimeElementsWithTheExactInstantOnHover() throws Exception {
        Payment p = payment(tenant());
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin/payments/" + p.tenantId().value() + "/" + p.id().value()).body();

        String exact = p.createdAt().truncatedTo(ChronoUnit.MICROS).toString(); // as the database keeps it
        assertThat(page).contains("<time class=\"instant\" datetime=\"" + exact + "\" title=\"" + exact + "\">"
                + SHORT_UTC.format(p.createdAt()) + "</time>");
        assertThat(page).as("no raw instant as text").doesNotContain(">" + exact + "<");
        assertThat(page).contains("<script src=\"/admin/assets/times.js\" defer></script>");
        HttpResponse<String> script = support.get("/admin/assets/times.js");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.body()).contains("Intl.RelativeTimeFormat");
    }

    @Test
    void thePendingPageShowsEachPaymentsAgeAndItsOpenReviewCase() throws Exception {
        TenantId tenant = tenant();
        Payment held = payment(tenant);
        Payment plain = payment(tenant);
        reviewCase(held);
        long caseId = reviewCases.forPayment(tenant, held.id()).get(0).id();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String english = support.get("/admin/unresolved?tenant=" + tenant.value()).body();
        String chinese = support.get("/admin/unresolved?tenant=" + tenant.value() + "&lang=zh-CN").body();

        // Both payments were created ten minutes ago (ConsoleTestBase.payment).
        assertThat(row(english, held.id().value())).contains("<td class=\"num age\">10 min</td>")
                .contains("href=\"/admin/review-cases/" + caseId + "\">#" + caseId + " amount mismatch</a>");
        assertThat(row(english, plain.id().value())).contains("<td class=\"num age\">10 min</td>")
                .contains("<td class=\"review-case\"><span>—</span></td>");
        assertThat(english).contains(">Age</th>").contains(">Review case</th>");
        assertThat(row(chinese, held.id().value())).contains("10 分钟").contains("#" + caseId + " 金额不符");
        assertThat(chinese).contains(">已过时长</th>").contains(">复核案件</th>");
    }

    /** The table row of the payment on the page. */
    private static String row(String page, String paymentId) {
        Matcher m = Pattern.compile("<tr>\\s*<td><a href=\"[^\"]*/" + Pattern.quote(paymentId)
                + "\">.*?</tr>", Pattern.DOTALL).matcher(page);
        assertThat(m.find()).as("a row of " + paymentId).isTrue();
        return m.group();
    }
}
