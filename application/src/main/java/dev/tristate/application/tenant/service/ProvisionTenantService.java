package dev.tristate.application.tenant.service;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.Tenant;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

class ProvisionTenantService implements ProvisionTenantUseCase {

    private final TenantRepository tenants;
    private final ChannelCredentialStore credentials;
    private final Transactions transactions;
    private final Clock clock;
    private final SecureRandom random;

    ProvisionTenantService(TenantRepository tenants, ChannelCredentialStore credentials, Transactions transactions,
                           Clock clock, SecureRandom random) {
        this.tenants = tenants;
        this.credentials = credentials;
        this.transactions = transactions;
        this.clock = clock;
        this.random = random;
    }

    @Override
    public ProvisionTenantResult provision(ProvisionTenantCommand command) {
        ApiKey apiKey = command.apiKey().orElseGet(this::newApiKey);
        String secret = command.sandboxSecret().orElseGet(this::newSandboxSecret);
        Instant now = clock.instant();
        try {
            transactions.inTransaction(() -> write(command, apiKey, secret, now));
        } catch (PersistenceFailure.AlreadyExists e) {
            // The unique key decided: the tenant is there already. Nothing was written, nothing is shown.
            return new ProvisionTenantResult(command.tenantId(), command.sandboxMerchantId(), false, Optional.empty(),
                    Optional.empty());
        }
        return new ProvisionTenantResult(command.tenantId(), command.sandboxMerchantId(), true, Optional.of(apiKey),
                Optional.of(secret));
    }

    /** The tenant's rows, in the caller's transaction: shared with the console's tenant creation. */
    void write(ProvisionTenantCommand command, ApiKey apiKey, String secret, Instant now) {
        tenants.insert(new Tenant(command.tenantId(), command.name(), command.sandboxMerchantId(), now));
        tenants.addApiKey(command.tenantId(), apiKey.hash(), apiKey.displayPrefix(), now, null);
        credentials.addSecret(command.tenantId(), SANDBOX_CHANNEL, SIGNING_SECRET, secret, now, now);
        credentials.bindAccount(command.tenantId(), SANDBOX_CHANNEL, command.sandboxMerchantId().value(), now);
    }

    ApiKey newApiKey() {
        return ApiKey.fromRandomBytes(randomBytes(32));
    }

    String newSandboxSecret() {
        return "whsec_" + HexFormat.of().formatHex(randomBytes(24));
    }

    /** A Standard Webhooks secret: {@code whsec_} and the base64 of 32 random bytes, the HMAC key. */
    String newWebhookSecret() {
        return "whsec_" + Base64.getEncoder().encodeToString(randomBytes(32));
    }

    private byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }
}
