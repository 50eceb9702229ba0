package dev.tristate.application.tenant.port.in;

import dev.tristate.domain.tenant.TenantId;
import java.util.List;
import java.util.Objects;

/**
 * The stored channel accounts and secrets that the channel that would use them cannot use: a merchant id the channel
 * does not accept, no valid secret, a secret that cannot be read. Such a row is skipped wherever it is met, never
 * fatal, and shown here so that an operator can repair it. Never says anything about the secrets' values.
 */
public interface UnusableCredentialsQuery {

    /** Every unusable stored account, by channel and tenant. */
    List<UnusableCredential> unusableCredentials();

    /** One stored account that cannot be used, and why, in words that name no secret. */
    record UnusableCredential(TenantId tenantId, String channel, String accountId, String reason) {
        public UnusableCredential {
            Objects.requireNonNull(tenantId, "tenant");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(accountId, "account");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
