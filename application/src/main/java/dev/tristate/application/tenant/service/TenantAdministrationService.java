package dev.tristate.application.tenant.service;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Tenants and credentials from the console. A generated key or secret leaves this class once, in the result of the
 * submission that made it; the audit log says what changed, never the secret.
 */
class TenantAdministrationService implements ManageTenantsUseCase {

    private static final String SANDBOX = ProvisionTenantUseCase.SANDBOX_CHANNEL;

    private final ProvisionTenantService provisioning;
    private final TenantRepository tenants;
    private final ChannelCredentialStore credentials;
    private final TenantWebhooks webhooks;
    private final AuditedActions actions;
    private final Duration gracePeriod;

    TenantAdministrationService(ProvisionTenantService provisioning, TenantRepository tenants,
                                ChannelCredentialStore credentials, TenantWebhooks webhooks, AuditTrail audit,
                                Transactions transactions, Clock clock, Duration gracePeriod) {
        if (gracePeriod.isNegative()) {
            throw new IllegalArgumentException("a grace period cannot be negative");
        }
        this.provisioning = provisioning;
        this.tenants = tenants;
        this.credentials = credentials;
        this.webhooks = webhooks;
        this.actions = new AuditedActions(audit, transactions, clock);
        this.gracePeriod = gracePeriod;
    }

    @Override
    public TenantChange createTenant(CreateTenantCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "create tenants");
        String merchant = command.sandboxMerchantId().value();
        requireFreeAccount(command.tenantId(), SANDBOX, merchant);
        ApiKey apiKey = provisioning.newApiKey();
        String secret = provisioning.newSandboxSecret();
        ProvisionTenantCommand provision = new ProvisionTenantCommand(command.tenantId(), command.name(),
                command.sandboxMerchantId(), Optional.of(apiKey), Optional.of(secret));
        AtomicReference<Boolean> created = new AtomicReference<>(false);
        Action action = new Action(command.actionKey(), command.operator(), "CREATE_TENANT", AUDIT_SUBJECT,
                command.tenantId().value(), null);
        ActionResult result = boundOnce(command.tenantId(), SANDBOX, merchant, () -> actions.run(action, now -> {
            if (tenants.findById(command.tenantId()).isPresent()) {
                return new Outcome("ALREADY_EXISTS", "nothing changed");
            }
            provisioning.write(provision, apiKey, secret, now);
            created.set(true);
            return new Outcome("CREATED", "sandbox merchant " + merchant + "; API key " + apiKey.displayPrefix()
                    + "…");
        }));
        boolean show = created.get() && !result.repeated();
        return new TenantChange(result, show ? Optional.of(apiKey) : Optional.empty(),
                show ? Optional.of(secret) : Optional.empty());
    }

    @Override
    public TenantChange rotateApiKey(RotateApiKeyCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "rotate API keys");
        requireTenant(command.tenantId());
        ApiKey apiKey = provisioning.newApiKey();
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "ROTATE_API_KEY",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            int ending = tenants.expireApiKeys(command.tenantId(), now.plus(gracePeriod));
            tenants.addApiKey(command.tenantId(), apiKey.hash(), apiKey.displayPrefix(), now, null);
            return new Outcome("ROTATED", "new key " + apiKey.displayPrefix() + "…; " + ending
                    + " previous key(s) valid until " + now.plus(gracePeriod));
        });
        return new TenantChange(result, result.repeated() ? Optional.empty() : Optional.of(apiKey),
                Optional.empty());
    }

    @Override
    public TenantChange setChannelCredential(SetChannelCredentialCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "set channel credentials");
        requireTenant(command.tenantId());
        String channel = command.kind().channel();
        String account = command.accountId().orElse(null);
        if (account != null) {
            requireFreeAccount(command.tenantId(), channel, account);
        }
        Action action = new Action(command.actionKey(), command.operator(), "SET_CREDENTIAL_" + command.kind(),
                AUDIT_SUBJECT, command.tenantId().value(), null);
        ActionResult result = boundOnce(command.tenantId(), channel, account, () -> actions.run(action, now -> {
            credentials.addSecret(command.tenantId(), command.kind().channel(), command.kind().secretName(),
                    command.secret(), now, now.plus(gracePeriod));
            String bound = "";
            if (account != null) {
                boolean already = credentials.accountsOf(command.tenantId()).stream()
                        .anyMatch(a -> a.equals(new ChannelAccount(command.tenantId(), command.kind().channel(),
                                account)));
                if (!already) {
                    credentials.bindAccount(command.tenantId(), command.kind().channel(), account, now);
                }
                bound = "; account " + account;
            }
            return new Outcome("SET", command.kind().channel() + "/" + command.kind().secretName()
                    + "; previous valid until " + now.plus(gracePeriod) + bound);
        }));
        return new TenantChange(result, Optional.empty(), Optional.empty());
    }

    @Override
    public TenantChange setWebhook(SetWebhookCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "set a tenant's webhook endpoint");
        requireTenant(command.tenantId());
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "SET_WEBHOOK",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            Optional<URI> before = webhooks.endpointOf(command.tenantId());
            webhooks.setEndpoint(command.tenantId(), command.endpoint(), now);
            return new Outcome("SET", command.endpoint() + before.map(b -> " (was " + b + ")").orElse(""));
        });
        return new TenantChange(result, Optional.empty(), Optional.empty());
    }

    /**
     * An account belongs to one tenant: one another tenant has bound is the person's mistake, refused before anything
     * is written. (Not a hint of which tenant holds it: the operator can look it up on the tenants page.)
     */
    private void requireFreeAccount(TenantId tenantId, String channel, String account) {
        Optional<TenantId> owner = credentials.tenantForAccount(channel, account);
        if (owner.isPresent() && !owner.get().equals(tenantId)) {
            throw new InvalidInput("the " + channel + " account " + account + " is bound to another tenant already");
        }
    }

    /** Two operators binding one account at once: the unique key decides, and the loser's whole action rolls back. */
    private ActionResult boundOnce(TenantId tenantId, String channel, String account, Supplier<ActionResult> action) {
        try {
            return action.get();
        } catch (PersistenceFailure.AlreadyExists e) {
            if (account != null) {
                requireFreeAccount(tenantId, channel, account);
            }
            throw e;
        }
    }

    private void requireTenant(TenantId tenantId) {
        if (tenants.findById(tenantId).isEmpty()) {
            throw new NotFoundInConsole("no tenant " + tenantId);
        }
    }
}
