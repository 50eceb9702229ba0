package dev.tristate.application.fakes;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

public class InMemoryChannelCredentialStore implements ChannelCredentialStore {

    private record Secret(long id, TenantId tenant, String channel, String name, String value, Instant createdAt,
                          Instant validUntil) {
        Secret endingAt(Instant at) {
            return new Secret(id, tenant, channel, name, value, createdAt, at);
        }
    }

    private final List<Secret> secrets = new ArrayList<>();
    private final Map<String, TenantId> accounts = new ConcurrentHashMap<>();

    @Override
    public synchronized void addSecret(TenantId tenantId, String channel, String name, String secret, Instant now,
                                       Instant previousValidUntil) {
        secrets.replaceAll(s -> s.tenant().equals(tenantId) && s.channel().equals(channel) && s.name().equals(name)
                && s.validUntil() == null ? s.endingAt(previousValidUntil) : s);
        secrets.add(new Secret(secrets.size() + 1, tenantId, channel, name, secret, now, null));
    }

    @Override
    public synchronized boolean revokeSecret(TenantId tenantId, long secretId, Instant at) {
        for (int i = 0; i < secrets.size(); i++) {
            Secret s = secrets.get(i);
            if (s.id() == secretId && s.tenant().equals(tenantId)
                    && (s.validUntil() == null || s.validUntil().isAfter(at))) {
                secrets.set(i, s.endingAt(at));
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized List<String> validSecrets(TenantId tenantId, String channel, String name, Instant now) {
        List<String> valid = new ArrayList<>();
        for (int i = secrets.size() - 1; i >= 0; i--) {
            Secret s = secrets.get(i);
            if (s.tenant().equals(tenantId) && s.channel().equals(channel) && s.name().equals(name)
                    && (s.validUntil() == null || s.validUntil().isAfter(now))) {
                valid.add(s.value());
            }
        }
        return valid;
    }

    @Override
    public void bindAccount(TenantId tenantId, String channel, String accountId, Instant now) {
        if (accounts.putIfAbsent(channel + '|' + accountId, tenantId) != null) {
            throw new PersistenceFailure.AlreadyExists("account " + accountId + " bound", null);
        }
    }

    @Override
    public Optional<TenantId> tenantForAccount(String channel, String accountId) {
        return Optional.ofNullable(accounts.get(channel + '|' + accountId));
    }

    @Override
    public List<ChannelAccount> accounts(String channel) {
        return accounts.entrySet().stream().filter(e -> e.getKey().startsWith(channel + '|'))
                .map(e -> new ChannelAccount(e.getValue(), channel, e.getKey().substring(channel.length() + 1)))
                .toList();
    }

    @Override
    public Optional<VerificationKeys> verificationKeys(String channel, String accountId, String name, Instant now) {
        return tenantForAccount(channel, accountId)
                .map(tenant -> new VerificationKeys(tenant, validSecrets(tenant, channel, name, now)));
    }

    @Override
    public Optional<String> accountOf(TenantId tenantId, String channel) {
        return accounts.entrySet().stream()
                .filter(e -> e.getValue().equals(tenantId) && e.getKey().startsWith(channel + '|'))
                .map(e -> e.getKey().substring(channel.length() + 1))
                .findFirst();
    }

    @Override
    public synchronized List<SecretInfo> secretInfos(TenantId tenantId) {
        List<SecretInfo> infos = new ArrayList<>();
        for (Secret s : secrets) {
            if (s.tenant().equals(tenantId)) {
                infos.add(0, new SecretInfo(s.id(), s.channel(), s.name(), s.createdAt(), s.validUntil()));
            }
        }
        return infos;
    }

    @Override
    public List<ChannelAccount> accountsOf(TenantId tenantId) {
        return accounts.entrySet().stream().filter(e -> e.getValue().equals(tenantId))
                .map(e -> e.getKey().split("\\|", 2))
                .map(parts -> new ChannelAccount(tenantId, parts[0], parts[1]))
                .sorted(java.util.Comparator.comparing(ChannelAccount::channel).thenComparing(ChannelAccount::accountId))
                .toList();
    }
}
