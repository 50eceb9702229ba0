package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** A tenant's webhook endpoint set by an operator on the tenant page, over real HTTP: validated, audited, once. */
class ConsoleTenantWebhookTest extends ConsoleTestBase {

    @Autowired
    TenantWebhooks webhooks;
    @Autowired
    AuditTrail audit;

    private HttpResponse<String> set(Browser browser, TenantId tenant, String endpoint, String key) throws Exception {
        String page = "/admin/tenants/" + tenant.value();
        return browser.post(page + "/webhook", Map.of("endpoint", endpoint, "actionKey", key,
                "_csrf", browser.csrf(page)));
    }

    @Test
    void anOperatorSetsAndReplacesTheEndpointOnTheTenantPageAuditedOncePerForm() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        assertThat(operator.get("/admin/tenants/" + tenant.value()).body()).contains("id=\"set-webhook\"");
        String key = UUID.randomUUID().toString();

        assertThat(set(operator, tenant, "https://shop.example/hooks/grants", key).statusCode()).isEqualTo(302);
        assertThat(set(operator, tenant, "https://shop.example/hooks/grants", key).statusCode()).isEqualTo(302);
        assertThat(set(operator, tenant, "http://shop.example:8080/v2", UUID.randomUUID().toString()).statusCode())
                .isEqualTo(302);

        assertThat(webhooks.endpointOf(tenant)).contains(URI.create("http://shop.example:8080/v2"));
        assertThat(operator.get("/admin/tenants/" + tenant.value()).body()).contains("http://shop.example:8080/v2");
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .filteredOn(e -> e.action().equals("SET_WEBHOOK")).hasSize(2)
                .last().satisfies(e -> assertThat(e.detail()).contains("was https://shop.example/hooks/grants"));
    }

    @Test
    void anEndpointThatIsNotAnHttpUrlIsRefusedAndNothingChanges() throws Exception {
        TenantId tenant = tenant();
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        for (String bad : new String[] {"ftp://shop.example/x", "shop.example/hooks", "https://", "not a url",
                "javascript:alert(1)"}) {
            assertThat(set(operator, tenant, bad, UUID.randomUUID().toString()).statusCode()).as(bad)
                    .isEqualTo(400);
        }
        assertThat(webhooks.endpointOf(tenant)).isEmpty();
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()))
                .noneMatch(e -> e.action().equals("SET_WEBHOOK"));
    }

    @Test
    void supportStaffAreRefusedAndAFormWithoutItsTokenIsRefused() throws Exception {
        TenantId tenant = tenant();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);

        HttpResponse<String> bySupport = support.post("/admin/tenants/" + tenant.value() + "/webhook", Map.of(
                "endpoint", "https://evil.example/", "actionKey", UUID.randomUUID().toString(),
                "_csrf", support.csrf("/admin/payments")));
        HttpResponse<String> noToken = operator.post("/admin/tenants/" + tenant.value() + "/webhook", Map.of(
                "endpoint", "https://evil.example/", "actionKey", UUID.randomUUID().toString()));

        assertThat(bySupport.statusCode()).isEqualTo(403);
        assertThat(noToken.statusCode()).isEqualTo(403);
        assertThat(webhooks.endpointOf(tenant)).isEmpty();
    }
}
