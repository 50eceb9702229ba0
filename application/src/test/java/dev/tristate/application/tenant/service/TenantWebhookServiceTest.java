package dev.tristate.application.tenant.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryTenantWebhooks;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TenantWebhookServiceTest {

    private static final TenantId TENANT = new TenantId("tenant-a");

    private final InMemoryTenantWebhooks webhooks = new InMemoryTenantWebhooks();
    private final TenantWebhookService service = new TenantWebhookService(webhooks,
            endpoint -> endpoint.getHost().equals("10.0.0.7") ? Optional.of("a private address") : Optional.empty(),
            Clock.fixed(Instant.parse("2026-01-02T03:04:05Z"), ZoneOffset.UTC));

    @Test
    void anAbsoluteHttpsEndpointIsSetForTheTenant() {
        service.configure(TENANT, URI.create("https://shop.example/hooks"));

        assertThat(webhooks.endpointOf(TENANT)).contains(URI.create("https://shop.example/hooks"));
    }

    @Test
    void anEndpointThatIsNotAnAbsoluteHttpUrlIsRefusedAndNothingIsSet() {
        assertThatThrownBy(() -> service.configure(TENANT, URI.create("ftp://shop.example/hooks")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> service.configure(TENANT, URI.create("/hooks")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> service.configure(TENANT, null)).isInstanceOf(IllegalArgumentException.class);
        assertThat(webhooks.endpointOf(TENANT)).isEmpty();
    }

    @Test
    void anEndpointTheNetworkRuleRefusesIsRefusedWithItsReasonAndNothingIsSet() {
        assertThatThrownBy(() -> service.configure(TENANT, URI.create("https://10.0.0.7/hooks")))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a private address");
        assertThat(webhooks.endpointOf(TENANT)).isEmpty();
    }

    @Test
    void aTenantIsRequired() {
        assertThatThrownBy(() -> service.configure(null, URI.create("https://shop.example/hooks")))
                .isInstanceOf(NullPointerException.class);
    }
}
