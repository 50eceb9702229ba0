package dev.tristate.bootstrap;

import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.simulator.alipay.AlipaySimulator;
import dev.tristate.simulator.stripe.StripeSimulator;
import dev.tristate.simulator.wechat.WechatSimulator;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The demo tenant's accounts at the simulated real channels that run in this process, so that
 * {@code "channel":"alipay"}, {@code "channel":"stripe"} and {@code "channel":"wechat"} work out of the box. Made at
 * the first start that has the simulators (and again whenever one is missing, as after the Alipay simulator's key
 * file was removed); a later start changes nothing. The keys are generated here and stored like any tenant's, encrypted; nothing secret is
 * printed.
 */
@Component
class DemoChannelAccounts {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final ChannelCredentialStore credentials;
    private final Transactions transactions;
    private final ObjectProvider<AlipaySimulator> alipay;
    private final ObjectProvider<StripeSimulator> stripe;
    private final ObjectProvider<WechatSimulator> wechat;
    private final Environment env;
    private final Clock clock;

    DemoChannelAccounts(ChannelCredentialStore credentials, Transactions transactions,
                        ObjectProvider<AlipaySimulator> alipay, ObjectProvider<StripeSimulator> stripe,
                        ObjectProvider<WechatSimulator> wechat, Environment env, Clock clock) {
        this.credentials = credentials;
        this.transactions = transactions;
        this.alipay = alipay;
        this.stripe = stripe;
        this.wechat = wechat;
        this.env = env;
        this.clock = clock;
    }

    /** Ensures the tenant's simulated accounts; answers one line per simulated channel for the first-run banner. */
    List<String> ensure(TenantId tenant) {
        List<String> lines = new ArrayList<>();
        AlipaySimulator simulator = alipay.getIfAvailable();
        if (simulator != null) {
            lines.add("alipay (simulated at " + simulator.gatewayUrl() + ") app_id: "
                    + ensureAlipay(tenant, simulator));
        }
        if (stripe.getIfAvailable() != null) {
            lines.add("stripe (simulated at " + env.getProperty("tristate.channels.stripe.api-base")
                    + ") account: " + ensureStripe(tenant));
        }
        WechatSimulator wechatSimulator = wechat.getIfAvailable();
        if (wechatSimulator != null) {
            lines.add("wechat (simulated at " + env.getProperty("tristate.channels.wechat.api-base") + ") mchid: "
                    + ensureWechat(tenant, wechatSimulator));
        }
        return lines;
    }

    /** A merchant at the simulated WeChat Pay: its own API key, serial, APIv3 key and app id; the platform's key. */
    private String ensureWechat(TenantId tenant, WechatSimulator simulator) {
        CredentialKind platformKey = CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY;
        Instant now = clock.instant();
        Optional<String> bound = credentials.accountOf(tenant, platformKey.channel());
        String mchid = bound.orElseGet(() -> env.getProperty("tristate.demo.wechat-mchid", "1900000001"));
        String platform = platformKey.checkedSecret(simulator.platformPublicKeyId() + ":"
                + simulator.platformPublicKey());
        transactions.inTransaction(() -> {
            if (bound.isEmpty()) {
                credentials.bindAccount(tenant, platformKey.channel(), mchid, now);
                add(tenant, CredentialKind.WECHAT_MERCHANT_PRIVATE_KEY, newAppKey(), now);
                add(tenant, CredentialKind.WECHAT_MERCHANT_SERIAL, randomHex(40), now);
                add(tenant, CredentialKind.WECHAT_APIV3_KEY, randomAlphanumeric(32), now);
                add(tenant, CredentialKind.WECHAT_APP_ID, env.getProperty("tristate.demo.wechat-app-id",
                        "wx" + randomHex(16).toLowerCase(java.util.Locale.ROOT)), now);
            }
            if (!credentials.validSecrets(tenant, platformKey.channel(), platformKey.secretName(), now)
                    .contains(platform)) {
                add(tenant, platformKey, platform, now);
            }
        });
        return mchid;
    }

    private static String randomHex(int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append("0123456789ABCDEF".charAt(RANDOM.nextInt(16)));
        }
        return b.toString();
    }

    private String ensureAlipay(TenantId tenant, AlipaySimulator simulator) {
        CredentialKind publicKey = CredentialKind.ALIPAY_PUBLIC_KEY;
        Instant now = clock.instant();
        Optional<String> bound = credentials.accountOf(tenant, publicKey.channel());
        String appId = bound.orElseGet(() -> env.getProperty("tristate.demo.alipay-app-id", "2021000000000001"));
        transactions.inTransaction(() -> {
            if (bound.isEmpty()) {
                credentials.bindAccount(tenant, publicKey.channel(), appId, now);
                add(tenant, CredentialKind.ALIPAY_APP_PRIVATE_KEY, newAppKey(), now);
                add(tenant, CredentialKind.ALIPAY_SELLER_ID,
                        env.getProperty("tristate.demo.alipay-seller-id", "2088000000000001"), now);
            }
            boolean known = credentials.validSecrets(tenant, publicKey.channel(), publicKey.secretName(), now)
                    .contains(simulator.alipayPublicKey());
            if (!known) {
                add(tenant, publicKey, simulator.alipayPublicKey(), now);
            }
        });
        return appId;
    }

    private String ensureStripe(TenantId tenant) {
        CredentialKind secretKey = CredentialKind.STRIPE_SECRET_KEY;
        Optional<String> bound = credentials.accountOf(tenant, secretKey.channel());
        if (bound.isPresent()) {
            return bound.get();
        }
        String account = env.getProperty("tristate.demo.stripe-account", "acct_demo_shop");
        Instant now = clock.instant();
        transactions.inTransaction(() -> {
            credentials.bindAccount(tenant, secretKey.channel(), account, now);
            add(tenant, secretKey, "sk_test_" + randomAlphanumeric(24), now);
            add(tenant, CredentialKind.STRIPE_ENDPOINT_SECRET, "whsec_" + randomAlphanumeric(32), now);
        });
        return account;
    }

    private static String randomAlphanumeric(int length) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    private void add(TenantId tenant, CredentialKind kind, String secret, Instant now) {
        credentials.addSecret(tenant, kind.channel(), kind.secretName(), kind.checkedSecret(secret), now, now);
    }

    private static String newAppKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return Base64.getEncoder().encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is missing from this JVM", e);
        }
    }
}
