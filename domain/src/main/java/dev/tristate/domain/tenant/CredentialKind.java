package dev.tristate.domain.tenant;

import dev.tristate.domain.Identifiers;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAKey;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Locale;
import java.util.function.Function;

/**
 * The channel credentials an operator can set, with where each is stored (channel and secret name) and what a value
 * must be to be usable by the component that reads it: the console refuses what the channel adapter or the sandbox
 * channel could not use, so that no stored credential can stop a start or a verification later.
 */
public enum CredentialKind {
    /** An HMAC secret the sandbox channel signs with: printable ASCII without spaces. */
    SANDBOX_SIGNING_SECRET("sandbox", "signing-secret", CredentialKind::sandboxSecret),
    /** Alipay's RSA public key as Alipay's SDK reads it: base64 of the X.509 encoding (PEM armour is taken off). */
    ALIPAY_PUBLIC_KEY("alipay", "alipay-public-key", key -> rsaKey(key, X509EncodedKeySpec::new, "X.509 public")),
    /** The app's RSA private key as Alipay's SDK reads it: base64 of the PKCS#8 encoding (PEM armour is taken off). */
    ALIPAY_APP_PRIVATE_KEY("alipay", "app-private-key", key -> rsaKey(key, PKCS8EncodedKeySpec::new, "PKCS#8 private")),
    /**
     * The Alipay seller (the merchant's PID, {@code 2088} and 12 digits) the tenant's app collects for: notifications
     * must name it as {@code seller_id} and bills must be of it. Not a secret, but kept and rotated like one.
     */
    ALIPAY_SELLER_ID("alipay", "seller-id", CredentialKind::alipaySellerId),
    /** A Stripe webhook endpoint's signing secret: {@code whsec_} and at least 16 letters, digits or underscores. */
    STRIPE_ENDPOINT_SECRET("stripe", "stripe-endpoint-secret", CredentialKind::stripeSecret),
    /**
     * A Stripe API key the gateway calls Stripe with: a secret key ({@code sk_test_}, {@code sk_live_}) or a restricted
     * key ({@code rk_test_}, {@code rk_live_}) followed by at least 16 letters or digits, as Stripe shows it.
     */
    STRIPE_SECRET_KEY("stripe", "stripe-secret-key", CredentialKind::stripeApiKey),
    /** The WeChat Pay merchant's API private key (of its API certificate): base64 of PKCS#8, as the SDK reads it. */
    WECHAT_MERCHANT_PRIVATE_KEY("wechat", "merchant-private-key",
            key -> rsaKey(key, PKCS8EncodedKeySpec::new, "PKCS#8 private")),
    /**
     * The serial number of the merchant's API certificate, whose private key signs the requests: hexadecimal, stored
     * upper-case. Not a secret, but kept and rotated with the key.
     */
    WECHAT_MERCHANT_SERIAL("wechat", "merchant-serial", CredentialKind::wechatSerial),
    /** The merchant's APIv3 key: 32 letters and digits; notifications are encrypted under it. */
    WECHAT_APIV3_KEY("wechat", "apiv3-key", CredentialKind::wechatApiV3Key),
    /**
     * What verifies WeChat Pay: in public-key mode the platform public key with its id ({@code PUB_KEY_ID_...}),
     * entered as the id, a space or a colon, and the key (base64 of X.509, PEM armour is taken off); in certificate
     * mode the platform certificate (PEM), whose serial number (upper-case hexadecimal) is the id WeChat Pay names.
     * Either is stored as {@code id:base64} of the public key. Answers and notifications signed under that id verify
     * with it; two are valid while WeChat Pay rotates its key or certificate.
     */
    WECHAT_PLATFORM_PUBLIC_KEY("wechat", "platform-public-key", CredentialKind::wechatPlatformKey),
    /**
     * The app id ({@code wx} and 16 hexadecimal digits) the merchant's orders are placed for: notifications must
     * name it. Not a secret, but kept and rotated like one.
     */
    WECHAT_APP_ID("wechat", "app-id", CredentialKind::wechatAppId);

    /** The longest secret accepted (a 4096-bit PKCS#8 key in base64 is about 3,200 characters). */
    public static final int MAX_SECRET_LENGTH = 6000;
    /** Account ids end up in VARCHAR(64) columns, in URL paths and in the sandbox channel's merchant ids. */
    public static final int MAX_ACCOUNT_LENGTH = 64;
    private static final int MIN_RSA_BITS = 2048;

    private final String channel;
    private final String secretName;
    private final Function<String, String> secretRule;

    CredentialKind(String channel, String secretName, Function<String, String> secretRule) {
        this.channel = channel;
        this.secretName = secretName;
        this.secretRule = secretRule;
    }

    public String channel() {
        return channel;
    }

    public String secretName() {
        return secretName;
    }

    /**
     * The secret as it is stored (stripped; a key without PEM armour or line breaks), or an
     * {@link IllegalArgumentException} saying what it must be, never quoting it.
     */
    public String checkedSecret(String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException(label() + " is required");
        }
        if (secret.length() > MAX_SECRET_LENGTH) {
            throw new IllegalArgumentException(label() + " is longer than " + MAX_SECRET_LENGTH + " characters");
        }
        return secretRule.apply(secret.strip());
    }

    /**
     * The account at this kind's channel as it is bound, or an {@link IllegalArgumentException} saying what it must
     * be. Every channel's account is an identifier token (as the sandbox channel's merchant ids and the Stripe callback
     * path need); an Alipay app id and a WeChat Pay merchant id ({@code mchid}) are digits only, as they are issued.
     */
    public String checkedAccountId(String accountId) {
        String what = switch (channel) {
            case "alipay" -> "an Alipay app id";
            case "wechat" -> "a WeChat Pay merchant id (mchid)";
            default -> "a " + channel + " account id";
        };
        String account = accountId == null ? null : accountId.strip();
        Identifiers.token(what, account, MAX_ACCOUNT_LENGTH);
        boolean digitsOnly = channel.equals("alipay") || channel.equals("wechat");
        if (digitsOnly && !account.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(what + " has digits only");
        }
        return account;
    }

    private String label() {
        return switch (this) {
            case SANDBOX_SIGNING_SECRET -> "a sandbox signing secret";
            case ALIPAY_PUBLIC_KEY -> "an Alipay public key";
            case ALIPAY_APP_PRIVATE_KEY -> "an Alipay app private key";
            case ALIPAY_SELLER_ID -> "an Alipay seller id";
            case STRIPE_ENDPOINT_SECRET -> "a Stripe endpoint secret";
            case STRIPE_SECRET_KEY -> "a Stripe secret key";
            case WECHAT_MERCHANT_PRIVATE_KEY -> "a WeChat Pay merchant private key";
            case WECHAT_MERCHANT_SERIAL -> "a WeChat Pay merchant certificate serial";
            case WECHAT_APIV3_KEY -> "a WeChat Pay APIv3 key";
            case WECHAT_PLATFORM_PUBLIC_KEY -> "a WeChat Pay platform public key or certificate";
            case WECHAT_APP_ID -> "a WeChat app id";
        };
    }

    private static String sandboxSecret(String secret) {
        String what = "a sandbox signing secret";
        Identifiers.printable(what, secret, 256);
        if (secret.length() < 16 || secret.chars().anyMatch(c -> c == ' ')) {
            throw new IllegalArgumentException(what + " is 16 to 256 printable ASCII characters without spaces");
        }
        return secret;
    }

    private static String alipaySellerId(String sellerId) {
        if (sellerId.length() != 16 || !sellerId.startsWith("2088")
                || !sellerId.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("an Alipay seller id is 2088 followed by 12 digits (the PID Alipay "
                    + "shows the merchant)");
        }
        return sellerId;
    }

    private static String stripeSecret(String secret) {
        String rest = secret.startsWith("whsec_") ? secret.substring("whsec_".length()) : "";
        boolean wellFormed = rest.length() >= 16 && rest.length() <= 250 && rest.chars().allMatch(c ->
                (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
        if (!wellFormed) {
            throw new IllegalArgumentException("a Stripe endpoint secret is whsec_ followed by at least 16 letters,"
                    + " digits or underscores, as Stripe shows it");
        }
        return secret;
    }

    private static String stripeApiKey(String key) {
        String rest = null;
        for (String prefix : new String[] {"sk_test_", "sk_live_", "rk_test_", "rk_live_"}) {
            if (key.startsWith(prefix)) {
                rest = key.substring(prefix.length());
            }
        }
        boolean wellFormed = rest != null && rest.length() >= 16 && rest.length() <= 250 && rest.chars().allMatch(c ->
                (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));
        if (!wellFormed) {
            throw new IllegalArgumentException("a Stripe secret key is sk_test_, sk_live_, rk_test_ or rk_live_ "
                    + "followed by at least 16 letters or digits, as Stripe shows it");
        }
        return key;
    }

    private static String wechatSerial(String serial) {
        if (serial.length() < 8 || serial.length() > 64 || !serial.chars().allMatch(c ->
                (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
            throw new IllegalArgumentException("a WeChat Pay merchant certificate serial is 8 to 64 hexadecimal "
                    + "digits, as the merchant platform shows it");
        }
        return serial.toUpperCase(java.util.Locale.ROOT);
    }

    private static String wechatApiV3Key(String key) {
        if (key.length() != 32 || !key.chars().allMatch(c ->
                (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
            throw new IllegalArgumentException("a WeChat Pay APIv3 key is 32 letters and digits");
        }
        return key;
    }

    private static String wechatPlatformKey(String value) {
        if (value.startsWith("-----BEGIN CERTIFICATE-----")) {
            return wechatPlatformCertificate(value);
        }
        String[] parts = value.split("[:\\s]", 2);
        String id = parts[0];
        boolean publicKeyId = id.startsWith("PUB_KEY_ID_") && id.length() > "PUB_KEY_ID_".length()
                && id.length() <= 64 && id.chars().allMatch(c ->
                (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
        // A certificate's serial, as stored from a certificate mode entry.
        boolean certificateSerial = !id.isEmpty() && id.length() <= 64 && id.chars().allMatch(c ->
                (c >= 'A' && c <= 'F') || (c >= '0' && c <= '9'));
        if (!(publicKeyId || certificateSerial) || parts.length < 2) {
            throw new IllegalArgumentException("a WeChat Pay platform public key is its id (PUB_KEY_ID_ and up to 53 "
                    + "letters, digits or underscores), a space or a colon, and the key; or the platform certificate"
                    + " in PEM");
        }
        return id + ":" + rsaKey(parts[1].strip(), X509EncodedKeySpec::new, "X.509 public");
    }

    /**
     * A platform certificate, kept as its serial and public key: a certificate that is not RSA of at least 2048 bits,
     * or not valid today, is refused, since WeChat Pay would not sign with it.
     */
    private static String wechatPlatformCertificate(String pem) {
        String what = "a WeChat Pay platform certificate in PEM, RSA of at least " + MIN_RSA_BITS + " bits, valid now";
        X509Certificate certificate;
        try {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(
                    new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
            certificate.checkValidity();
        } catch (GeneralSecurityException | ClassCastException e) {
            throw new IllegalArgumentException("the certificate must be " + what);
        }
        if (!(certificate.getPublicKey() instanceof RSAKey rsa) || rsa.getModulus().bitLength() < MIN_RSA_BITS) {
            throw new IllegalArgumentException("the certificate must be " + what);
        }
        return certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT) + ":"
                + Base64.getEncoder().encodeToString(certificate.getPublicKey().getEncoded());
    }

    private static String wechatAppId(String appId) {
        if (appId.length() != 18 || !appId.startsWith("wx") || !appId.substring(2).chars().allMatch(c ->
                (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new IllegalArgumentException("a WeChat app id is wx followed by 16 lower-case hexadecimal digits");
        }
        return appId;
    }

    private static String rsaKey(String key, Function<byte[], KeySpec> spec, String encoding) {
        String base64 = key.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
        String what = "an RSA key in base64 of its " + encoding + " encoding, of at least " + MIN_RSA_BITS + " bits";
        try {
            byte[] der = Base64.getDecoder().decode(base64);
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            KeySpec keySpec = spec.apply(der);
            RSAKey parsed = (RSAKey) (keySpec instanceof PKCS8EncodedKeySpec
                    ? rsa.generatePrivate(keySpec) : rsa.generatePublic(keySpec));
            if (parsed.getModulus().bitLength() < MIN_RSA_BITS) {
                throw new IllegalArgumentException("the key must be " + what);
            }
        } catch (IllegalArgumentException | GeneralSecurityException | ClassCastException e) {
            throw new IllegalArgumentException("the key must be " + what);
        }
        return base64;
    }
}
