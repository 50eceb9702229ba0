package dev.tristate.adapter.out.channel.wechat;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the system calls WeChat Pay with for a merchant ({@code mchid}): the keys of the tenant owning it, read at each
 * call, so that a key rotated or revoked takes effect at the next one.
 */
@FunctionalInterface
public interface WechatMerchantKeys {

    /** The merchant's keys valid now; empty when its tenant has not all of them (the call is not sent). */
    Optional<Keys> keysOf(String mchid);

    /**
     * A merchant's keys: the app id its orders are placed for, its API private key (base64 of PKCS#8) with the serial
     * of its certificate, its APIv3 key, and the platform public keys valid now, newest first (answers verify with the
     * one whose id they name).
     */
    record Keys(String appId, String privateKey, String serial, String apiV3Key, List<PlatformKey> platformKeys) {
        public Keys {
            Objects.requireNonNull(appId, "app id");
            Objects.requireNonNull(privateKey, "merchant private key");
            Objects.requireNonNull(serial, "merchant certificate serial");
            Objects.requireNonNull(apiV3Key, "APIv3 key");
            platformKeys = List.copyOf(platformKeys);
            if (platformKeys.isEmpty()) {
                throw new IllegalArgumentException("a merchant needs a platform public key to trust WeChat Pay");
            }
        }
    }

    /** A platform public key (base64 of X.509) and its id ({@code Wechatpay-Serial}). */
    record PlatformKey(String id, String publicKey) {

        public PlatformKey {
            Objects.requireNonNull(id, "platform public key id");
            Objects.requireNonNull(publicKey, "platform public key");
        }

        /** A stored platform key, {@code id:base64} (as {@code CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY} keeps it). */
        public static Optional<PlatformKey> parse(String stored) {
            int colon = stored == null ? -1 : stored.indexOf(':');
            return colon < 1 ? Optional.empty()
                    : Optional.of(new PlatformKey(stored.substring(0, colon), stored.substring(colon + 1)));
        }
    }
}
