package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPairGenerator;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * What an operator types into the console is checked by the rules of the component that will use it, over real HTTP:
 * what could not be used is a 400 page saying why, and nothing is stored or audited. A parameter that does not parse
 * is a 400 page in the person's language that names no Java class.
 */
class ConsoleInputValidationTest extends ConsoleTestBase {

    @Autowired
    ChannelCredentialStore credentials;
    @Autowired
    TenantRepository tenantRows;
    @Autowired
    AuditTrail audit;

    private HttpResponse<String> setCredential(Browser browser, TenantId tenant, String kind, String secret,
                                               String accountId) throws Exception {
        String page = "/admin/tenants/" + tenant.value();
        return browser.post(page + "/credentials", Map.of("kind", kind, "secret", secret, "accountId", accountId,
                "actionKey", UUID.randomUUID().toString(), "_csrf", browser.csrf(page)));
    }

    private Browser operator() throws Exception {
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        return operator;
    }

    private void assertNothingStoredFor(TenantId tenant) {
        assertThat(credentials.secretInfos(tenant)).hasSize(1);
        assertThat(credentials.accountsOf(tenant)).hasSize(1);
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value())).isEmpty();
    }

    @Test
    void aCredentialTheChannelCouldNotUseIsAFormErrorAndNothingIsStored() throws Exception {
        TenantId tenant = tenant();
        Browser operator = operator();

        HttpResponse<String> markup = setCredential(operator, tenant, "SANDBOX_SIGNING_SECRET",
                "<script>alert(1)</script>", "\"><img src=x>");
        assertThat(markup.statusCode()).isEqualTo(400);
        assertThat(markup.body()).contains("id=\"problem\"").contains("sandbox account id")
                .doesNotContain("<img src=x>");
        assertThat(setCredential(operator, tenant, "ALIPAY_PUBLIC_KEY", "k".repeat(64), "2021000000000001")
                .statusCode()).as("not a key").isEqualTo(400);
        assertThat(setCredential(operator, tenant, "STRIPE_ENDPOINT_SECRET", "sk_live_0123456789abcdefghij", "")
                .statusCode()).as("not an endpoint secret").isEqualTo(400);
        assertThat(setCredential(operator, tenant, "NOPE", "0123456789abcdefghij", "").statusCode()).isEqualTo(400);

        assertNothingStoredFor(tenant);
    }

    @Test
    void aRealAlipayKeyAndAppIdAreTakenInPemAsAlipayShowsThem() throws Exception {
        TenantId tenant = tenant();
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        byte[] publicKey = generator.generateKeyPair().getPublic().getEncoded();
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(publicKey)
                + "\n-----END PUBLIC KEY-----\n";

        assertThat(setCredential(operator(), tenant, "ALIPAY_PUBLIC_KEY", pem, "2021000000000077").statusCode())
                .isEqualTo(302);

        assertThat(credentials.accountOf(tenant, "alipay")).contains("2021000000000077");
    }

    @Test
    void anAccountAnotherTenantHoldsIsAFormErrorAndNothingIsStored() throws Exception {
        TenantId first = new TenantId(unique("t"));
        MerchantId merchant = new MerchantId(unique("m"));
        tenants.provision(new ProvisionTenantCommand(first, "First shop", merchant, Optional.empty(),
                Optional.empty()));
        TenantId second = tenant();
        Browser operator = operator();

        HttpResponse<String> bound = setCredential(operator, second, "SANDBOX_SIGNING_SECRET",
                "0123456789abcdefghij", merchant.value());

        assertThat(bound.statusCode()).isEqualTo(400);
        assertThat(bound.body()).contains("id=\"problem\"").contains("bound to another tenant");
        assertNothingStoredFor(second);
        assertThat(credentials.tenantForAccount("sandbox", merchant.value())).contains(first);

        TenantId third = new TenantId(unique("t"));
        HttpResponse<String> created = operator.post("/admin/tenants", Map.of("tenantId", third.value(),
                "name", "Third shop", "sandboxMerchantId", merchant.value(), "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf("/admin/tenants")));
        assertThat(created.statusCode()).isEqualTo(400);
        assertThat(tenantRows.findById(third)).isEmpty();
    }

    @Test
    void aTenantNameThatCannotBeStoredIsAFormError() throws Exception {
        Browser operator = operator();
        TenantId tenant = new TenantId(unique("t"));

        HttpResponse<String> created = operator.post("/admin/tenants", Map.of("tenantId", tenant.value(),
                "name", "x".repeat(129), "sandboxMerchantId", unique("m"), "actionKey", UUID.randomUUID().toString(),
                "_csrf", operator.csrf("/admin/tenants")));

        assertThat(created.statusCode()).isEqualTo(400);
        assertThat(created.body()).contains("id=\"problem\"").contains("tenant name");
        assertThat(tenantRows.findById(tenant)).isEmpty();
    }

    @Test
    void aParameterThatDoesNotParseIsA400PageInThePersonsLanguageWithoutClassNames() throws Exception {
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        for (String path : new String[] {"/admin/payments?status=NOPE", "/admin/payments?page=x",
                "/admin/payments?from=yesterday", "/admin/payments?page=99999999999",
                "/admin/reconciliation/demo/not-a-number", "/admin/review-cases/abc",
                "/admin/review-cases?all=perhaps", "/admin/quarantine/delivery?consumer=x"}) {
            HttpResponse<String> page = support.get(path);
            assertThat(page.statusCode()).as(path).isEqualTo(400);
            assertThat(page.headers().firstValue("Content-Type").orElseThrow()).as(path).startsWith("text/html");
            assertThat(page.body()).as(path).contains("id=\"problem\"").doesNotContain("dev.tristate")
                    .doesNotContain("java.").doesNotContain("Exception").doesNotContain("No enum constant");
        }

        Browser operator = operator();
        HttpResponse<String> role = operator.post("/admin/users", Map.of("username", unique("u"), "role", "KING",
                "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin/users")));
        HttpResponse<String> decision = operator.post("/admin/review-cases/1/decide", Map.of("decision", "NOPE",
                "reason", "a reason", "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin")));
        HttpResponse<String> count = operator.post("/admin/quarantine/replay-all", Map.of("confirmedCount", "many",
                "reason", "a reason", "actionKey", UUID.randomUUID().toString(), "_csrf", operator.csrf("/admin")));
        for (HttpResponse<String> form : List.of(role, decision, count)) {
            assertThat(form.statusCode()).as(form.uri().toString()).isEqualTo(400);
            assertThat(form.body()).contains("id=\"problem\"").doesNotContain("dev.tristate");
        }

        HttpResponse<String> zh = support.http.send(HttpRequest.newBuilder(
                URI.create(base() + "/admin/payments?status=NOPE")).header("Accept-Language", "zh-CN").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(zh.statusCode()).isEqualTo(400);
        assertThat(zh.body()).contains("无法识别").contains("status");
    }
}
