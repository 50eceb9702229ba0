package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.internal.util.AlipaySignature;
import com.sun.net.httpserver.HttpServer;
import dev.tristate.adapter.out.channel.alipay.AlipayAppKeys;
import dev.tristate.adapter.out.channel.alipay.AlipayChannelGateway;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.domain.resolution.QuerySchedule;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.SecretInfo;
import dev.tristate.domain.tenant.TenantId;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The keys the Alipay trade query signs and verifies with are the app's tenant's, as the credential store holds them at
 * the moment of the call: a rotation and a revocation show at the next read, with no restart. The resolver's query goes
 * to a local stand-in for Alipay's gateway that checks whose key signed it.
 */
class AlipayTenantKeysEndToEndTest extends ApplicationOverHttpTest {

    private static final CredentialKind PRIVATE = CredentialKind.ALIPAY_APP_PRIVATE_KEY;
    private static final CredentialKind PUBLIC = CredentialKind.ALIPAY_PUBLIC_KEY;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    AlipayAppKeys keys;

    @Autowired
    ApplicationContext app;

    @Test
    void theTenantsOwnKeysAreReadAtEachCallAndARevokedKeyIsGone() {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-alikeys-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Alipay keys shop", new MerchantId("m-alikeys-" + suffix),
                Optional.empty(), Optional.empty()));
        String appId = "2021" + suffix.replaceAll("[^0-9]", "7");
        Instant earlier = Instant.now().minusSeconds(60);
        credentials.bindAccount(tenant, "alipay", appId, earlier);
        credentials.addSecret(tenant, PRIVATE.channel(), PRIVATE.secretName(), "app-key-1", earlier, earlier);
        credentials.addSecret(tenant, PUBLIC.channel(), PUBLIC.secretName(), "alipay-key-1", earlier, earlier);

        assertThat(keys.of(appId)).isEqualTo(new AlipayAppKeys.Keys(List.of("app-key-1"), List.of("alipay-key-1")));
        assertThat(keys.of("2021999999999999")).isEqualTo(AlipayAppKeys.Keys.NONE);

        credentials.addSecret(tenant, PRIVATE.channel(), PRIVATE.secretName(), "app-key-2", earlier.plusSeconds(1),
                Instant.now().plusSeconds(3600));
        credentials.addSecret(tenant, PUBLIC.channel(), PUBLIC.secretName(), "alipay-key-2", earlier.plusSeconds(1),
                Instant.now().plusSeconds(3600));
        assertThat(keys.of(appId)).isEqualTo(new AlipayAppKeys.Keys(List.of("app-key-2", "app-key-1"),
                List.of("alipay-key-2", "alipay-key-1")));

        for (SecretInfo secret : credentials.secretInfos(tenant)) {
            if (secret.name().equals(PRIVATE.secretName())) {
                credentials.revokeSecret(tenant, secret.id(), Instant.now().minusSeconds(1));
            }
        }
        assertThat(keys.of(appId).appPrivateKeys()).isEmpty();
        assertThat(keys.of(appId).alipayPublicKeys()).containsExactly("alipay-key-2", "alipay-key-1");
    }

    @Test
    void theResolversAlipayQueryIsSignedWithTheTenantsKeyAndStopsOnceItIsRevoked() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-aliq-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Alipay query shop", new MerchantId("m-aliq-" + suffix),
                Optional.empty(), Optional.empty()));
        String appId = "2021" + suffix.replaceAll("[^0-9]", "7");
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair appKey = generator.generateKeyPair();
        KeyPair alipayKey = generator.generateKeyPair();
        Instant earlier = Instant.now().minusSeconds(60);
        credentials.bindAccount(tenant, "alipay", appId, earlier);
        credentials.addSecret(tenant, PRIVATE.channel(), PRIVATE.secretName(), base64(appKey.getPrivate().getEncoded()),
                earlier, earlier);
        credentials.addSecret(tenant, PUBLIC.channel(), PUBLIC.secretName(), base64(alipayKey.getPublic().getEncoded()),
                earlier, earlier);
        AtomicInteger signedByTheTenant = new AtomicInteger();
        HttpServer alipay = alipayAnsweringPaid(appId, appKey, alipayKey, signedByTheTenant);
        try {
            AlipayChannelGateway gateway = new AlipayChannelGateway("http://127.0.0.1:" + alipay.getAddress().getPort()
                    + "/gateway.do", keys, Duration.ofSeconds(2), Duration.ofSeconds(5), Clock.systemUTC());
            OwnResolver resolver = new OwnResolver(app, List.of(gateway),
                    Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)),
                    new ResolverSettings(1000, Duration.ofSeconds(30), Duration.ofMinutes(5), Duration.ofMinutes(30),
                            new QuerySchedule(List.of(Duration.ofSeconds(1))), Map.of()));
            String paid = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value(), "alipay", "CNY");

            resolver.resolveDue();

            assertThat(CallbackTestSupport.status(dataSource, paid)).isEqualTo("SUCCEEDED");
            int signedBefore = signedByTheTenant.get();
            assertThat(signedBefore).isPositive();
            for (SecretInfo secret : credentials.secretInfos(tenant)) {
                if (secret.name().equals(PRIVATE.secretName())) {
                    credentials.revokeSecret(tenant, secret.id(), Instant.now().minusSeconds(1));
                }
            }
            String afterRevocation = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value(), "alipay",
                    "CNY");

            resolver.resolveDue();

            assertThat(CallbackTestSupport.status(dataSource, afterRevocation)).isEqualTo("PENDING");
            assertThat(signedByTheTenant.get()).as("queries signed with the revoked key").isEqualTo(signedBefore);
        } finally {
            alipay.stop(0);
        }
    }

    private static String base64(byte[] key) {
        return Base64.getEncoder().encodeToString(key);
    }

    /** Alipay's gateway for one app: counts the queries the app's key signed and answers each one paid, signed. */
    private static HttpServer alipayAnsweringPaid(String appId, KeyPair appKey, KeyPair alipayKey,
                                                  AtomicInteger signedByTheApp) throws Exception {
        Pattern outTradeNo = Pattern.compile("\"out_trade_no\":\"([^\"]+)\"");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/gateway.do", exchange -> {
            String query = exchange.getRequestURI().getRawQuery();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Map<String, String> params = new HashMap<>();
            for (String pair : ((query == null ? "" : query) + "&" + body).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
            try {
                if (appId.equals(params.get("app_id")) && AlipaySignature.rsaCheckV2(new HashMap<>(params),
                        base64(appKey.getPublic().getEncoded()), "UTF-8", "RSA2")) {
                    signedByTheApp.incrementAndGet();
                }
                Matcher trade = outTradeNo.matcher(params.getOrDefault("biz_content", ""));
                String node = "{\"code\":\"10000\",\"msg\":\"Success\",\"out_trade_no\":\""
                        + (trade.find() ? trade.group(1) : "") + "\",\"trade_no\":\"T-" + UUID.randomUUID()
                        + "\",\"trade_status\":\"TRADE_SUCCESS\",\"total_amount\":\"19.99\"}";
                String sign = AlipaySignature.rsa256Sign(node, base64(alipayKey.getPrivate().getEncoded()), "UTF-8");
                byte[] answer = ("{\"alipay_trade_query_response\":" + node + ",\"sign\":\"" + sign + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json;charset=utf-8");
                exchange.sendResponseHeaders(200, answer.length);
                exchange.getResponseBody().write(answer);
            } catch (Exception e) {
                exchange.sendResponseHeaders(500, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
        return server;
    }
}
