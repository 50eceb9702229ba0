package dev.tristate.application.consumer.service;

import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A task runner round's reads of a tenant's notice settings (its webhook endpoint and valid signing secrets), reused
 * by the round's later tasks of the same tenant while the read is at most {@link #REUSE} old. A round runs up to
 * {@code tristate.tasks.batch-size} tasks, mostly of few tenants, and without it every task read both again. The
 * bound keeps what an operator changes (a new endpoint, a secret revoked or expired) in effect within a second, as
 * close as a read per task, however slow the round's calls are. A failed read is not kept.
 */
final class RoundReads {

    static final Duration REUSE = Duration.ofSeconds(1);

    private record Read<T>(T value, Instant at) {
    }

    private final TenantWebhooks webhooks;
    private final ChannelCredentialStore credentials;
    private final Clock clock;
    private final Map<TenantId, Read<Optional<URI>>> endpoints = new HashMap<>();
    private final Map<TenantId, Read<List<String>>> secrets = new HashMap<>();

    RoundReads(TenantWebhooks webhooks, ChannelCredentialStore credentials, Clock clock) {
        this.webhooks = webhooks;
        this.credentials = credentials;
        this.clock = clock;
    }

    Optional<URI> endpointOf(TenantId tenant) {
        return reuse(endpoints, tenant, () -> webhooks.endpointOf(tenant));
    }

    /** The tenant's valid webhook signing secrets, newest first; a {@code PersistenceFailure} when unreadable. */
    List<String> signingSecrets(TenantId tenant) {
        return reuse(secrets, tenant, () -> credentials.validSecrets(tenant, TenantWebhooks.SIGNING_CHANNEL,
                TenantWebhooks.SIGNING_SECRET, clock.instant()));
    }

    private <T> T reuse(Map<TenantId, Read<T>> reads, TenantId tenant, Supplier<T> read) {
        Instant now = clock.instant();
        Read<T> last = reads.get(tenant);
        if (last != null && !now.isAfter(last.at().plus(REUSE))) {
            return last.value();
        }
        T value = read.get();
        reads.put(tenant, new Read<>(value, now));
        return value;
    }
}
