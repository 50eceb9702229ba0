package dev.tristate.application.tenant.port.in;

import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.util.Objects;
import java.util.Optional;

/** Creates a tenant with an API key and a sandbox secret; provisioning an existing tenant again changes nothing. */
public interface ProvisionTenantUseCase {

    /** The channel every provisioned tenant is bound to, and the name of its signing secret there. */
    String SANDBOX_CHANNEL = "sandbox";
    String SIGNING_SECRET = "signing-secret";

    ProvisionTenantResult provision(ProvisionTenantCommand command);

    /**
     * {@code apiKey} and {@code sandboxSecret} may be given (configuration) or left empty to be generated.
     */
    record ProvisionTenantCommand(TenantId tenantId, String name, MerchantId sandboxMerchantId,
                                  Optional<ApiKey> apiKey, Optional<String> sandboxSecret) {
        public ProvisionTenantCommand {
            Objects.requireNonNull(tenantId);
            Objects.requireNonNull(name);
            Objects.requireNonNull(sandboxMerchantId);
            Objects.requireNonNull(apiKey);
            Objects.requireNonNull(sandboxSecret);
            sandboxSecret.ifPresent(s -> {
                if (s.length() < 16) {
                    throw new IllegalArgumentException("a sandbox secret needs at least 16 characters");
                }
            });
        }
    }

    /**
     * {@code created} is false when the tenant already existed; then nothing was generated and the secrets are empty,
     * since they are stored only hashed or encrypted and are never shown twice.
     */
    record ProvisionTenantResult(TenantId tenantId, MerchantId sandboxMerchantId, boolean created,
                                 Optional<ApiKey> apiKey, Optional<String> sandboxSecret) {
    }
}
