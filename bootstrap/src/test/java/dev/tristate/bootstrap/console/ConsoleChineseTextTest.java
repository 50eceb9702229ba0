package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.CreateTenantCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateWebhookSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetChannelCredentialCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetWebhookCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.EnglishProse;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.web.util.HtmlUtils;

/**
 * The sentences data carries onto the pages (review details, timeline details, discrepancies and their repairs, audit
 * details, durability reasons), written by the real services, read in Chinese on zh-CN pages: the pages' text holds no
 * English sentence. Codes, ids and amounts may stay as they are; what a person typed is typed here in Chinese.
 */
class ConsoleChineseTextTest extends ConsoleTestBase {

    private static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";
    private static final LocalDate DAY = LocalDate.parse("2031-06-11");
    private static final Pattern RUN_LOCATION = Pattern.compile("/admin/reconciliation/([^/]+)/(\\d+)$");
    private static final Pattern HIDDEN = Pattern.compile(
            "(?s)<(code|pre|script|style|title)\\b.*?</\\1>|<[^>]+>");

    @Autowired
    ApplyChannelReportUseCase applier;
    @Autowired
    ReconciliationQuery reconciliation;
    @Autowired
    ManageTenantsUseCase manage;

    /** What a person sees of a page: the text outside tags, without code, ids in code and channel answers. */
    private static String visible(String html) {
        return HtmlUtils.htmlUnescape(HIDDEN.matcher(html).replaceAll(" "));
    }

    /** The part of a page between the element with this id (or other marker) and the end of its main content. */
    private static String from(String html, String marker) {
        int at = html.indexOf(marker);
        assertThat(at).as(marker + " on the page").isNotNegative();
        int end = html.indexOf("</main>", at);
        return html.substring(at, end < 0 ? html.length() : end);
    }

    private static void assertNoEnglishSentence(String where, String html) {
        assertThat(EnglishProse.first(visible(html))).as("English on " + where + ": " + visible(html)).isEmpty();
    }

    private static String line(String trade, String outTradeNo, long minor) {
        return String.join(",", trade, outTradeNo, "PAYMENT", "SUCCESS", Long.toString(minor), "CNY",
                DAY + "T12:00:00Z") + "\r\n";
    }

    @Test
    void theSentencesOfDataReadInChineseOnEveryPageThatShowsThem() throws Exception {
        TenantId tenant = tenant();
        Payment paidThere = payment(tenant);
        Payment wrongAmount = payment(tenant);
        Payment wrongCurrency = payment(tenant);
        applier.apply(tenant, wrongCurrency, new ChannelReport(ChannelTradeStatus.SUCCESS, Money.of(1999, "USD"),
                new ChannelTxnId(unique("T")), Instant.now()),
                ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), Instant.now());
        Browser operator = new Browser();
        String name = user(ConsoleRole.OPERATOR);
        operator.logIn(name, PASSWORD);
        operator.get("/admin?lang=zh-CN");

        String token = operator.csrf("/admin/reconciliation");
        Map<String, String> fields = new HashMap<>(Map.of("tenant", tenant.value(), "channel", "sandbox",
                "day", DAY.toString(), "source", "UPLOAD", "actionKey", UUID.randomUUID().toString()));
        HttpResponse<String> started = operator.postMultipart("/admin/reconciliation/start?_csrf=" + token, fields,
                "statement.csv", (HEADER + line("T-a-" + paidThere.id().value(), paidThere.id().value(), 1999)
                        + line("T-b-" + wrongAmount.id().value(), wrongAmount.id().value(), 500)
                        + line("T-c", "no-such-order", 700)).getBytes(StandardCharsets.UTF_8));
        assertThat(started.statusCode()).as(started.body()).isEqualTo(302);
        Matcher m = RUN_LOCATION.matcher(started.headers().firstValue("Location").orElseThrow());
        assertThat(m.find()).isTrue();
        long run = Long.parseLong(m.group(2));
        String runPage = "/admin/reconciliation/" + tenant.value() + "/" + run;
        for (var d : reconciliation.listDiscrepancies(tenant, run, null)) {
            HttpResponse<String> repaired = operator.post(runPage + "/discrepancies/" + d.id() + "/repair",
                    Map.of("reason", "对账单为准", "actionKey", UUID.randomUUID().toString(),
                            "_csrf", operator.csrf(runPage)));
            assertThat(repaired.statusCode()).as(repaired.body()).isEqualTo(302);
        }
        ReviewCase amountCase = reviewCases.forPayment(tenant, wrongAmount.id()).get(0);
        String casePage = "/admin/review-cases/" + amountCase.id();
        assertThat(operator.post(casePage + "/decide", Map.of("decision", "DISMISS", "reason", "商户已解释",
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(casePage))).statusCode())
                .isEqualTo(302);
        ReviewCase currencyCase = reviewCases.forPayment(tenant, wrongCurrency.id()).get(0);

        String run1 = operator.get(runPage).body();
        assertThat(run1).contains("渠道列出");
        assertNoEnglishSentence("the run's discrepancies", from(run1, "id=\"discrepancies\""));
        assertNoEnglishSentence("a review case", from(operator.get("/admin/review-cases/" + currencyCase.id())
                .body(), "<dl class=\"facts\">"));
        assertNoEnglishSentence("a decided review case", from(operator.get(casePage).body(), "<dl class=\"facts\">"));
        String currencyTimeline = operator.get("/admin/payments/" + tenant.value() + "/"
                + wrongCurrency.id().value()).body();
        assertThat(currencyTimeline).contains(">币种不符</a>").contains("渠道报告的币种为 USD，支付币种为 CNY")
                .doesNotContain(">CURRENCY_MISMATCH<").doesNotContain(">PENDING<");
        for (Payment p : new Payment[] {paidThere, wrongAmount, wrongCurrency}) {
            String page = operator.get("/admin/payments/" + tenant.value() + "/" + p.id().value()).body();
            assertNoEnglishSentence("the timeline of " + p.id().value(), from(page, "<ol class=\"timeline\">"));
        }
        String audit = operator.get("/admin/audit?operator=" + name).body();
        assertThat(audit).contains("对账单为准").contains("商户已解释");
        assertNoEnglishSentence("the audit log", from(audit, "id=\"audit-table\""));
        String dashboard = operator.get("/admin").body();
        assertNoEnglishSentence("the durability posture", from(dashboard, "aria-labelledby=\"durability\""));
        assertNoEnglishSentence("the sign-in lockouts", from(dashboard, "id=\"sign-in-lockouts-block\""));
    }

    @Test
    void theTenantAdministrationsAuditDetailsReadInChinese() throws Exception {
        String name = user(ConsoleRole.OPERATOR);
        Operator op = new Operator(name, ConsoleRole.OPERATOR);
        TenantId tenant = new TenantId(unique("t"));
        manage.createTenant(new CreateTenantCommand(tenant, "Shop " + tenant.value(), new MerchantId(unique("m")), op, key()));
        manage.rotateApiKey(new RotateApiKeyCommand(tenant, op, key()));
        ApiKey latest = manage.rotateApiKey(new RotateApiKeyCommand(tenant, op, key())).apiKey().orElseThrow();
        for (int i = 0; i < 2; i++) {
            manage.setChannelCredential(new SetChannelCredentialCommand(tenant,
                    CredentialKind.SANDBOX_SIGNING_SECRET, unique("secret-secret-"), Optional.empty(), op, key()));
        }
        for (String path : new String[] {"/v1", "/v2"}) {
            manage.setWebhook(new SetWebhookCommand(tenant, URI.create("https://shop.example:8443" + path), op,
                    key()));
        }
        manage.rotateWebhookSecret(new RotateWebhookSecretCommand(tenant, op, key()));
        manage.revokeApiKey(new RevokeApiKeyCommand(tenant, latest.displayPrefix(), op, key()));
        manage.revokeApiKey(new RevokeApiKeyCommand(tenant, latest.displayPrefix(), op, key()));
        manage.revokeSecret(new RevokeSecretCommand(tenant, Long.MAX_VALUE, op, key()));
        Browser operator = new Browser();
        operator.logIn(name, PASSWORD);
        operator.get("/admin?lang=zh-CN");

        String audit = operator.get("/admin/audit?operator=" + name).body();

        assertThat(audit).contains("沙箱商户").contains("个旧密钥有效至").contains("旧密钥有效（并仍用于签名）至")
                .contains("没有有效的凭据 #");
        assertNoEnglishSentence("the tenant administration's audit entries", from(audit, "id=\"audit-table\""));
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    @Test
    void anOutboxEventCountsItsFailedSendsAndSaysWhatTheCountMeans() throws Exception {
        Payment p = payment(tenant());
        var event = quarantinedEvent(p, "{}");
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin/quarantine/" + event).body();
        String chinese = support.get("/admin/quarantine/" + event + "?lang=zh-CN").body();

        assertThat(page).contains("Failed sends").contains("<span id=\"event-failed-sends\">9</span>")
                .contains("0 means the first send worked").doesNotContain(">Attempts<");
        assertThat(chinese).contains("发送失败次数").contains("0 表示首次发送即成功");
    }

    /**
     * A use case's refusal (an account another tenant has bound) and a record that does not exist, both thrown in
     * English by the services, read in Chinese on the problem page.
     */
    @Test
    void aRefusalOfTheServicesReadsInChinese() throws Exception {
        String boundMerchant = unique("m");
        tenants.provision(new ProvisionTenantCommand(new TenantId(unique("t")), "Shop", new MerchantId(boundMerchant),
                Optional.empty(), Optional.empty()));
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        operator.get("/admin?lang=zh-CN");

        HttpResponse<String> refused = operator.post("/admin/tenants", Map.of("tenantId", unique("t"),
                "name", "Second shop", "sandboxMerchantId", boundMerchant, "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf("/admin/tenants")));
        assertThat(refused.statusCode()).isEqualTo(400);
        String problem = from(refused.body(), "id=\"problem\"");
        assertThat(problem).contains("sandbox 账户 " + boundMerchant + " 已绑定到另一个租户")
                .doesNotContain("is bound to another tenant");
        assertNoEnglishSentence("the refusal", problem);

        String missing = unique("t");
        HttpResponse<String> notFound = operator.get("/admin/tenants/" + missing);
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(from(notFound.body(), "id=\"problem\"")).contains("没有租户 " + missing);
    }

    /** A form's value its type refuses (a seller id of the wrong form, a tenant id too long) reads in Chinese. */
    @Test
    void aFormsRefusedValueReadsInChinese() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        operator.get("/admin?lang=zh-CN");
        String tenantPage = "/admin/tenants/" + tenant.value();

        HttpResponse<String> seller = operator.post(tenantPage + "/credentials", Map.of("kind", "ALIPAY_SELLER_ID",
                "secret", "1234", "accountId", "", "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf(tenantPage)));
        HttpResponse<String> longId = operator.post("/admin/tenants", Map.of("tenantId", "t".repeat(65),
                "name", "Shop", "sandboxMerchantId", unique("m"), "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf("/admin/tenants")));

        assertThat(seller.statusCode()).isEqualTo(400);
        String sellerProblem = from(seller.body(), "id=\"problem\"");
        assertThat(sellerProblem).contains("支付宝卖家 ID 须为 2088 加 12 位数字").doesNotContain("followed by");
        assertNoEnglishSentence("the seller id's refusal", sellerProblem);
        assertThat(longId.statusCode()).isEqualTo(400);
        assertThat(from(longId.body(), "id=\"problem\"")).contains("租户 ID 超过 64 个字符")
                .doesNotContain("is longer than");
    }

    @Test
    void theCheckSeesAnEnglishSentenceWhereOneIsLeft() throws Exception {
        TenantId tenant = tenant();
        Payment p = payment(tenant);
        reviewCases.open(new dev.tristate.application.resolution.port.out.ReviewCases.NewCase(tenant, p.id(),
                ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50),
                dev.tristate.domain.payment.TransitionOutcome.AnomalyReason.AMOUNT_MISMATCH,
                "a sentence no pattern knows about", Instant.now()));
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        support.get("/admin?lang=zh-CN");
        String page = support.get("/admin/review-cases/" + reviewCases.forPayment(tenant, p.id()).get(0).id())
                .body();

        assertThat(EnglishProse.first(visible(from(page, "<dl class=\"facts\">"))))
                .isEqualTo("sentence no pattern knows about");
    }
}
