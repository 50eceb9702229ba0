package dev.tristate.application.tenant.service;

import static dev.tristate.application.tenant.port.in.ManageTenantsUseCase.AUDIT_SUBJECT;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.service.AuditedActions.Action;
import dev.tristate.application.shared.service.AuditedActions.Outcome;
import dev.tristate.application.shared.service.AuditedActions;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateWebhookSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetChannelCredentialCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.TenantChange;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.ApiKeyInfo;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A tenant's API keys and secrets as the console changes them: issued, rotated with a grace period for the one they
 * replace, revoked at once. Separate from {@link TenantAdministrationService}, which checks who may act on which tenant
 * and keeps the tenant's own records: the grace-period rules are this class's alone. Each method runs after that
 * check, as one audited action.
 */
class CredentialChanges {

    private final ProvisionTenantService provisioning;
    private final TenantRepository tenants;
    private final ChannelCredentialStore credentials;
    private final ChannelAccountBinding accounts;
    private final AuditedActions actions;
    private final Duration gracePeriod;

    CredentialChanges(ProvisionTenantService provisioning, TenantRepository tenants,
                      ChannelCredentialStore credentials, ChannelAccountBinding accounts, AuditedActions actions,
                      Duration gracePeriod) {
        if (gracePeriod.isNegative()) {
            throw new IllegalArgumentException("a grace period cannot be negative");
        }
        this.provisioning = provisioning;
        this.tenants = tenants;
        this.credentials = credentials;
        this.accounts = accounts;
        this.actions = actions;
        this.gracePeriod = gracePeriod;
    }

    TenantChange rotateApiKey(RotateApiKeyCommand command) {
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

    TenantChange setChannelCredential(SetChannelCredentialCommand command) {
        String channel = command.kind().channel();
        String account = command.accountId().orElse(null);
        if (account != null) {
            accounts.requireFree(command.tenantId(), channel, account);
        }
        Action action = new Action(command.actionKey(), command.operator(), "SET_CREDENTIAL_" + command.kind(),
                AUDIT_SUBJECT, command.tenantId().value(), null);
        ActionResult result = accounts.boundOnce(command.tenantId(), channel, account,
                () -> actions.run(action, now -> setSecret(command, account, now)));
        return TenantChange.of(result);
    }

    /** The new secret, the account bound if one is given, and what the audit entry says about both. */
    private Outcome setSecret(SetChannelCredentialCommand command, String account, Instant now) {
        int ended = endSecretsInGrace(command.tenantId(), command.kind().channel(), command.kind().secretName(), now);
        credentials.addSecret(command.tenantId(), command.kind().channel(), command.kind().secretName(),
                command.secret(), now, now.plus(gracePeriod));
        String bound = "";
        if (account != null) {
            accounts.bindIfNew(command.tenantId(), command.kind().channel(), account, now);
            bound = "; account " + account;
        }
        return new Outcome("SET", command.kind().channel() + "/" + command.kind().secretName()
                + "; previous valid until " + now.plus(gracePeriod) + bound
                + (ended == 0 ? "" : "; " + ended + " secret(s) still in an earlier grace period ended now"));
    }

    /**
     * Every notice is signed: the first endpoint brings the secret its receiver verifies with. True when the tenant
     * had no valid signing secret and {@code secret} became it.
     */
    boolean issueSigningSecretIfNone(TenantId tenantId, String secret, Instant now) {
        boolean unsigned = credentials.validSecrets(tenantId, TenantWebhooks.SIGNING_CHANNEL,
                TenantWebhooks.SIGNING_SECRET, now).isEmpty();
        if (unsigned) {
            credentials.addSecret(tenantId, TenantWebhooks.SIGNING_CHANNEL, TenantWebhooks.SIGNING_SECRET, secret, now,
                    now);
        }
        return unsigned;
    }

    TenantChange rotateWebhookSecret(RotateWebhookSecretCommand command) {
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

    TenantChange revokeApiKey(RevokeApiKeyCommand command) {
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

    TenantChange revokeSecret(RevokeSecretCommand command) {
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
}
