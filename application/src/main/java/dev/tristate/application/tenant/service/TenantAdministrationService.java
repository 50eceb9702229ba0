package dev.tristate.application.tenant.service;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Tenants and credentials from the console. A generated key or secret leaves this class once, in the result of the
 * submission that made it; the audit log says what changed, never the secret. This class checks who may change which
 * tenant and keeps the tenant's own records (the tenant, its webhook endpoint); the keys and secrets change in
 * {@link CredentialChanges}, an account's owner is checked by {@link ChannelAccountBinding}.
 */
class TenantAdministrationService implements ManageTenantsUseCase {

    private static final String SANDBOX = ProvisionTenantUseCase.SANDBOX_CHANNEL;

    private final ProvisionTenantService provisioning;
    private final TenantRepository tenants;
    private final TenantWebhooks webhooks;
    private final WebhookEndpointPolicy endpoints;
    private final AuditedActions actions;
    private final ChannelAccountBinding accounts;
    private final CredentialChanges credentialChanges;

    TenantAdministrationService(ProvisionTenantService provisioning, TenantRepository tenants, TenantWebhooks webhooks,
                                WebhookEndpointPolicy endpoints, AuditedActions actions,
                                ChannelAccountBinding accounts, CredentialChanges credentialChanges) {
        this.provisioning = provisioning;
        this.tenants = tenants;
        this.webhooks = webhooks;
        this.endpoints = endpoints;
        this.actions = actions;
        this.accounts = accounts;
        this.credentialChanges = credentialChanges;
    }

    @Override
    public TenantChange createTenant(CreateTenantCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "create tenants");
        String merchant = command.sandboxMerchantId().value();
        accounts.requireFree(command.tenantId(), SANDBOX, merchant);
        ApiKey apiKey = provisioning.newApiKey();
        String secret = provisioning.newSandboxSecret();
        ProvisionTenantCommand provision = new ProvisionTenantCommand(command.tenantId(), command.name(),
                command.sandboxMerchantId(), Optional.of(apiKey), Optional.of(secret));
        AtomicReference<Boolean> created = new AtomicReference<>(false);
        Action action = new Action(command.actionKey(), command.operator(), "CREATE_TENANT", AUDIT_SUBJECT,
                command.tenantId().value(), null);
        ActionResult result = accounts.boundOnce(command.tenantId(), SANDBOX, merchant,
                () -> actions.run(action, now -> {
                    if (tenants.findById(command.tenantId()).isPresent()) {
                        return new Outcome("ALREADY_EXISTS", "nothing changed");
                    }
                    provisioning.write(provision, apiKey, secret, now);
                    created.set(true);
                    return new Outcome("CREATED", "sandbox merchant " + merchant + "; API key "
                            + apiKey.displayPrefix() + "…");
                }));
        boolean show = created.get() && !result.repeated();
        return new TenantChange(result, show ? Optional.of(apiKey) : Optional.empty(),
                show ? Optional.of(secret) : Optional.empty());
    }

    @Override
    public TenantChange rotateApiKey(RotateApiKeyCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "rotate API keys");
        requireTenant(command.tenantId());
        return credentialChanges.rotateApiKey(command);
    }

    @Override
    public TenantChange setChannelCredential(SetChannelCredentialCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "set channel credentials");
        requireTenant(command.tenantId());
        return credentialChanges.setChannelCredential(command);
    }

    @Override
    public TenantChange setWebhook(SetWebhookCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "set a tenant's webhook endpoint");
        requireTenant(command.tenantId());
        endpoints.refusal(command.endpoint()).ifPresent(refusal -> {
            throw new InvalidInput(refusal);
        });
        String secret = provisioning.newWebhookSecret();
        AtomicReference<Boolean> generated = new AtomicReference<>(false);
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "SET_WEBHOOK",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            Optional<URI> before = webhooks.endpointOf(command.tenantId());
            webhooks.setEndpoint(command.tenantId(), command.endpoint(), now);
            boolean unsigned = credentialChanges.issueSigningSecretIfNone(command.tenantId(), secret, now);
            generated.set(unsigned);
            return new Outcome("SET", command.endpoint() + before.map(b -> " (was " + b + ")").orElse("")
                    + (unsigned ? "; new signing secret" : ""));
        });
        boolean show = generated.get() && !result.repeated();
        return new TenantChange(result, Optional.empty(), Optional.empty(),
                show ? Optional.of(secret) : Optional.empty());
    }

    @Override
    public TenantChange rotateWebhookSecret(RotateWebhookSecretCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "rotate a tenant's webhook signing secret");
        requireTenant(command.tenantId());
        return credentialChanges.rotateWebhookSecret(command);
    }

    @Override
    public TenantChange revokeApiKey(RevokeApiKeyCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "revoke API keys");
        requireTenant(command.tenantId());
        return credentialChanges.revokeApiKey(command);
    }

    @Override
    public TenantChange revokeSecret(RevokeSecretCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "revoke secrets");
        requireTenant(command.tenantId());
        return credentialChanges.revokeSecret(command);
    }

    private void requireTenant(TenantId tenantId) {
        if (tenants.findById(tenantId).isEmpty()) {
            throw new NotFoundInConsole("no tenant " + tenantId);
        }
    }
}
