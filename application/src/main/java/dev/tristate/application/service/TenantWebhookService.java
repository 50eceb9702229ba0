package dev.tristate.application.service;

import dev.tristate.application.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.util.Locale;
import java.util.Objects;

public class TenantWebhookService implements ConfigureTenantWebhookUseCase {

    private final TenantWebhooks webhooks;
    private final Clock clock;

    public TenantWebhookService(TenantWebhooks webhooks, Clock clock) {
        this.webhooks = webhooks;
        this.clock = clock;
    }

    @Override
    public void configure(TenantId tenantId, URI endpoint) {
        Objects.requireNonNull(tenantId, "tenant");
        String scheme = endpoint == null || endpoint.getScheme() == null ? ""
                : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!endpoint.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || endpoint.getHost() == null
                || endpoint.toString().length() > 1024) {
            throw new IllegalArgumentException("a webhook endpoint is an absolute http(s) URL of at most 1024"
                    + " characters");
        }
        webhooks.setEndpoint(tenantId, endpoint, clock.instant());
    }
}
