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
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Collectors;

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
    private final WebhookEndpointPolicy endpoints;
    private final AuditedActions actions;
    private final Duration gracePeriod;

    TenantAdministrationService(ProvisionTenantService provisioning, TenantRepository tenants,
                                ChannelCredentialStore credentials, TenantWebhooks webhooks,
                                WebhookEndpointPolicy endpoints, AuditTrail audit, Transactions transactions,
                                Clock clock, Duration gracePeriod) {
        if (gracePeriod.isNegative()) {
            throw new IllegalArgumentException("a grace period cannot be negative");
        }
        this.provisioning = provisioning;
        this.tenants = tenants;
        this.credentials = credentials;
        this.webhooks = webhooks;
        this.endpoints = endpoints;
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
        ApiKey apiKey = keyWithAPrefixOfItsOwn(command.tenantId());
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "ROTATE_API_KEY",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            int ended = endKeysInGrace(command.tenantId(), now);
            int ending = tenants.expireApiKeys(command.tenantId(), now.plus(gracePeriod));
            tenants.addApiKey(command.tenantId(), apiKey.hash(), apiKey.displayPrefix(), now, null);
            return new Outcome("ROTATED", "new key " + apiKey.displayPrefix() + "…; " + ending
                    + " previous key(s) valid until " + now.plus(gracePeriod)
                    + (ended == 0 ? "" : "; " + ended + " key(s) still in an earlier grace period ended now"));
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
            int ended = endSecretsInGrace(command.tenantId(), channel, command.kind().secretName(), now);
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
                    + "; previous valid until " + now.plus(gracePeriod) + bound
                    + (ended == 0 ? "" : "; " + ended + " secret(s) still in an earlier grace period ended now"));
        }));
        return TenantChange.of(result);
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
            // Every notice is signed: the first endpoint brings the secret its receiver verifies with.
            boolean unsigned = credentials.validSecrets(command.tenantId(), TenantWebhooks.SIGNING_CHANNEL,
                    TenantWebhooks.SIGNING_SECRET, now).isEmpty();
            if (unsigned) {
                credentials.addSecret(command.tenantId(), TenantWebhooks.SIGNING_CHANNEL,
                        TenantWebhooks.SIGNING_SECRET, secret, now, now);
                generated.set(true);
            }
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
        String secret = provisioning.newWebhookSecret();
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(),
                "ROTATE_WEBHOOK_SECRET", AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            int ended = endSecretsInGrace(command.tenantId(), TenantWebhooks.SIGNING_CHANNEL,
                    TenantWebhooks.SIGNING_SECRET, now);
            credentials.addSecret(command.tenantId(), TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET,
                    secret, now, now.plus(gracePeriod));
            return new Outcome("ROTATED", TenantWebhooks.SIGNING_CHANNEL + "/" + TenantWebhooks.SIGNING_SECRET
                    + "; previous valid (and signing too) until " + now.plus(gracePeriod)
                    + (ended == 0 ? "" : "; " + ended + " secret(s) still in an earlier grace period ended now"));
        });
        return new TenantChange(result, Optional.empty(), Optional.empty(),
                result.repeated() ? Optional.empty() : Optional.of(secret));
    }

    @Override
    public TenantChange revokeApiKey(RevokeApiKeyCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "revoke API keys");
        requireTenant(command.tenantId());
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "REVOKE_API_KEY",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            int ended = tenants.revokeApiKey(command.tenantId(), command.displayPrefix(), now);
            if (ended == 0) {
                return new Outcome("NOTHING_TO_REVOKE", "no valid key " + command.displayPrefix() + "…");
            }
            long left = tenants.apiKeys(command.tenantId()).stream().filter(k -> k.validAt(now)).count();
            return new Outcome("REVOKED", "key " + command.displayPrefix() + "… ended at " + now + "; " + left
                    + " key(s) still valid");
        });
        return TenantChange.of(result);
    }

    @Override
    public TenantChange revokeSecret(RevokeSecretCommand command) {
        AuditedActions.requireRepairRole(command.operator(), "revoke secrets");
        requireTenant(command.tenantId());
        ActionResult result = actions.run(new Action(command.actionKey(), command.operator(), "REVOKE_SECRET",
                AUDIT_SUBJECT, command.tenantId().value(), null), now -> {
            Optional<SecretInfo> secret = credentials.secretInfos(command.tenantId()).stream()
                    .filter(s -> s.id() == command.secretId()).findFirst();
            if (secret.isEmpty() || !credentials.revokeSecret(command.tenantId(), command.secretId(), now)) {
                return new Outcome("NOTHING_TO_REVOKE", "no valid secret #" + command.secretId());
            }
            SecretInfo s = secret.get();
            long left = credentials.secretInfos(command.tenantId()).stream()
                    .filter(o -> o.channel().equals(s.channel()) && o.name().equals(s.name()) && o.validAt(now))
                    .count();
            return new Outcome("REVOKED", s.channel() + "/" + s.name() + " #" + s.id() + " (created "
                    + s.createdAt() + ") ended at " + now + "; " + left + " still valid");
        });
        return TenantChange.of(result);
    }

    /** A new key whose shown prefix no other key of the tenant has, so that a prefix names one key to revoke. */
    private ApiKey keyWithAPrefixOfItsOwn(TenantId tenantId) {
        Set<String> taken = tenants.apiKeys(tenantId).stream().map(ApiKeyInfo::displayPrefix)
                .collect(Collectors.toSet());
        ApiKey key = provisioning.newApiKey();
        while (taken.contains(key.displayPrefix())) {
            key = provisioning.newApiKey();
        }
        return key;
    }

    /** Keys with an end still ahead (an earlier rotation's grace period) end now: a rotation leaves two valid. */
    private int endKeysInGrace(TenantId tenantId, Instant now) {
        int ended = 0;
        for (ApiKeyInfo key : tenants.apiKeys(tenantId)) {
            if (key.expiresAt() != null && key.expiresAt().isAfter(now)) {
                ended += tenants.revokeApiKey(tenantId, key.displayPrefix(), now);
            }
        }
        return ended;
    }

    /** As {@link #endKeysInGrace}, for the secrets of one channel and name. */
    private int endSecretsInGrace(TenantId tenantId, String channel, String name, Instant now) {
        int ended = 0;
        for (SecretInfo secret : credentials.secretInfos(tenantId)) {
            if (secret.channel().equals(channel) && secret.name().equals(name) && secret.validUntil() != null
                    && secret.validUntil().isAfter(now) && credentials.revokeSecret(tenantId, secret.id(), now)) {
                ended++;
            }
        }
        return ended;
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
