package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stored data never stops the start-up: a sandbox account the sandbox cannot use, written straight into the store as
 * the console once accepted it, is skipped at the next start; the application starts, the other tenants pay, and the
 * dashboard names the row (never its secret).
 */
class StoredCredentialsStartUpTest {

    private static final String API_KEY = "tsk_" + "5a".repeat(32);
    private static final String PASSWORD = "start-up-test-password";
    private static final String BAD_ACCOUNT = "\"><img src=x>";
    private static final String BAD_SECRET = "<script>alert(1)</script>";
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private static ConfigurableApplicationContext start(Path dataDir) {
        return new SpringApplicationBuilder(TristateApplication.class)
                .profiles("embedded")
                .run("--server.port=0", "--tristate.data-dir=" + dataDir, "--tristate.demo.api-key=" + API_KEY,
                        "--tristate.admin.bootstrap-password=" + PASSWORD);
    }

    @Test
    void anUnusableSandboxAccountInTheStoreIsSkippedAndShownNotFatal(@TempDir Path dataDir) throws Exception {
        TenantId badTenant = new TenantId("t-bad-row");
        try (ConfigurableApplicationContext first = start(dataDir)) {
            first.getBean(ProvisionTenantUseCase.class).provision(new ProvisionTenantCommand(badTenant, "Bad row shop",
                    new MerchantId("m-bad-row"), Optional.empty(), Optional.empty()));
            ChannelCredentialStore store = first.getBean(ChannelCredentialStore.class);
            Instant later = Instant.now().plusSeconds(1);
            store.bindAccount(badTenant, ProvisionTenantUseCase.SANDBOX_CHANNEL, BAD_ACCOUNT, later);
            store.addSecret(badTenant, ProvisionTenantUseCase.SANDBOX_CHANNEL, ProvisionTenantUseCase.SIGNING_SECRET,
                    BAD_SECRET, later, later);
        }

        try (ConfigurableApplicationContext second = start(dataDir)) {
            int port = ((WebServerApplicationContext) second).getWebServer().getPort();
            HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                    .followRedirects(HttpClient.Redirect.NEVER).build();
            String base = "http://127.0.0.1:" + port;

            HttpResponse<String> payment = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/payments"))
                    .header("Authorization", "Bearer " + API_KEY).header("Idempotency-Key", "k-" + UUID.randomUUID())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"merchant_order_id\":\"o-1\",\"amount_minor\":100,"
                            + "\"currency\":\"CNY\",\"channel\":\"sandbox\",\"user_id\":\"u-1\","
                            + "\"sku\":\"course:java-101\"}")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(payment.statusCode()).as("the demo tenant still pays: " + payment.body()).isEqualTo(201);

            String login = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/login")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            Matcher csrf = CSRF.matcher(login);
            assertThat(csrf.find()).isTrue();
            HttpResponse<String> signedIn = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/login"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("username=operator&password="
                            + URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8) + "&_csrf="
                            + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(signedIn.statusCode()).isEqualTo(302);
            HttpResponse<String> dashboard = http.send(HttpRequest.newBuilder(URI.create(base + "/admin")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(dashboard.statusCode()).isEqualTo(200);
            assertThat(dashboard.body()).contains("id=\"unusable-credentials\"").contains("t-bad-row")
                    .contains("&quot;&gt;&lt;img src=x&gt;")
                    .contains("merchant id must be 1-64 letters, digits or _-.: characters")
                    .doesNotContain("<img src=x>").doesNotContain(BAD_SECRET).doesNotContain("&lt;script&gt;");
        }
    }
}
