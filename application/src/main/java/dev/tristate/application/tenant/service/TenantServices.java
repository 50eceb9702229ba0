package dev.tristate.application.tenant.service;

import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.application.tenant.port.in.ConfigureTenantWebhookUseCase;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.in.TenantsQuery;
import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery;
import dev.tristate.application.tenant.port.out.ChannelAccountCheck;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/** The tenant feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class TenantServices {

    private TenantServices() {
    }

    public static AuthenticateMerchantQuery authenticateMerchant(TenantRepository tenants, Clock clock) {
        return new MerchantAuthenticationService(tenants, clock);
    }

    public static ProvisionTenantUseCase provisionTenant(TenantRepository tenants, ChannelCredentialStore credentials,
                                                         Transactions transactions, Clock clock,
                                                         SecureRandom random) {
        return new ProvisionTenantService(tenants, credentials, transactions, clock, random);
    }

    /**
     * The console's tenant changes; a created tenant gets the rows {@link #provisionTenant} writes.
     * {@code gracePeriod}: how long a rotated API key, channel secret or webhook signing secret stays valid;
     * {@code endpoints}: the network rule a webhook endpoint must pass.
     */
    public static ManageTenantsUseCase manageTenants(TenantRepository tenants, ChannelCredentialStore credentials,
                                                     TenantWebhooks webhooks, WebhookEndpointPolicy endpoints,
                                                     AuditTrail audit, Transactions transactions, Clock clock,
                                                     SecureRandom random, Duration gracePeriod) {
        return administration(new ProvisionTenantService(tenants, credentials, transactions, clock, random), tenants,
                credentials, webhooks, endpoints, audit, transactions, clock, gracePeriod);
    }

    /** {@link #manageTenants} with its parts, over a given provisioning (which draws the keys and secrets). */
    static TenantAdministrationService administration(ProvisionTenantService provisioning, TenantRepository tenants,
                                                      ChannelCredentialStore credentials, TenantWebhooks webhooks,
                                                      WebhookEndpointPolicy endpoints, AuditTrail audit,
                                                      Transactions transactions, Clock clock, Duration gracePeriod) {
        AuditedActions actions = new AuditedActions(audit, transactions, clock);
        ChannelAccountBinding accounts = new ChannelAccountBinding(credentials);
        return new TenantAdministrationService(provisioning, tenants, webhooks, endpoints, actions, accounts,
                new CredentialChanges(provisioning, tenants, credentials, accounts, actions, gracePeriod));
    }

    public static TenantsQuery tenants(TenantRepository tenants, ChannelCredentialStore credentials,
                                       TenantWebhooks webhooks) {
        return new TenantsQueryService(tenants, credentials, webhooks);
    }

    /** The stored accounts that the checked channels cannot use; see {@link UnusableCredentialsQuery}. */
    public static UnusableCredentialsQuery unusableCredentials(ChannelCredentialStore credentials,
                                                               List<ChannelAccountCheck> checks, Clock clock) {
        return new UnusableCredentialsService(credentials, checks, clock);
    }

    public static ConfigureTenantWebhookUseCase configureTenantWebhook(TenantWebhooks webhooks,
                                                                       WebhookEndpointPolicy endpoints, Clock clock) {
        return new TenantWebhookService(webhooks, endpoints, clock);
    }
}
