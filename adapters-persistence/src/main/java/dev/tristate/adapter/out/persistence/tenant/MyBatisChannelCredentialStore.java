package dev.tristate.adapter.out.persistence.tenant;

import static dev.tristate.adapter.out.persistence.jdbc.SqlErrors.translate;

import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

public class MyBatisChannelCredentialStore implements ChannelCredentialStore {

    private final ChannelSecretMapper mapper;
    private final CallbackStatements statements;
    private final SecretCipher cipher;
    private static final int DECRYPTED_CACHE_LIMIT = 4096;
    private final Map<String, String> decrypted = new ConcurrentHashMap<>();

    public MyBatisChannelCredentialStore(ChannelSecretMapper mapper, CallbackStatements statements, SecretCipher cipher) {
        this.mapper = mapper;
        this.statements = statements;
        this.cipher = cipher;
    }

    @Override
    public void addSecret(TenantId tenantId, String channel, String name, String secret, Instant now,
                          Instant previousValidUntil) {
        translate(() -> {
            mapper.endOpenSecrets(tenantId.value(), channel, name, Rows.utc(previousValidUntil));
            return mapper.insert(tenantId.value(), channel, name, cipher.encrypt(secret), Rows.utc(now));
        });
    }

    @Override
    public boolean revokeSecret(TenantId tenantId, long secretId, Instant at) {
        return translate(() -> mapper.revoke(tenantId.value(), secretId, Rows.utc(at))) == 1;
    }

    @Override
    public void bindAccount(TenantId tenantId, String channel, String accountId, Instant now) {
        translate(() -> mapper.insertAccount(tenantId.value(), channel, accountId, Rows.utc(now)));
    }

    @Override
    public Optional<TenantId> tenantForAccount(String channel, String accountId) {
        return translate(() -> Optional.ofNullable(mapper.findAccountTenant(channel, accountId)).map(TenantId::new));
    }

    @Override
    public List<ChannelAccount> accounts(String channel) {
        return translate(() -> mapper.findAccounts(channel)).stream()
                .map(tenant -> tenant.split("\\|", 2))
                .map(parts -> new ChannelAccount(new TenantId(parts[0]), channel, parts[1]))
                .toList();
    }

    @Override
    public Optional<VerificationKeys> verificationKeys(String channel, String accountId, String name, Instant now) {
        // On every callback: plain JDBC (CallbackStatements), not the mapper.
        List<CallbackStatements.KeyRow> rows = translate(() -> statements.findVerificationKeys(channel, accountId,
                name, Rows.utc(now)));
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<String> secrets = rows.stream()
                .map(CallbackStatements.KeyRow::ciphertext)
                .filter(Objects::nonNull)
                .map(this::decrypt)
                .toList();
        return Optional.of(new VerificationKeys(new TenantId(rows.get(0).tenantId()), secrets));
    }

    /**
     * Decrypted secrets by their stored form. A stored form never changes meaning (a fresh IV per encryption, and
     * rotation adds rows), so the cache needs no invalidation; validity is still decided by the query on every
     * read. Bounded: cleared when it grows past {@link #DECRYPTED_CACHE_LIMIT} entries.
     */
    private String decrypt(String ciphertext) {
        String plain = decrypted.get(ciphertext);
        if (plain == null) {
            plain = cipher.decrypt(ciphertext);
            if (decrypted.size() >= DECRYPTED_CACHE_LIMIT) {
                decrypted.clear();
            }
            decrypted.put(ciphertext, plain);
        }
        return plain;
    }

    @Override
    public Optional<String> accountOf(TenantId tenantId, String channel) {
        return translate(() -> Optional.ofNullable(mapper.findAccountOf(tenantId.value(), channel)));
    }

    @Override
    public List<SecretInfo> secretInfos(TenantId tenantId) {
        return translate(() -> mapper.secretInfos(tenantId.value())).stream()
                .map(r -> new SecretInfo(r.id, r.channel, r.name, Rows.instant(r.createdAt), Rows.instant(r.validUntil)))
                .toList();
    }

    @Override
    public List<ChannelAccount> accountsOf(TenantId tenantId) {
        return translate(() -> mapper.accountsOf(tenantId.value())).stream()
                .map(pair -> pair.split("\\|", 2))
                .map(parts -> new ChannelAccount(tenantId, parts[0], parts[1]))
                .toList();
    }

    @Override
    public List<String> validSecrets(TenantId tenantId, String channel, String name, Instant now) {
        return translate(() -> mapper.findValid(tenantId.value(), channel, name, Rows.utc(now))).stream()
                .map(this::decrypt)
                .toList();
    }
}
