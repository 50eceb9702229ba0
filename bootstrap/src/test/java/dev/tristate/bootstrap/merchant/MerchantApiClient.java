package dev.tristate.bootstrap.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/** The merchant API over real HTTP for the end-to-end tests: tenants with an API key and an account at a channel. */
public final class MerchantApiClient {

    public static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public record Merchant(TenantId tenant, String apiKey) {
    }

    private MerchantApiClient() {
    }

    /** A fresh tenant ("{prefix}-…") with an API key and an account at {@code channel}. */
    public static Merchant provision(ProvisionTenantUseCase provisioning, ChannelCredentialStore credentials,
                                     String channel, String prefix) {
        String suffix = UUID.randomUUID().toString().substring(0, 13);
        TenantId tenant = new TenantId(prefix + "-" + suffix);
        var result = provisioning.provision(new ProvisionTenantCommand(tenant, "Shop " + suffix,
                new MerchantId("m-" + suffix), Optional.empty(), Optional.empty()));
        credentials.bindAccount(tenant, channel, "acct-" + suffix, Instant.now());
        return new Merchant(tenant, result.apiKey().orElseThrow().value());
    }

    /** One call; a null API key, Idempotency-Key or body is left out. */
    public static HttpResponse<String> send(int port, String method, String path, String apiKey,
                                            String idempotencyKey, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        if (apiKey != null) {
            request.header("Authorization", "Bearer " + apiKey);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The problem's code, after checking that the answer is problem JSON. */
    public static String code(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("application/problem+json"));
        return JSON.readTree(response.body()).get("code").stringValue();
    }
}
