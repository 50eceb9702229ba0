package dev.tristate.simulator.alipay;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The simulator's own RSA key pair (what a merchant knows as "the Alipay public key") and RSA2 (SHA256withRSA) signing
 * and verification, done with the JDK alone: the simulator must not share code with the SDK it is tested against.
 */
final class SimulatorKeys {

    private static final String RSA2 = "SHA256withRSA";

    private final PrivateKey privateKey;
    private final String publicKeyBase64;

    private SimulatorKeys(PrivateKey privateKey, PublicKey publicKey) {
        this.privateKey = privateKey;
        this.publicKeyBase64 = Base64.getEncoder().encodeToString(publicKey.getEncoded());
    }

    /** From a base64 PKCS#8 RSA private key, or a fresh 2048-bit pair when it is blank. */
    static SimulatorKeys of(String privateKeyBase64) {
        try {
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            if (privateKeyBase64 == null || privateKeyBase64.isBlank()) {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                var pair = generator.generateKeyPair();
                return new SimulatorKeys(pair.getPrivate(), pair.getPublic());
            }
            byte[] der = Base64.getMimeDecoder().decode(privateKeyBase64.strip());
            RSAPrivateCrtKey key = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(der));
            PublicKey publicKey = rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent()));
            return new SimulatorKeys(key, publicKey);
        } catch (GeneralSecurityException | IllegalArgumentException | ClassCastException e) {
            throw new IllegalArgumentException("tristate.alipay-simulator.private-key must be an RSA private key in "
                    + "base64 of its PKCS#8 encoding", e);
        }
    }

    String publicKeyBase64() {
        return publicKeyBase64;
    }

    /** RSA2 over the content's UTF-8 bytes, in base64, as Alipay signs its answers and notifications. */
    String sign(String content) {
        return sign(privateKey, content);
    }

    static String sign(PrivateKey key, String content) {
        try {
            Signature signature = Signature.getInstance(RSA2);
            signature.initSign(key);
            signature.update(content.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with the simulator's key", e);
        }
    }

    /** Whether {@code sign} is an RSA2 signature of the content (in {@code charset}) by the X.509 public key. */
    static boolean verifies(String content, String sign, String publicKeyBase64, Charset charset) {
        try {
            PublicKey key = KeyFactory.getInstance("RSA")
                    .generatePublic(new X509EncodedKeySpec(Base64.getMimeDecoder().decode(publicKeyBase64)));
            Signature signature = Signature.getInstance(RSA2);
            signature.initVerify(key);
            signature.update(content.getBytes(charset));
            return signature.verify(Base64.getDecoder().decode(sign));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
