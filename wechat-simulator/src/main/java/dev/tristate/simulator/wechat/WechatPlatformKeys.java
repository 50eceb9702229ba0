package dev.tristate.simulator.wechat;

import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * The platform key the simulator signs its answers and notifications with (public-key mode: {@code Wechatpay-Serial}
 * is the key's id; certificate mode: the certificate's serial number). A rotation makes a new key the one that signs; merchants verify with either while they hold both.
 */
@Component
class WechatPlatformKeys {

    /** The key that signs now, with its id and its public half in base64 of X.509. */
    record PlatformKey(String id, PrivateKey privateKey, String publicKey) {
    }

    private final AtomicReference<PlatformKey> current = new AtomicReference<>();

    WechatPlatformKeys(WechatSimulatorProperties properties) {
        String configured = properties.platformPrivateKey();
        PrivateKey key = configured == null || configured.isBlank() ? generate()
                : WechatSigning.privateKey(configured);
        current.set(new PlatformKey(properties.platformPublicKeyId(), key, publicHalf(key)));
    }

    PlatformKey current() {
        return current.get();
    }

    /** A new key under a new id signs from now on. */
    PlatformKey rotate(String newId) {
        PrivateKey key = generate();
        PlatformKey next = new PlatformKey(newId, key, publicHalf(key));
        current.set(next);
        return next;
    }

    /** The headers of a signed answer or notification: {@code Wechatpay-Serial, -Timestamp, -Nonce, -Signature}. */
    Map<String, String> sign(long timestamp, String body) {
        PlatformKey key = current.get();
        String nonce = WechatSigning.nonce(32);
        String signature = WechatSigning.sign(key.privateKey(),
                WechatSigning.message(Long.toString(timestamp), nonce, body));
        return Map.of("Wechatpay-Serial", key.id(), "Wechatpay-Timestamp", Long.toString(timestamp),
                "Wechatpay-Nonce", nonce, "Wechatpay-Signature", signature,
                "Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048");
    }

    /** {@code key} signs from now on under {@code id} (a certificate's key and serial); answers the one before. */
    PlatformKey use(String id, PrivateKey key) {
        return current.getAndSet(new PlatformKey(id, key, publicHalf(key)));
    }

    private static PrivateKey generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair().getPrivate();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is missing from this JVM", e);
        }
    }

    private static String publicHalf(PrivateKey key) {
        if (!(key instanceof RSAPrivateCrtKey crt)) {
            throw new IllegalArgumentException("the platform key must be an RSA key with its CRT parameters");
        }
        try {
            return Base64.getEncoder().encodeToString(KeyFactory.getInstance("RSA")
                    .generatePublic(new RSAPublicKeySpec(crt.getModulus(), crt.getPublicExponent())).getEncoded());
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("cannot derive the platform public key", e);
        }
    }
}
