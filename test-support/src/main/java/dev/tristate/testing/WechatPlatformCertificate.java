package dev.tristate.testing;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;

/**
 * A WeChat Pay platform certificate for tests of certificate mode, with its private key: a self-signed RSA 2048
 * certificate valid until 2126 (made once with {@code openssl req -x509 -newkey rsa:2048 -nodes -days 36500}). In
 * certificate mode WeChat Pay names the certificate's serial number, upper-case hexadecimal, in
 * {@code Wechatpay-Serial}.
 */
public final class WechatPlatformCertificate {

    private static final String CERTIFICATE = "wechat-platform-certificate.pem";
    private static final String KEY = "wechat-platform-certificate.key.pem";

    private WechatPlatformCertificate() {
    }

    /** The certificate as a merchant downloads it: PEM. */
    public static String pem() {
        return read(CERTIFICATE);
    }

    /** The serial number WeChat Pay sends with what this certificate's key signs. */
    public static String serial() {
        return certificate().getSerialNumber().toString(16).toUpperCase(java.util.Locale.ROOT);
    }

    public static BigInteger serialNumber() {
        return certificate().getSerialNumber();
    }

    /** The certificate's public key, base64 of X.509. */
    public static String publicKey() {
        return Base64.getEncoder().encodeToString(certificate().getPublicKey().getEncoded());
    }

    /** The private key the platform signs with, base64 of PKCS#8. */
    public static String privateKeyBase64() {
        return read(KEY).replaceAll("-----(BEGIN|END) PRIVATE KEY-----", "").replaceAll("\\s", "");
    }

    public static PrivateKey privateKey() {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(
                    Base64.getDecoder().decode(privateKeyBase64())));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the test platform key does not load", e);
        }
    }

    private static X509Certificate certificate() {
        try (InputStream in = WechatPlatformCertificate.class.getResourceAsStream(CERTIFICATE)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("the test platform certificate does not load", e);
        }
    }

    private static String read(String name) {
        try (InputStream in = WechatPlatformCertificate.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name, e);
        }
    }
}
