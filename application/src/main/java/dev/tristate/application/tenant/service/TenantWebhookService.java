package dev.tristate.application.tenant.service;

import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.util.Objects;

class TenantWebhookService implements ConfigureTenantWebhookUseCase {

    private final TenantWebhooks webhooks;
    private final WebhookEndpointPolicy endpoints;
    private final Clock clock;

    TenantWebhookService(TenantWebhooks webhooks, WebhookEndpointPolicy endpoints, Clock clock) {
        this.webhooks = webhooks;
        this.endpoints = endpoints;
        this.clock = clock;
    }

    @Override
    public void configure(TenantId tenantId, URI endpoint) {
        Objects.requireNonNull(tenantId, "tenant");
        URI checked = ConfigureTenantWebhookUseCase.checkedEndpoint(endpoint == null ? null : endpoint.toString());
        endpoints.refusal(checked).ifPresent(refusal -> {
            throw new IllegalArgumentException(refusal);
        });
        webhooks.setEndpoint(tenantId, checked, clock.instant());
    }
}
