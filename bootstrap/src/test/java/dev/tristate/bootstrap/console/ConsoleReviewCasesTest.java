package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.Payment;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A review case's decision form over real HTTP: nothing is chosen for the person, a form sent without a decision
 * decides nothing and says so in the person's language, and "refund at the channel" on a payment not paid here makes
 * no refund and says that a person acts, and why.
 */
class ConsoleReviewCasesTest extends ConsoleTestBase {

    private ReviewCase openCase() {
        Payment p = payment(tenant());
        reviewCase(p);
        return reviewCases.forPayment(p.tenantId(), p.id()).get(0);
    }

    private static Map<String, String> form(String decision, String reason, String csrf) {
        Map<String, String> form = new java.util.HashMap<>(Map.of("reason", reason,
                "actionKey", UUID.randomUUID().toString(), "_csrf", csrf));
        if (decision != null) {
            form.put("decision", decision);
        }
        return form;
    }

    @Test
    void theFormChoosesNoDecisionAndAFormWithoutOneDecidesNothing() throws Exception {
        ReviewCase c = openCase();
        String page = "/admin/review-cases/" + c.id();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        String form = operator.get(page).body();
        HttpResponse<String> sent = operator.post(page + "/decide", form(null, "explained by the merchant",
                operator.csrf(page)));

        assertThat(form).contains("name=\"decision\"").doesNotContain("checked");
        assertThat(sent.statusCode()).isEqualTo(400);
        assertThat(sent.body()).contains("id=\"decision-missing\"").contains("Choose a decision")
                .contains("value=\"explained by the merchant\"").contains("<nav aria-label=\"Console\">");
        assertThat(reviewCases.find(c.id()).orElseThrow().open()).isTrue();

        operator.get(page + "?lang=zh-CN");
        HttpResponse<String> zh = operator.post(page + "/decide", form(null, "商户已解释", operator.csrf(page)));
        assertThat(zh.statusCode()).isEqualTo(400);
        assertThat(zh.body()).contains("请选择一项决定");
        assertThat(reviewCases.find(c.id()).orElseThrow().open()).isTrue();
    }

    @Test
    void supportStaffSendingNoDecisionAreRefusedForTheirRole() throws Exception {
        ReviewCase c = openCase();
        String page = "/admin/review-cases/" + c.id();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        HttpResponse<String> sent = support.post(page + "/decide", form(null, "support tries", support.csrf(page)));

        assertThat(sent.statusCode()).isEqualTo(403);
        assertThat(reviewCases.find(c.id()).orElseThrow().open()).isTrue();
    }

    @Test
    void refundAtTheChannelOnAPaymentNotPaidHereIsANoteForAPersonAndSaysWhyInBothLanguages() throws Exception {
        ReviewCase c = openCase();
        String page = "/admin/review-cases/" + c.id();
        String name = user(ConsoleRole.OPERATOR);
        Browser operator = new Browser();
        operator.logIn(name, PASSWORD);

        assertThat(operator.get(page).body()).contains("id=\"refund-note\"")
                .contains("Otherwise (a payment not paid here, no payment of ours) Tristate makes no refund");
        HttpResponse<String> decided = operator.post(page + "/decide", form("REFUND_AT_CHANNEL",
                "customer paid 1.00 CNY on a 19.99 CNY order", operator.csrf(page)));

        assertThat(decided.statusCode()).isEqualTo(302);
        assertThat(reviewCases.find(c.id()).orElseThrow().open()).isFalse();
        assertThat(operator.get(page).body()).contains("id=\"refund-owed\"")
                .contains("Tristate made no refund. " + name)
                .contains("not refunded here: the payment is PENDING").doesNotContain("id=\"refund-made\"");
        assertThat(operator.get(page + "?lang=zh-CN").body()).contains("Tristate 未发起任何退款")
                .contains("此处未退款：支付状态为待支付");
        assertThat(operator.get("/admin/audit?subject=" + c.id() + "&action=REFUND_FOR_REVIEW_CASE").body())
                .contains("未退款：需人工处理");
        ReviewCase other = openCase();
        assertThat(operator.get("/admin/review-cases/" + other.id()).body())
                .contains("否则（我方未支付、我方无此支付）Tristate 不发起退款");
    }
}
