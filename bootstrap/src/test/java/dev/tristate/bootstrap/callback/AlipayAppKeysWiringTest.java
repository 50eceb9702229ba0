package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.alipay.AlipayAppKeys;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The keys the Alipay trade query signs and verifies with are the app's tenant's, as the credential store holds them at
 * the moment of the call: a rotation and a revocation show at the next read, with no restart.
 */
class AlipayAppKeysWiringTest extends ApplicationOverHttpTest {

    private static final CredentialKind PRIVATE = CredentialKind.ALIPAY_APP_PRIVATE_KEY;
    private static final CredentialKind PUBLIC = CredentialKind.ALIPAY_PUBLIC_KEY;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    AlipayAppKeys keys;

    @Test
    void theTenantsOwnKeysAreReadAtEachCallAndARevokedKeyIsGone() {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-alikeys-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Alipay keys shop", new MerchantId("m-alikeys-" + suffix),
                Optional.empty(), Optional.empty()));
        String appId = "2021" + suffix.replaceAll("[^0-9]", "7");
        Instant earlier = Instant.now().minusSeconds(60);
        credentials.bindAccount(tenant, "alipay", appId, earlier);
        credentials.addSecret(tenant, PRIVATE.channel(), PRIVATE.secretName(), "app-key-1", earlier, earlier);
        credentials.addSecret(tenant, PUBLIC.channel(), PUBLIC.secretName(), "alipay-key-1", earlier, earlier);

        assertThat(keys.of(appId)).isEqualTo(new AlipayAppKeys.Keys(List.of("app-key-1"), List.of("alipay-key-1")));
        assertThat(keys.of("2021999999999999")).isEqualTo(AlipayAppKeys.Keys.NONE);

        credentials.addSecret(tenant, PRIVATE.channel(), PRIVATE.secretName(), "app-key-2", earlier.plusSeconds(1),
                Instant.now().plusSeconds(3600));
        credentials.addSecret(tenant, PUBLIC.channel(), PUBLIC.secretName(), "alipay-key-2", earlier.plusSeconds(1),
                Instant.now().plusSeconds(3600));
        assertThat(keys.of(appId)).isEqualTo(new AlipayAppKeys.Keys(List.of("app-key-2", "app-key-1"),
                List.of("alipay-key-2", "alipay-key-1")));

        for (SecretInfo secret : credentials.secretInfos(tenant)) {
            if (secret.name().equals(PRIVATE.secretName())) {
                credentials.revokeSecret(tenant, secret.id(), Instant.now().minusSeconds(1));
            }
        }
        assertThat(keys.of(appId).appPrivateKeys()).isEmpty();
        assertThat(keys.of(appId).alipayPublicKeys()).containsExactly("alipay-key-2", "alipay-key-1");
    }
}
