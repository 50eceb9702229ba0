package dev.tristate.bootstrap;

import dev.tristate.adapter.out.channel.wechat.WechatMerchantKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.simulator.wechat.WechatMerchant;
import dev.tristate.simulator.wechat.WechatMerchantDirectory;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * WeChat Pay's calls use the keys of the tenant owning the {@code mchid}, read from the credential store at each call:
 * a key rotated or revoked in the console is used, or no longer used, at the next call. The same store tells the
 * in-process WeChat Pay simulator who its merchants are, as WeChat Pay knows its own: their app ids, the public halves
 * of their API keys by certificate serial, and their APIv3 keys.
 */
@Configuration(proxyBeanMethods = false)
class WechatChannelWiring {

    private static final CredentialKind PLATFORM_KEY = CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY;
    private static final CredentialKind PRIVATE_KEY = CredentialKind.WECHAT_MERCHANT_PRIVATE_KEY;
    private static final CredentialKind SERIAL = CredentialKind.WECHAT_MERCHANT_SERIAL;
    private static final CredentialKind APIV3_KEY = CredentialKind.WECHAT_APIV3_KEY;
    private static final CredentialKind APP_ID = CredentialKind.WECHAT_APP_ID;

    @Bean
    WechatMerchantKeys wechatMerchantKeys(ChannelCredentialStore credentials, Clock clock) {
        return mchid -> {
            Instant now = clock.instant();
            return credentials.verificationKeys(PLATFORM_KEY.channel(), mchid, PLATFORM_KEY.secretName(), now)
                    .flatMap(owner -> {
                        List<WechatMerchantKeys.PlatformKey> platformKeys = owner.secrets().stream()
                                .map(WechatMerchantKeys.PlatformKey::parse).flatMap(Optional::stream).toList();
                        Optional<String> appId = newest(credentials, owner.tenantId(), APP_ID, now);
                        Optional<String> privateKey = newest(credentials, owner.tenantId(), PRIVATE_KEY, now);
                        Optional<String> serial = newest(credentials, owner.tenantId(), SERIAL, now);
                        Optional<String> apiV3Key = newest(credentials, owner.tenantId(), APIV3_KEY, now);
                        if (platformKeys.isEmpty() || appId.isEmpty() || privateKey.isEmpty() || serial.isEmpty()
                                || apiV3Key.isEmpty()) {
                            return Optional.empty();
                        }
                        return Optional.of(new WechatMerchantKeys.Keys(appId.get(), privateKey.get(), serial.get(),
                                apiV3Key.get(), platformKeys));
                    });
        };
    }

    /**
     * The simulator's merchants are the tenants' WeChat Pay merchants. It verifies a request with the public half of
     * the merchant's private key of the serial the request names (Tristate keeps only the private key, whose RSA CRT
     * form holds the public exponent); keys and serials are paired newest with newest, as they are rotated together.
     */
    @Bean
    @ConditionalOnBooleanProperty(name = "tristate.wechat-simulator.enabled")
    WechatMerchantDirectory wechatMerchantDirectory(ChannelCredentialStore credentials, Clock clock) {
        return mchid -> credentials.tenantForAccount(PRIVATE_KEY.channel(), mchid).flatMap(tenant -> {
            Instant now = clock.instant();
            List<String> keys = credentials.validSecrets(tenant, PRIVATE_KEY.channel(), PRIVATE_KEY.secretName(), now);
            List<String> serials = credentials.validSecrets(tenant, SERIAL.channel(), SERIAL.secretName(), now);
            Map<String, String> publicKeys = new HashMap<>();
            for (int i = 0; i < Math.min(keys.size(), serials.size()); i++) {
                int at = i;
                AlipayChannelWiring.publicHalf(keys.get(i)).ifPresent(key -> publicKeys.put(serials.get(at), key));
            }
            Optional<String> apiV3Key = newest(credentials, tenant, APIV3_KEY, now);
            return apiV3Key.map(key -> new WechatMerchant(mchid, credentials.validSecrets(tenant, APP_ID.channel(),
                    APP_ID.secretName(), now), publicKeys, key));
        });
    }

    private static Optional<String> newest(ChannelCredentialStore credentials, TenantId tenant, CredentialKind kind,
                                           Instant now) {
        return credentials.validSecrets(tenant, kind.channel(), kind.secretName(), now).stream().findFirst();
    }
}
