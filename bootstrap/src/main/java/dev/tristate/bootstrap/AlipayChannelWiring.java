package dev.tristate.bootstrap;

import dev.tristate.adapter.out.channel.alipay.AlipayAppKeys;
import dev.tristate.adapter.out.channel.alipay.AlipaySellerIds;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.simulator.alipay.AlipaySimulatorApps;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Alipay's calls sign and verify with the keys of the tenant owning the app id, read from the credential store at
 * each call, never from a copy taken at start-up: a key rotated or revoked in the console is used, or no longer used,
 * at the next call. The same store tells the in-process Alipay simulator who its apps are, as Alipay's open platform
 * knows its merchants' settings.
 */
@Configuration(proxyBeanMethods = false)
class AlipayChannelWiring {

    private static final CredentialKind PUBLIC_KEY = CredentialKind.ALIPAY_PUBLIC_KEY;
    private static final CredentialKind PRIVATE_KEY = CredentialKind.ALIPAY_APP_PRIVATE_KEY;
    private static final CredentialKind SELLER_ID = CredentialKind.ALIPAY_SELLER_ID;

    @Bean
    AlipayAppKeys alipayAppKeys(ChannelCredentialStore credentials, Clock clock) {
        return appId -> {
            Instant now = clock.instant();
            return credentials.verificationKeys(PUBLIC_KEY.channel(), appId, PUBLIC_KEY.secretName(), now)
                    .map(owner -> new AlipayAppKeys.Keys(credentials.validSecrets(owner.tenantId(),
                            PRIVATE_KEY.channel(), PRIVATE_KEY.secretName(), now), owner.secrets()))
                    .orElse(AlipayAppKeys.Keys.NONE);
        };
    }

    @Bean
    AlipaySellerIds alipaySellerIds(ChannelCredentialStore credentials, Clock clock) {
        return appId -> sellerIdOf(credentials, clock, appId);
    }

    /**
     * The simulator's apps are the tenants' Alipay apps: it verifies a request with the public halves of the app's
     * valid private keys (Tristate keeps only the private key, whose RSA CRT form holds the public exponent). A tenant
     * without a seller id of its own is given a fixed one derived from the app id, as every real app has a seller.
     */
    @Bean
    @ConditionalOnBooleanProperty(name = "tristate.alipay-simulator.enabled")
    AlipaySimulatorApps alipaySimulatorApps(ChannelCredentialStore credentials, Clock clock) {
        return appId -> credentials.tenantForAccount(PRIVATE_KEY.channel(), appId).map(tenant -> {
            List<String> publicKeys = credentials.validSecrets(tenant, PRIVATE_KEY.channel(),
                    PRIVATE_KEY.secretName(), clock.instant()).stream().flatMap(k -> publicHalf(k).stream()).toList();
            return new AlipaySimulatorApps.App(appId, sellerIdOf(credentials, clock, appId)
                    .orElseGet(() -> derivedSellerId(appId)), publicKeys);
        });
    }

    private static Optional<String> sellerIdOf(ChannelCredentialStore credentials, Clock clock, String appId) {
        return credentials.verificationKeys(SELLER_ID.channel(), appId, SELLER_ID.secretName(), clock.instant())
                .flatMap(owner -> owner.secrets().stream().findFirst());
    }

    static String derivedSellerId(String appId) {
        String digits = "000000000000" + appId;
        return "2088" + digits.substring(digits.length() - 12);
    }

    /** The X.509 public key (base64) of a stored PKCS#8 RSA private key; empty for one that is not RSA CRT. */
    static Optional<String> publicHalf(String privateKeyBase64) {
        try {
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            if (!(rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getMimeDecoder().decode(privateKeyBase64)))
                    instanceof RSAPrivateCrtKey key)) {
                return Optional.empty();
            }
            return Optional.of(Base64.getEncoder().encodeToString(rsa.generatePublic(
                    new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent())).getEncoded()));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
