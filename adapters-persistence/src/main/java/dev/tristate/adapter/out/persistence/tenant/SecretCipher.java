package dev.tristate.adapter.out.persistence.tenant;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-GCM for secrets at rest, under a master key given by configuration. The stored form is
 * {@code v1:base64(iv || ciphertext+tag)}; the tag makes a tampered or wrongly keyed value fail loudly instead of
 * decrypting to garbage. The JDK's provider is used: it is the well-kept library for this.
 */
public final class SecretCipher {

    private static final String VERSION = "v1:";
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecureRandom random;

    public SecretCipher(byte[] masterKey, SecureRandom random) {
        if (masterKey == null || masterKey.length != 32) {
            throw new MasterKeyRejected("tristate.security.master-key must be 32 bytes, base64-encoded (e.g."
                    + " head -c 32 /dev/urandom | base64)", null);
        }
        this.key = new SecretKeySpec(masterKey.clone(), "AES");
        this.random = random;
    }

    public static SecretCipher fromBase64(String masterKeyBase64, SecureRandom random) {
        if (masterKeyBase64 == null || masterKeyBase64.isBlank()) {
            throw new MasterKeyRejected("tristate.security.master-key is not set", null);
        }
        byte[] decoded;
        try {
            decoded = Base64.getDecoder().decode(masterKeyBase64.trim());
        } catch (IllegalArgumentException e) {
            throw new MasterKeyRejected("tristate.security.master-key is not valid base64", e);
        }
        return new SecretCipher(decoded, random);
    }

    public String encrypt(String plaintext) {
        byte[] iv = new byte[IV_BYTES];
        random.nextBytes(iv);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            ByteBuffer out = ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed);
            return VERSION + Base64.getEncoder().encodeToString(out.array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    public String decrypt(String stored) {
        if (stored == null || !stored.startsWith(VERSION)) {
            throw new IllegalArgumentException("not a v1 encrypted secret");
        }
        byte[] all = Base64.getDecoder().decode(stored.substring(VERSION.length()));
        if (all.length <= IV_BYTES) {
            throw new IllegalArgumentException("encrypted secret is truncated");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, all, 0, IV_BYTES));
            return new String(cipher.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("a stored secret cannot be decrypted with this master key", e);
        }
    }
}
