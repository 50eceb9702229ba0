package dev.tristate.adapter.out.channel.alipay;

import java.util.List;

/**
 * The keys of the tenant owning an Alipay app: its app private keys (the request is signed with the newest) and the
 * Alipay public keys its answers may be signed with (several during a rotation's grace period). Read at each call, so
 * a rotated or revoked key takes effect at the next one.
 */
@FunctionalInterface
public interface AlipayAppKeys {

    /** The app's keys valid now, each list newest first; empty lists when no tenant owns the app or none is valid. */
    Keys of(String appId);

    record Keys(List<String> appPrivateKeys, List<String> alipayPublicKeys) {
        public static final Keys NONE = new Keys(List.of(), List.of());

        public Keys {
            appPrivateKeys = List.copyOf(appPrivateKeys);
            alipayPublicKeys = List.copyOf(alipayPublicKeys);
        }
    }
}
