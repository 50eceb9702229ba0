package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * "Revoke now" on the tenant page, over real HTTP: a leaked merchant API key or channel secret stops working at once
 * (the merchant API answers 401, a callback signed with the secret gets BAD_SIGNATURE), audited; and a second
 * rotation ends the key or secret still in the first one's grace period, so that never more than two are valid.
 */
class ConsoleTenantRevocationTest extends ConsoleTestBase {

    private static final Pattern NEW_KEY = Pattern.compile("id=\"new-api-key\">([^<]+)<");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    AuditTrail audit;
    @Autowired
    TenantRepository tenantRepository;
    @Autowired
    ChannelCredentialStore credentials;
    @Autowired
    SecureRandom random;

    private record Shop(TenantId tenant, String merchant, ApiKey apiKey, String sandboxSecret) {
    }

    private Shop shop() {
        TenantId tenant = new TenantId(unique("t"));
        String merchant = unique("m");
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        ApiKey apiKey = ApiKey.fromRandomBytes(bytes);
        String secret = "old-sandbox-secret-" + UUID.randomUUID();
        tenants.provision(new ProvisionTenantCommand(tenant, "Shop", new MerchantId(merchant), Optional.of(apiKey),
                Optional.of(secret)));
        return new Shop(tenant, merchant, apiKey, secret);
    }

    private Browser operator() throws Exception {
        Browser operator = new Browser();
        operator.logIn(user(ConsoleRole.OPERATOR), PASSWORD);
        return operator;
    }

    private HttpResponse<String> act(Browser browser, TenantId tenant, String action, Map<String, String> fields)
            throws Exception {
        String page = "/admin/tenants/" + tenant.value();
        Map<String, String> form = new java.util.HashMap<>(fields);
        form.put("actionKey", UUID.randomUUID().toString());
        form.put("_csrf", browser.csrf(page));
        return browser.post(page + "/" + action, form);
    }

    private int merchantApiStatus(ApiKey key) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base() + "/api/v1/payments/pay_nothing_here"))
                .header("Authorization", "Bearer " + key.value()).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    private ApiKey rotate(Browser operator, TenantId tenant) throws Exception {
        HttpResponse<String> shown = act(operator, tenant, "rotate-key", Map.of());
        Matcher m = NEW_KEY.matcher(shown.body());
        assertThat(m.find()).as("the new key, shown once").isTrue();
        return new ApiKey(m.group(1));
    }

    private List<String> audited(TenantId tenant, String action) {
        return audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, tenant.value()).stream()
                .filter(e -> e.action().equals(action)).map(e -> e.result()).toList();
    }

    @Test
    void aRevokedApiKeyIsRefusedByTheMerchantApiAtOnceWhileTheOtherKeepsWorking() throws Exception {
        Shop shop = shop();
        Browser operator = operator();
        ApiKey rotated = rotate(operator, shop.tenant());
        assertThat(merchantApiStatus(shop.apiKey())).as("the old key, in its grace period").isEqualTo(404);
        assertThat(operator.get("/admin/tenants/" + shop.tenant().value()).body())
                .contains("id=\"revoke-key-" + shop.apiKey().displayPrefix() + "\"");

        HttpResponse<String> revoked = act(operator, shop.tenant(), "revoke-key",
                Map.of("prefix", shop.apiKey().displayPrefix()));

        assertThat(revoked.statusCode()).isEqualTo(302);
        assertThat(merchantApiStatus(shop.apiKey())).as("revoked: refused at once").isEqualTo(401);
        assertThat(merchantApiStatus(rotated)).isEqualTo(404);
        assertThat(audited(shop.tenant(), "REVOKE_API_KEY")).containsExactly("REVOKED");
        assertThat(act(operator, shop.tenant(), "revoke-key", Map.of("prefix", shop.apiKey().displayPrefix()))
                .statusCode()).isEqualTo(302);
        assertThat(audited(shop.tenant(), "REVOKE_API_KEY")).containsExactly("REVOKED", "NOTHING_TO_REVOKE");
    }

    @Test
    void aRevokedSandboxSecretInItsGracePeriodNoLongerVerifiesCallbacks() throws Exception {
        Shop shop = shop();
        Browser operator = operator();
        String newSecret = "new-sandbox-secret-" + UUID.randomUUID();
        assertThat(act(operator, shop.tenant(), "credentials", Map.of("kind", "SANDBOX_SIGNING_SECRET",
                "secret", newSecret)).statusCode()).isEqualTo(302);
        String withinGrace = CallbackTestSupport.insertPendingPayment(dataSource, shop.tenant().value());
        assertThat(callback(shop, shop.sandboxSecret(), withinGrace).statusCode()).as("old secret, in its grace")
                .isEqualTo(200);
        SecretInfo old = credentials.secretInfos(shop.tenant()).stream()
                .filter(s -> s.channel().equals("sandbox") && s.validUntil() != null).findFirst().orElseThrow();

        assertThat(act(operator, shop.tenant(), "revoke-secret", Map.of("secretId", Long.toString(old.id())))
                .statusCode()).isEqualTo(302);

        String afterRevocation = CallbackTestSupport.insertPendingPayment(dataSource, shop.tenant().value());
        HttpResponse<String> refused = callback(shop, shop.sandboxSecret(), afterRevocation);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.body()).isEqualTo("{\"code\":\"BAD_SIGNATURE\"}");
        assertThat(statusOf(afterRevocation)).isEqualTo("PENDING");
        String withNewSecret = CallbackTestSupport.insertPendingPayment(dataSource, shop.tenant().value());
        assertThat(callback(shop, newSecret, withNewSecret).statusCode()).isEqualTo(200);
        assertThat(statusOf(withNewSecret)).isEqualTo("SUCCEEDED");
        assertThat(audited(shop.tenant(), "REVOKE_SECRET")).containsExactly("REVOKED");
        assertThat(audit.forSubject(ManageTenantsUseCase.AUDIT_SUBJECT, shop.tenant().value()))
                .noneMatch(e -> e.detail().contains(newSecret) || e.detail().contains(shop.sandboxSecret()));
    }

    @Test
    void aSecondRotationEndsTheKeyStillInTheFirstOnesGracePeriod() throws Exception {
        Shop shop = shop();
        Browser operator = operator();

        ApiKey second = rotate(operator, shop.tenant());
        ApiKey third = rotate(operator, shop.tenant());

        assertThat(merchantApiStatus(shop.apiKey())).as("the first key, whose grace the second rotation ended")
                .isEqualTo(401);
        assertThat(merchantApiStatus(second)).as("the key just replaced, in its grace period").isEqualTo(404);
        assertThat(merchantApiStatus(third)).isEqualTo(404);
        Instant now = Instant.now();
        assertThat(tenantRepository.apiKeys(shop.tenant()).stream().filter(k -> k.validAt(now))
                .map(ApiKeyInfo::displayPrefix)).containsExactlyInAnyOrder(second.displayPrefix(),
                third.displayPrefix());

        for (String secret : List.of("second-sandbox-secret-" + UUID.randomUUID(),
                "third-sandbox-secret-" + UUID.randomUUID())) {
            act(operator, shop.tenant(), "credentials", Map.of("kind", "SANDBOX_SIGNING_SECRET", "secret", secret));
        }
        assertThat(credentials.validSecrets(shop.tenant(), "sandbox", "signing-secret", Instant.now()))
                .as("the newest and the one it replaced").hasSize(2).doesNotContain(shop.sandboxSecret());
        String payment = CallbackTestSupport.insertPendingPayment(dataSource, shop.tenant().value());
        assertThat(callback(shop, shop.sandboxSecret(), payment).statusCode()).isEqualTo(401);
    }

    @Test
    void supportStaffMayNotRevoke() throws Exception {
        Shop shop = shop();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        HttpResponse<String> refused = support.post("/admin/tenants/" + shop.tenant().value() + "/revoke-key",
                Map.of("prefix", shop.apiKey().displayPrefix(), "actionKey", UUID.randomUUID().toString(),
                        "_csrf", support.csrf("/admin/payments")));

        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(merchantApiStatus(shop.apiKey())).isEqualTo(404);
    }

    @Test
    void aRevocationFormWithANonsenseIdIsABadRequestAndChangesNothing() throws Exception {
        Shop shop = shop();
        Browser operator = operator();

        assertThat(act(operator, shop.tenant(), "revoke-secret", Map.of("secretId", "x1")).statusCode())
                .isEqualTo(400);
        assertThat(act(operator, shop.tenant(), "revoke-key", Map.of("prefix", "tsk_ bad")).statusCode())
                .isEqualTo(400);
        assertThat(merchantApiStatus(shop.apiKey())).isEqualTo(404);
        assertThat(audited(shop.tenant(), "REVOKE_SECRET")).isEmpty();
    }

    private HttpResponse<String> callback(Shop shop, String secret, String paymentId) throws Exception {
        return CallbackTestSupport.post(port, secret, CallbackTestSupport.body("n-" + UUID.randomUUID(),
                shop.merchant(), paymentId, "T-" + UUID.randomUUID(), "SUCCESS", 1999));
    }

    private String statusOf(String paymentId) {
        return new JdbcTemplate(dataSource).queryForObject("SELECT status FROM payments WHERE id = ?", String.class,
                paymentId);
    }
}
