package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The console's reconciliation pages and the resolver's case on the pending-and-unknown pages, over real HTTP:
 * starting a run by upload, a rejected file's problems, the repair button (OPERATOR only, reason, CSRF, once).
 */
class ConsoleReconciliationTest extends ConsoleTestBase {

    private static final String HEADER = "trade_no,out_trade_no,type,status,amount_minor,currency,event_time\r\n";
    private static final LocalDate DAY = LocalDate.parse("2031-05-10");
    private static final Pattern RUN_LOCATION = Pattern.compile("/admin/reconciliation/([^/]+)/(\\d+)$");

    @Autowired
    ReconciliationQuery reconciliation;
    @Autowired
    AuditTrail audit;
    @Autowired
    ResolutionCases resolutionCases;

    private static String paidLine(Payment p) {
        return String.join(",", "T-" + p.id().value(), p.id().value(), "PAYMENT", "SUCCESS", "1999", "CNY",
                DAY + "T12:00:00Z") + "\r\n";
    }

    private HttpResponse<String> upload(Browser browser, TenantId tenant, String csv) throws Exception {
        return upload(browser, tenant, DAY, csv);
    }

    private HttpResponse<String> upload(Browser browser, TenantId tenant, LocalDate day, String csv)
            throws Exception {
        String token = browser.csrf("/admin/reconciliation");
        Map<String, String> fields = new HashMap<>(Map.of("tenant", tenant.value(), "channel", "sandbox",
                "day", day.toString(), "source", "UPLOAD", "actionKey", UUID.randomUUID().toString()));
        return browser.postMultipart("/admin/reconciliation/start?_csrf=" + token, fields, "statement.csv",
                csv.getBytes(StandardCharsets.UTF_8));
    }

    private long runOf(HttpResponse<String> started) {
        assertThat(started.statusCode()).as(started.body()).isEqualTo(302);
        Matcher m = RUN_LOCATION.matcher(started.headers().firstValue("Location").orElseThrow());
        assertThat(m.find()).as("redirected to the run").isTrue();
        return Long.parseLong(m.group(2));
    }

    @Test
    void anOperatorUploadsAStatementAndRepairsItsDiscrepancyOnceWithAReason() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        long run = runOf(upload(browser, tenant, HEADER + paidLine(pending)));
        String runPage = "/admin/reconciliation/" + tenant.value() + "/" + run;
        long discrepancy = reconciliation.listDiscrepancies(tenant, run, null).get(0).id();
        assertThat(browser.get(runPage).body()).contains("paid at the channel, not here")
                .contains(pending.id().value()).contains("Apply the repair");
        assertThat(browser.get("/admin/reconciliation?tenant=" + tenant.value()).body()).contains(runPage);

        String repairPath = runPage + "/discrepancies/" + discrepancy + "/repair";
        String key = UUID.randomUUID().toString();
        assertThat(browser.post(repairPath, Map.of("reason", "no token", "actionKey", key)).statusCode())
                .as("CSRF enforced").isEqualTo(403);
        assertThat(browser.post(repairPath, Map.of("reason", "", "actionKey", key,
                "_csrf", browser.csrf(runPage))).statusCode()).as("a reason is required").isEqualTo(400);
        assertThat(payments.findById(tenant, pending.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);

        String token = browser.csrf(runPage);
        HttpResponse<String> first = browser.post(repairPath, Map.of("reason", "statement says paid",
                "actionKey", key, "_csrf", token));
        HttpResponse<String> again = browser.post(repairPath, Map.of("reason", "statement says paid",
                "actionKey", key, "_csrf", token));

        assertThat(first.statusCode()).isEqualTo(302);
        assertThat(again.statusCode()).isEqualTo(302);
        assertThat(payments.findById(tenant, pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(reconciliation.listDiscrepancies(tenant, run, null)).singleElement().satisfies(d -> {
            assertThat(d.repairStatus()).isEqualTo(RepairStatus.APPLIED);
            assertThat(d.repairReason()).isEqualTo("statement says paid");
        });
        assertThat(browser.get("/admin/audit?subject=" + discrepancy).body()).contains("Repair discrepancy")
                .contains("statement says paid");
        assertThat(audit.findByActionKey(new dev.tristate.domain.console.ActionKey(key)).orElseThrow().result())
                .isEqualTo("REPAIRED");
        // The dashboard's tile shows the newest run.
        assertThat(browser.get("/admin").body()).contains("id=\"last-reconciliation\"");
    }

    @Test
    void aRunShowsStatementAmountsInTheUnitsOfTheirCurrency() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        String unknownYen = String.join(",", "T-yen-" + pending.id().value(), "no-such-order", "PAYMENT", "SUCCESS",
                "500", "JPY", DAY + "T12:00:00Z") + "\r\n";

        long run = runOf(upload(operator, tenant, HEADER + paidLine(pending) + unknownYen));
        String page = browser.get("/admin/reconciliation/" + tenant.value() + "/" + run).body();

        assertThat(page).contains("SUCCESS 19.99 CNY").contains("SUCCESS 500 JPY")
                .doesNotContain("SUCCESS 1999 CNY");
    }

    @Test
    void theCodesOnAChinesePageAreInChinese() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        resolutionCases.open(tenant, pending.id(), "sandbox", "ASKED_BY_OPERATOR", Instant.now().plusSeconds(60));
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        long run = runOf(upload(operator, tenant, HEADER + paidLine(pending)));
        operator.get("/admin?lang=zh-CN");

        String runPage = operator.get("/admin/reconciliation/" + tenant.value() + "/" + run).body();
        String paymentPage = operator.get("/admin/payments/" + tenant.value() + "/" + pending.id().value()).body();
        String auditPage = operator.get("/admin/audit?subject=" + run).body();

        assertThat(runPage).contains("上传文件").contains("<td>待支付</td>").doesNotContain(">PENDING<");
        assertThat(paymentPage).contains("操作员要求查询").doesNotContain(">ASKED_BY_OPERATOR<");
        assertThat(auditPage).contains("对账记录").doesNotContain(">reconciliation-run<");
    }

    @Test
    void aFindingAboutAPaymentWhoseCaseWasJustDecidedIsLeftAloneAndLinksToTheCase() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        reviewCase(pending);
        long caseId = reviewCases.forPayment(tenant, pending.id()).get(0).id();
        reviewCases.resolve(caseId, "olga", "DISMISS: the customer paid the difference", Instant.now());
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        // The statement of the day the decision was made on: reconciled after it, it is news the decision knew.
        LocalDate today = LocalDate.now(java.time.ZoneOffset.UTC);
        String wrongAmount = String.join(",", "T-w-" + pending.id().value(), pending.id().value(), "PAYMENT",
                "SUCCESS", "500", "CNY", today + "T00:00:01Z") + "\r\n";

        long run = runOf(upload(operator, tenant, today, HEADER + wrongAmount));
        String runPage = "/admin/reconciliation/" + tenant.value() + "/" + run;
        long discrepancy = reconciliation.listDiscrepancies(tenant, run, null).get(0).id();
        assertThat(operator.post(runPage + "/discrepancies/" + discrepancy + "/repair", Map.of("reason",
                "statement checked", "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf(runPage)))
                .statusCode()).isEqualTo(302);

        assertThat(reviewCases.forPayment(tenant, pending.id())).as("no new case").singleElement()
                .satisfies(c -> assertThat(c.open()).isFalse());
        assertThat(operator.get(runPage).body()).contains("left alone: review case #" + caseId)
                .contains("href=\"/admin/review-cases/" + caseId + "\"");
        assertThat(operator.get(runPage + "?lang=zh-CN").body()).contains("未处理：复核案例 #" + caseId);
    }

    @Test
    void supportStaffAreRefusedTheRepairAndTheStart() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        long run = runOf(upload(operator, tenant, HEADER + paidLine(pending)));
        long discrepancy = reconciliation.listDiscrepancies(tenant, run, null).get(0).id();
        String runPage = "/admin/reconciliation/" + tenant.value() + "/" + run;
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        assertThat(support.get(runPage).body()).contains("paid at the channel, not here")
                .doesNotContain("Apply the repair");
        HttpResponse<String> repair = support.post(runPage + "/discrepancies/" + discrepancy + "/repair",
                Map.of("reason", "support tries", "actionKey", UUID.randomUUID().toString(),
                        "_csrf", support.csrf("/admin/reconciliation")));
        HttpResponse<String> start = support.postMultipart("/admin/reconciliation/start?_csrf="
                        + support.csrf("/admin/reconciliation"), Map.of("tenant", tenant.value(), "channel", "sandbox",
                        "day", DAY.toString(), "source", "UPLOAD", "actionKey", UUID.randomUUID().toString()),
                "statement.csv", (HEADER + paidLine(pending)).getBytes(StandardCharsets.UTF_8));

        assertThat(repair.statusCode()).isEqualTo(403);
        assertThat(start.statusCode()).isEqualTo(403);
        assertThat(reconciliation.listDiscrepancies(tenant, run, null)).singleElement()
                .satisfies(d -> assertThat(d.repairStatus()).isEqualTo(RepairStatus.PENDING));
        assertThat(reconciliation.listRuns(tenant, 10)).hasSize(1);
        assertThat(payments.findById(tenant, pending.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aRejectedStatementIsShownWithItsProblemsAndNothingIsStored() throws Exception {
        TenantId tenant = tenant();
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        HttpResponse<String> rejected = upload(browser, tenant,
                "trade_no,out_trade_no,type,status,event_time\r\nT-1,pay_x,PAYMENT,SUCCESS," + DAY + "T12:00:00Z\r\n");
        HttpResponse<String> tooLarge = upload(browser, tenant, HEADER + "x".repeat(80 * 1024));
        HttpResponse<String> noFile = browser.postMultipart("/admin/reconciliation/start?_csrf="
                        + browser.csrf("/admin/reconciliation"), Map.of("tenant", tenant.value(), "channel",
                        "sandbox", "day", DAY.toString(), "source", "UPLOAD", "actionKey", UUID.randomUUID().toString()),
                "", new byte[0]);

        assertThat(rejected.statusCode()).isEqualTo(400);
        assertThat(rejected.body()).contains("id=\"start-error\"").contains("The statement was rejected.")
                .contains("line 1");
        assertThat(tooLarge.statusCode()).isEqualTo(413);
        assertThat(tooLarge.body()).contains("id=\"too-large\"").contains("larger than the console accepts");
        assertThat(noFile.statusCode()).isEqualTo(400);
        assertThat(noFile.body()).contains("Choose a CSV file to upload.");
        assertThat(reconciliation.listRuns(tenant, 10)).isEmpty();
    }

    @Test
    void thePendingPagesShowTheResolversCaseAndItsHistory() throws Exception {
        TenantId tenant = tenant();
        Payment pending = payment(tenant);
        resolutionCases.open(tenant, pending.id(), "sandbox", "stale pending", Instant.now().plusSeconds(60));
        Browser browser = new Browser();
        browser.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String unresolved = browser.get("/admin/unresolved?tenant=" + tenant.value()).body();
        String page = browser.get("/admin/payments/" + tenant.value() + "/" + pending.id().value()).body();

        assertThat(unresolved).contains(pending.id().value()).contains("class=\"case-status\">open<");
        assertThat(page).contains("id=\"resolver-status\"").contains(">open<").contains("stale pending")
                .contains("id=\"resolver-history\"");
    }
}
