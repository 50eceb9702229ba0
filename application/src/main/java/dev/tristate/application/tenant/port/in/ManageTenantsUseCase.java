package dev.tristate.application.tenant.port.in;

import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;
import java.util.Optional;

/**
 * Tenants and their credentials, for operators. Every change is audited in its own transaction and idempotent by
 * action key; a generated key or secret is returned once, on the submission that made it, and never again (a repeated
 * submission gets the audit entry, not the secret). Secrets never enter the audit log.
 */
public interface ManageTenantsUseCase {

    /** The audit log's subject type of every change here; the subject id is the tenant id. */
    String AUDIT_SUBJECT = "tenant";

    /** A sandbox merchant id that another tenant has bound is {@code InvalidInput}. */
    TenantChange createTenant(CreateTenantCommand command);

    /**
     * A new API key; the key in use until now keeps working for the grace period, then expires. A key still in the
     * grace period of an earlier rotation ends at once: after a rotation at most two keys are valid, the new one and
     * the one it replaced.
     */
    TenantChange rotateApiKey(RotateApiKeyCommand command);

    /**
     * Sets (or rotates) a channel credential; the previous one keeps verifying for the grace period, and one still in
     * the grace period of an earlier rotation ends at once (at most two valid, as for API keys). An account that
     * another tenant has bound at the channel is {@code InvalidInput}, and nothing is stored.
     */
    TenantChange setChannelCredential(SetChannelCredentialCommand command);

    /**
     * Sets (or replaces) where the tenant's own service hears about grants. {@link IllegalArgumentException} for an
     * endpoint that is not an absolute http(s) URL ({@link ConfigureTenantWebhookUseCase#checkedEndpoint});
     * {@link dev.tristate.application.shared.port.in.InvalidInput} for one the deployment's network rule refuses
     * (http on production, a private address), with nothing changed. A tenant without a valid webhook signing secret
     * gets one, returned once in {@link TenantChange#webhookSecret()}.
     */
    TenantChange setWebhook(SetWebhookCommand command);

    /**
     * A new webhook signing secret, returned once; notices carry a signature by the previous one too for the grace
     * period (so the tenant can switch without a gap), and a secret still in an earlier grace period ends at once.
     */
    TenantChange rotateWebhookSecret(RotateWebhookSecretCommand command);

    /**
     * Ends a leaked API key at once (the key shown by this prefix): the merchant API refuses it from now on. The
     * tenant's other keys are untouched; a key already ended is {@code NOTHING_TO_REVOKE}.
     */
    TenantChange revokeApiKey(RevokeApiKeyCommand command);

    /**
     * Ends a leaked channel credential or webhook signing secret at once, by its id: a callback signed with it is
     * refused from now on, a notice is no longer signed with it. One already ended is {@code NOTHING_TO_REVOKE}.
     */
    TenantChange revokeSecret(RevokeSecretCommand command);

    record RotateWebhookSecretCommand(TenantId tenantId, Operator operator, ActionKey actionKey) {
        public RotateWebhookSecretCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    /** {@code displayPrefix}: the key's prefix as the console shows it ({@code tsk_} and six characters). */
    record RevokeApiKeyCommand(TenantId tenantId, String displayPrefix, Operator operator, ActionKey actionKey) {
        public RevokeApiKeyCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            displayPrefix = displayPrefix == null ? "" : displayPrefix.strip();
            if (!displayPrefix.matches("[A-Za-z0-9_\\-]{1,16}")) {
                throw new IllegalArgumentException("an API key is named by its prefix: 1-16 letters, digits, _ or -");
            }
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record RevokeSecretCommand(TenantId tenantId, long secretId, Operator operator, ActionKey actionKey) {
        public RevokeSecretCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            if (secretId <= 0) {
                throw new IllegalArgumentException("a secret is named by its id, a positive number");
            }
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record SetWebhookCommand(TenantId tenantId, java.net.URI endpoint, Operator operator, ActionKey actionKey) {
        public SetWebhookCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            endpoint = ConfigureTenantWebhookUseCase.checkedEndpoint(endpoint == null ? null : endpoint.toString());
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record CreateTenantCommand(TenantId tenantId, String name, MerchantId sandboxMerchantId, Operator operator,
                               ActionKey actionKey) {
        public CreateTenantCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            name = Tenant.checkedName(name);
            Objects.requireNonNull(sandboxMerchantId, "sandbox merchant id");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    record RotateApiKeyCommand(TenantId tenantId, Operator operator, ActionKey actionKey) {
        public RotateApiKeyCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }
    }

    /**
     * {@code accountId}: the account at the channel to bind (Alipay app id), if any. The secret and the account are
     * checked by the kind's rules ({@link CredentialKind#checkedSecret}, {@link CredentialKind#checkedAccountId}).
     */
    record SetChannelCredentialCommand(TenantId tenantId, CredentialKind kind, String secret,
                                       Optional<String> accountId, Operator operator, ActionKey actionKey) {
        public SetChannelCredentialCommand {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(kind, "credential kind");
            secret = kind.checkedSecret(secret);
            accountId = accountId.map(String::strip).filter(a -> !a.isEmpty()).map(kind::checkedAccountId);
            Objects.requireNonNull(operator, "operator");
            Objects.requireNonNull(actionKey, "action key");
        }

        @Override
        public String toString() {
            return "SetChannelCredentialCommand[" + tenantId + ", " + kind + ", secret=(hidden)]";
        }
    }

    /**
     * The change's result; {@code apiKey}, {@code sandboxSecret} and {@code webhookSecret} only on the submission that
     * generated them.
     */
    record TenantChange(ActionResult result, Optional<ApiKey> apiKey, Optional<String> sandboxSecret,
                        Optional<String> webhookSecret) {
        public TenantChange {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(apiKey, "api key");
            Objects.requireNonNull(sandboxSecret, "sandbox secret");
            Objects.requireNonNull(webhookSecret, "webhook secret");
        }

        public TenantChange(ActionResult result, Optional<ApiKey> apiKey, Optional<String> sandboxSecret) {
            this(result, apiKey, sandboxSecret, Optional.empty());
        }

        /** A change that generated nothing to show. */
        public static TenantChange of(ActionResult result) {
            return new TenantChange(result, Optional.empty(), Optional.empty(), Optional.empty());
        }

        /** Whether there is a generated key or secret to show (this once). */
        public boolean showsSecret() {
            return apiKey.isPresent() || sandboxSecret.isPresent() || webhookSecret.isPresent();
        }
    }
}
