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

    /** A new API key; the tenant's current keys keep working for the grace period, then expire. */
    TenantChange rotateApiKey(RotateApiKeyCommand command);

    /**
     * Sets (or rotates) a channel credential; the previous one keeps verifying for the grace period. An account that
     * another tenant has bound at the channel is {@code InvalidInput}, and nothing is stored.
     */
    TenantChange setChannelCredential(SetChannelCredentialCommand command);

    /**
     * Sets (or replaces) where the tenant's own service hears about grants. {@link IllegalArgumentException} for an
     * endpoint that is not an absolute http(s) URL ({@link ConfigureTenantWebhookUseCase#checkedEndpoint}).
     */
    TenantChange setWebhook(SetWebhookCommand command);

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

    /** The change's result; {@code apiKey} and {@code sandboxSecret} only on the submission that generated them. */
    record TenantChange(ActionResult result, Optional<ApiKey> apiKey, Optional<String> sandboxSecret) {
        public TenantChange {
            Objects.requireNonNull(result, "result");
        }
    }
}
