package dev.tristate.application.tenant.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A tenant's secrets for a channel (the sandbox HMAC secret, later Alipay keys and Stripe endpoint secrets). The
 * adapter stores them encrypted under a master key; they come back in clear only to verify signatures.
 */
public interface ChannelCredentialStore {

    /**
     * Adds a secret for (tenant, channel, name). Secrets of that name that had no end now end at
     * {@code previousValidUntil}, so a rotation keeps verifying with the old secret for a grace period.
     */
    void addSecret(TenantId tenantId, String channel, String name, String secret, Instant now,
                   Instant previousValidUntil);

    /**
     * Ends the tenant's secret {@code secretId} at {@code at} if it is still valid then (a leaked secret revoked at
     * once); false when the tenant has no such secret or it had already ended.
     */
    boolean revokeSecret(TenantId tenantId, long secretId, Instant at);

    /** Every secret of that name still valid at {@code now}, newest first (rotation: one match suffices). */
    List<String> validSecrets(TenantId tenantId, String channel, String name, Instant now);

    /**
     * Binds the tenant's account at a channel (sandbox merchant_id, Alipay app_id, ...) to the tenant. An account
     * belongs to one tenant: binding it to another is {@link PersistenceFailure.AlreadyExists}.
     */
    void bindAccount(TenantId tenantId, String channel, String accountId, Instant now);

    /** The tenant owning an account at a channel: how a notification finds its tenant before it is trusted. */
    Optional<TenantId> tenantForAccount(String channel, String accountId);

    /** The tenant's account at a channel, if bound. */
    Optional<String> accountOf(TenantId tenantId, String channel);

    /** Every account bound at a channel, with its tenant. */
    List<ChannelAccount> accounts(String channel);

    /**
     * What a notification needs before it is trusted, in one read: the tenant owning the account at the channel
     * and that tenant's secrets of that name still valid at {@code now}, newest first. Empty when no tenant owns
     * the account; an owner without a valid secret comes with an empty list. Equal to {@link #tenantForAccount}
     * followed by {@link #validSecrets}, which the callback path would otherwise pay for with two round trips.
     */
    Optional<VerificationKeys> verificationKeys(String channel, String accountId, String name, Instant now);

    record VerificationKeys(TenantId tenantId, List<String> secrets) {
        public VerificationKeys {
            secrets = List.copyOf(secrets);
        }
    }

    /** The tenant's secrets as they may be shown (which, and until when), never their values; newest first. */
    List<SecretInfo> secretInfos(TenantId tenantId);

    /** Every account the tenant has bound, at every channel. */
    List<ChannelAccount> accountsOf(TenantId tenantId);

    record ChannelAccount(TenantId tenantId, String channel, String accountId) {
    }
}
