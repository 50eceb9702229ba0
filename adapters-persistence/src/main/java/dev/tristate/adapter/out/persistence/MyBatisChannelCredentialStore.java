package dev.tristate.adapter.out.persistence;

import static dev.tristate.adapter.out.persistence.SqlErrors.translate;

import dev.tristate.application.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

public class MyBatisChannelCredentialStore implements ChannelCredentialStore {

    private final ChannelSecretMapper mapper;
    private final SecretCipher cipher;

    MyBatisChannelCredentialStore(ChannelSecretMapper mapper, SecretCipher cipher) {
        this.mapper = mapper;
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
    public List<String> validSecrets(TenantId tenantId, String channel, String name, Instant now) {
        return translate(() -> mapper.findValid(tenantId.value(), channel, name, Rows.utc(now))).stream()
                .map(cipher::decrypt)
                .toList();
    }
}
