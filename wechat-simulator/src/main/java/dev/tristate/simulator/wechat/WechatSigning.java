package dev.tristate.simulator.wechat;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * WeChat Pay v3's cryptography as the JDK does it: SHA256withRSA over the lines of a message, each ended by
 * {@code \n}, and AEAD_AES_256_GCM under the merchant's APIv3 key (12-character nonce, 128-bit tag appended to the
 * ciphertext, all in base64). JDK only, so the callback benchmark signs and seals its WeChat Pay notifications with it
 * exactly as the simulator does.
 */
public final class WechatSigning {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    private WechatSigning() {
    }

    /** The lines joined, each ended by a line feed, as every v3 signature covers them. */
    public static String message(String... lines) {
        StringBuilder b = new StringBuilder();
        for (String line : lines) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    public static String sign(PrivateKey key, String message) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(key);
            rsa.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(rsa.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with the platform key", e);
        }
    }

    public static boolean verifies(PublicKey key, String message, String signature) {
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initVerify(key);
            rsa.update(message.getBytes(StandardCharsets.UTF_8));
            return rsa.verify(Base64.getDecoder().decode(signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    public static PublicKey publicKey(String base64) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(
                    Base64.getMimeDecoder().decode(strip(base64))));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an RSA public key in base64 of X.509", e);
        }
    }

    public static PrivateKey privateKey(String base64) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(
                    Base64.getMimeDecoder().decode(strip(base64))));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an RSA private key in base64 of PKCS#8", e);
        }
    }

    /** AEAD_AES_256_GCM of {@code plaintext}: base64 of the ciphertext followed by its tag. */
    public static String encrypt(String apiV3Key, String associatedData, String nonce, String plaintext) {
        try {
            Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            gcm.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(gcm.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encrypt under the APIv3 key", e);
        }
    }

    /** A nonce of upper-case letters and digits, as WeChat Pay's. */
    public static String nonce(int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(NONCE_ALPHABET.charAt(RANDOM.nextInt(NONCE_ALPHABET.length())));
        }
        return b.toString();
    }

    private static String strip(String key) {
        return key.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
    }
}
