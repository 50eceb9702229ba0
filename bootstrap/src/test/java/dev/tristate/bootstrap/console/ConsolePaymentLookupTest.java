package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.TenantId;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * What slows a person down, over real HTTP: a payment found by its id alone in whichever tenant it is, its header with
 * what support is asked about (refunded, user, SKU, paid at), and the reconciliation tenant as a pick list.
 */
class ConsolePaymentLookupTest extends ConsoleTestBase {

    @Test
    void aSearchByIdAloneOpensThePaymentInItsTenant() throws Exception {
        Payment p = payment(tenant());
        String page = "/admin/payments/" + p.tenantId().value() + "/" + p.id().value();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        HttpResponse<String> search = support.get("/admin/payments?paymentId=" + p.id().value());
        HttpResponse<String> byAddress = support.get("/admin/payments/" + p.id().value());
        HttpResponse<String> withTenant = support.get("/admin/payments?paymentId=" + p.id().value() + "&tenant="
                + p.tenantId().value());
        HttpResponse<String> none = support.get("/admin/payments/" + unique("pay_"));

        assertThat(search.statusCode()).isEqualTo(302);
        assertThat(search.headers().firstValue("Location")).hasValue(page);
        assertThat(byAddress.statusCode()).isEqualTo(302);
        assertThat(byAddress.headers().firstValue("Location")).hasValue(page);
        assertThat(withTenant.statusCode()).as("a search with more than the id lists").isEqualTo(200);
        assertThat(withTenant.body()).contains("href=\"" + page + "\"");
        assertThat(none.statusCode()).isEqualTo(404);
        assertThat(none.body()).contains("Nothing here.");
    }

    @Test
    void thePaymentHeaderShowsRefundedUserSkuAndPaidAt() throws Exception {
        Payment p = payment(tenant());
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        String path = "/admin/payments/" + p.tenantId().value() + "/" + p.id().value();

        String english = support.get(path).body();
        String chinese = support.get(path + "?lang=zh-CN").body();
        support.get("/admin?lang=en");

        assertThat(english).contains("<dd id=\"payment-refunded\">0.00 CNY</dd>")
                .contains("<code id=\"payment-user\">user1</code>").contains("<code id=\"payment-sku\">sku1</code>")
                .contains(">Paid at</dt>").contains("<span>not paid</span>");
        assertThat(chinese).contains(">已退款</dt>").contains(">用户</dt>").contains(">支付时间</dt>")
                .contains("<span>未支付</span>");
    }

    @Test
    void theReconciliationTenantIsAPickList() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        String page = operator.get("/admin/reconciliation?tenant=" + tenant.value()).body();

        assertThat(page).contains("<select id=\"start-tenant\" name=\"tenant\" required>")
                .contains("<select name=\"tenant\" id=\"runs-tenant\">")
                .contains("<option value=\"" + tenant.value() + "\" selected=\"selected\">" + tenant.value()
                        + "</option>");
    }
}
