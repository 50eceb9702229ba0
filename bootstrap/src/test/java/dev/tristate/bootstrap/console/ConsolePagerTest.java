package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Moving between the pages of a list keeps its filters (the tenant above all), on every paginated list. */
class ConsolePagerTest extends ConsoleTestBase {

    private static final Pattern NEXT = Pattern.compile("href=\"([^\"]*)\"[^>]*rel=\"next\"");
    private static final Pattern PREVIOUS = Pattern.compile("href=\"([^\"]*)\"[^>]*rel=\"prev\"");

    private static String link(Pattern rel, String page) {
        Matcher m = rel.matcher(page);
        assertThat(m.find()).as("the page has a %s link", rel).isTrue();
        return m.group(1).replace("&amp;", "&");
    }

    @Test
    void theNextPageOfATenantsPaymentsShowsThatTenantsPaymentsOnly() throws Exception {
        TenantId shop = tenant();
        TenantId other = tenant();
        List<Payment> shops = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            shops.add(payment(shop));
        }
        Payment others = payment(other);
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String next = link(NEXT, browser.get("/admin/payments?tenant=" + shop.value() + "&status=PENDING").body());
        String second = browser.get(next).body();

        assertThat(next).contains("tenant=" + shop.value()).contains("status=PENDING").contains("page=1");
        assertThat(second).doesNotContain(others.id().value());
        assertThat(shops.stream().filter(p -> second.contains(p.id().value()))).hasSize(1);
        assertThat(link(PREVIOUS, second)).contains("tenant=" + shop.value()).contains("status=PENDING")
                .contains("page=0");
    }

    @Test
    void everyPaginatedListKeepsItsFiltersInItsPagerLinks() throws Exception {
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        for (String list : List.of("/admin/payments?tenant=t-x&merchantOrderId=o%2F1",
                "/admin/unresolved?tenant=t-x", "/admin/review-cases?all=true", "/admin/quarantine?tenant=t-x&eventType=PaymentSucceeded",
                "/admin/audit?operator=olga&action=REPLAY&subject=s-1", "/admin/reconciliation?tenant=t-x")) {
            String previous = link(PREVIOUS, browser.get(list + "&page=1").body());

            assertThat(previous).as(list).isEqualTo(list.replace("?", "?") + "&page=0");
        }
    }
}
