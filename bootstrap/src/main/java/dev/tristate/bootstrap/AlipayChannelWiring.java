package dev.tristate.bootstrap;

import dev.tristate.adapter.out.channel.alipay.AlipayAppKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import java.time.Clock;
import java.time.Instant;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Alipay trade query signs and verifies with the keys of the tenant owning the app id, read from the credential
 * store at each call, never from a copy taken at start-up: a key rotated or revoked in the console is used, or no
 * longer used, at the next query.
 */
@Configuration(proxyBeanMethods = false)
class AlipayChannelWiring {

    @Bean
    AlipayAppKeys alipayAppKeys(ChannelCredentialStore credentials, Clock clock) {
        CredentialKind publicKey = CredentialKind.ALIPAY_PUBLIC_KEY;
        CredentialKind privateKey = CredentialKind.ALIPAY_APP_PRIVATE_KEY;
        return appId -> {
            Instant now = clock.instant();
            return credentials.verificationKeys(publicKey.channel(), appId, publicKey.secretName(), now)
                    .map(owner -> new AlipayAppKeys.Keys(credentials.validSecrets(owner.tenantId(),
                            privateKey.channel(), privateKey.secretName(), now), owner.secrets()))
                    .orElse(AlipayAppKeys.Keys.NONE);
        };
    }
}
