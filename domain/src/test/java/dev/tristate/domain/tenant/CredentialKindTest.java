package dev.tristate.domain.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** What the console may store per credential kind: what the component reading it can use, nothing else. */
class CredentialKindTest {

    private static KeyPair rsa(int bits) throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(bits);
        return generator.generateKeyPair();
    }

    @Test
    void anRsaKeyPairIsAcceptedInBase64AndInPemWithLineBreaksAndStoredAsPlainBase64() throws Exception {
        KeyPair pair = rsa(2048);
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(
                pair.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";

        assertThat(CredentialKind.ALIPAY_PUBLIC_KEY.checkedSecret(publicKey)).isEqualTo(publicKey);
        assertThat(CredentialKind.ALIPAY_PUBLIC_KEY.checkedSecret(pem)).isEqualTo(publicKey);
        assertThat(CredentialKind.ALIPAY_APP_PRIVATE_KEY.checkedSecret(privateKey)).isEqualTo(privateKey);
    }

    @Test
    void aKeyThatIsNotAnRsaKeyOfTheRightEncodingIsRefusedWithoutQuotingIt() throws Exception {
        KeyPair pair = rsa(2048);
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        String small = Base64.getEncoder().encodeToString(rsa(1024).getPublic().getEncoded());

        for (String bad : new String[] {"k".repeat(64), "<script>alert(1)</script>", privateKey, small}) {
            assertThatThrownBy(() -> CredentialKind.ALIPAY_PUBLIC_KEY.checkedSecret(bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining(bad);
        }
        assertThatThrownBy(() -> CredentialKind.ALIPAY_APP_PRIVATE_KEY.checkedSecret(publicKey))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PKCS#8");
    }

    @Test
    void stripeSecretsAreWhsecAndSandboxSecretsArePrintableWithoutSpaces() {
        assertThat(CredentialKind.STRIPE_ENDPOINT_SECRET.checkedSecret(" whsec_test_2025_abcdefghijklmnop "))
                .isEqualTo("whsec_test_2025_abcdefghijklmnop");
        assertThatThrownBy(() -> CredentialKind.STRIPE_ENDPOINT_SECRET.checkedSecret("sk_live_abcdefghijklmnopqr"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whsec_");
        assertThat(CredentialKind.SANDBOX_SIGNING_SECRET.checkedSecret("whsec_0123456789abcdef"))
                .isEqualTo("whsec_0123456789abcdef");
        for (String bad : new String[] {"short", "with spaces inside 0123456789", "ünïcode-0123456789abcdef", "x\u0000"
                .repeat(20)}) {
            assertThatThrownBy(() -> CredentialKind.SANDBOX_SIGNING_SECRET.checkedSecret(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void stripeSecretKeysAreSecretOrRestrictedKeysOfTestOrLiveMode() {
        for (String good : new String[] {"sk_test_51AbcDEF0123456789xyz", "sk_live_0123456789abcdefGH",
                "rk_test_0123456789abcdefGH", "rk_live_0123456789abcdefGH"}) {
            assertThat(CredentialKind.STRIPE_SECRET_KEY.checkedSecret(" " + good + " ")).isEqualTo(good);
        }
        for (String bad : new String[] {"pk_test_0123456789abcdefGH", "sk_test_short", "whsec_0123456789abcdefghij",
                "sk_test_0123456789abcdef-GH", "sk_prod_0123456789abcdefGH", "sk_test_" + "a".repeat(251)}) {
            assertThatThrownBy(() -> CredentialKind.STRIPE_SECRET_KEY.checkedSecret(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sk_test_")
                    .hasMessageNotContaining(bad);
        }
        assertThat(CredentialKind.STRIPE_SECRET_KEY.channel()).isEqualTo("stripe");
        assertThat(CredentialKind.STRIPE_SECRET_KEY.secretName()).isEqualTo("stripe-secret-key");
    }

    @Test
    void accountIdsAreTokensAsTheSandboxChannelAcceptsThemAndAlipayAppIdsAreDigits() {
        assertThat(CredentialKind.SANDBOX_SIGNING_SECRET.checkedAccountId(" m-1_a.b:c ")).isEqualTo("m-1_a.b:c");
        assertThat(CredentialKind.ALIPAY_PUBLIC_KEY.checkedAccountId("2021000000000001")).isEqualTo("2021000000000001");
        assertThat(CredentialKind.STRIPE_ENDPOINT_SECRET.checkedAccountId("acct_1ABC")).isEqualTo("acct_1ABC");
        for (String bad : new String[] {"\"><img src=x>", "a b", "x".repeat(65), ""}) {
            assertThatThrownBy(() -> CredentialKind.SANDBOX_SIGNING_SECRET.checkedAccountId(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> CredentialKind.ALIPAY_APP_PRIVATE_KEY.checkedAccountId("app-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("digits");
    }

    @Test
    void anAlipaySellerIdIs2088AndTwelveDigits() {
        assertThat(CredentialKind.ALIPAY_SELLER_ID.checkedSecret(" 2088101117955611 ")).isEqualTo("2088101117955611");
        assertThat(CredentialKind.ALIPAY_SELLER_ID.channel()).isEqualTo("alipay");
        assertThat(CredentialKind.ALIPAY_SELLER_ID.secretName()).isEqualTo("seller-id");
        for (String bad : new String[] {"2088", "1088101117955611", "20881011179556110", "2088a01117955611",
                "2088 01117955611"}) {
            assertThatThrownBy(() -> CredentialKind.ALIPAY_SELLER_ID.checkedSecret(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2088 followed by 12 digits");
        }
    }

    @Test
    void weChatPayCredentialsAreCheckedAsTheSdkReadsThem() throws Exception {
        KeyPair pair = rsa(2048);
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(
                pair.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";

        assertThat(CredentialKind.WECHAT_MERCHANT_PRIVATE_KEY.checkedSecret(privateKey)).isEqualTo(privateKey);
        assertThatThrownBy(() -> CredentialKind.WECHAT_MERCHANT_PRIVATE_KEY.checkedSecret(publicKey))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("PKCS#8");
        assertThat(CredentialKind.WECHAT_MERCHANT_SERIAL.checkedSecret("5157f09efdc096de15ebe81a47057a72b9f1e2a5"))
                .isEqualTo("5157F09EFDC096DE15EBE81A47057A72B9F1E2A5");
        assertThatThrownBy(() -> CredentialKind.WECHAT_MERCHANT_SERIAL.checkedSecret("not-a-serial"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hexadecimal");
        assertThat(CredentialKind.WECHAT_APIV3_KEY.checkedSecret("0123456789abcdefABCDEF0123456789"))
                .isEqualTo("0123456789abcdefABCDEF0123456789");
        for (String bad : new String[] {"0123456789abcdef", "0123456789abcdefABCDEF012345678!", "x".repeat(33)}) {
            assertThatThrownBy(() -> CredentialKind.WECHAT_APIV3_KEY.checkedSecret(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining(bad);
        }
        assertThat(CredentialKind.WECHAT_APP_ID.checkedSecret("wx8888888888888888")).isEqualTo("wx8888888888888888");
        assertThatThrownBy(() -> CredentialKind.WECHAT_APP_ID.checkedSecret("wx88888888"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWeChatPayPlatformKeyIsItsIdAndAnX509KeyStoredAsIdColonBase64() throws Exception {
        KeyPair pair = rsa(2048);
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(
                pair.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----\n";
        String id = "PUB_KEY_ID_0114232134912410000000000000";

        assertThat(CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(id + " " + publicKey))
                .isEqualTo(id + ":" + publicKey);
        assertThat(CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(id + "\n" + pem))
                .isEqualTo(id + ":" + publicKey);
        assertThat(CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(id + ":" + publicKey))
                .isEqualTo(id + ":" + publicKey);
        String privateKey = Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
        for (String bad : new String[] {publicKey, "SERIAL_1 " + publicKey, id + " " + privateKey, id}) {
            assertThatThrownBy(() -> CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(bad))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining(bad);
        }
    }

    @Test
    void aWeChatPayPlatformCertificateThatDoesNotReadIsRefusedAndAStoredSerialFormIsKept() throws Exception {
        String notACertificate = "-----BEGIN CERTIFICATE-----\nTUlJQ0lq\n-----END CERTIFICATE-----";
        assertThatThrownBy(() -> CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(notACertificate))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("certificate");
        KeyPair pair = rsa(2048);
        String publicKey = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String serial = "5C47D69B2342E2C02A99BB79CC7BA3428875305F";

        assertThat(CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(serial + ":" + publicKey))
                .as("a certificate's stored form").isEqualTo(serial + ":" + publicKey);
        assertThatThrownBy(() -> CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY.checkedSecret(serial.toLowerCase() + ":"
                + publicKey)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aWeChatPayMerchantIdIsDigitsOnly() {
        assertThat(CredentialKind.WECHAT_APIV3_KEY.checkedAccountId(" 1900000109 ")).isEqualTo("1900000109");
        assertThatThrownBy(() -> CredentialKind.WECHAT_APP_ID.checkedAccountId("mch-1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mchid");
    }
}
