package dev.tristate.application.tenant.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What every {@link TenantWebhooks} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class TenantWebhooksContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T09:00:00.123456Z");

    protected abstract TenantWebhooks webhooks();

    /** A tenant that exists wherever the implementation needs it to. */
    protected abstract TenantId aTenant();

    @Test
    void aTenantWithoutAnEndpointHasNone() {
        assertThat(webhooks().endpointOf(aTenant())).isEmpty();
    }

    @Test
    void aSetEndpointIsReadBack() {
        TenantId tenant = aTenant();

        webhooks().setEndpoint(tenant, URI.create("https://shop.example/hooks/grants?v=1"), T0);

        assertThat(webhooks().endpointOf(tenant)).contains(URI.create("https://shop.example/hooks/grants?v=1"));
    }

    @Test
    void settingAgainReplacesTheEndpointOfThatTenantOnly() {
        TenantId tenant = aTenant();
        TenantId other = aTenant();
        webhooks().setEndpoint(tenant, URI.create("https://old.example/hook"), T0);
        webhooks().setEndpoint(other, URI.create("https://other.example/hook"), T0);

        webhooks().setEndpoint(tenant, URI.create("https://new.example/hook"), T0.plusSeconds(60));

        assertThat(webhooks().endpointOf(tenant)).contains(URI.create("https://new.example/hook"));
        assertThat(webhooks().endpointOf(other)).contains(URI.create("https://other.example/hook"));
    }
}
