package dev.tristate.application.tenant.service;

import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.util.Objects;

class TenantWebhookService implements ConfigureTenantWebhookUseCase {

    private final TenantWebhooks webhooks;
    private final Clock clock;

    TenantWebhookService(TenantWebhooks webhooks, Clock clock) {
        this.webhooks = webhooks;
        this.clock = clock;
    }

    @Override
    public void configure(TenantId tenantId, URI endpoint) {
        Objects.requireNonNull(tenantId, "tenant");
        URI checked = ConfigureTenantWebhookUseCase.checkedEndpoint(endpoint == null ? null : endpoint.toString());
        webhooks.setEndpoint(tenantId, checked, clock.instant());
    }
}
