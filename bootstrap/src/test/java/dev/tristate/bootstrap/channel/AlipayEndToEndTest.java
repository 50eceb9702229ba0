package dev.tristate.bootstrap.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.merchant.MerchantApiClient;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.simulator.alipay.AlipaySimulator;
import dev.tristate.simulator.alipay.BillSeed;
import dev.tristate.simulator.alipay.Behaviour;
import dev.tristate.simulator.alipay.NotificationView;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Alipay end to end, as a merchant runs it: the shipped application on the prod profile against the integration
 * services (MariaDB and RabbitMQ under .ci/run), the official Alipay SDK in the gateway, and the Alipay simulator
 * (in this process, on this port) speaking Alipay's wire protocol: signed requests and answers, the cashier page,
 * notifications on Alipay's schedule compressed 3600 times (an hour is a second), refunds, and the GBK bill zip.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.alipay-simulator.enabled=true", "tristate.alipay-simulator.time-compression=3600",
                "tristate.alipay-simulator.same-day-bills=true",
                "tristate.channels.alipay.gateway-url="
                        + "http://localhost:${local.server.port:0}/simulators/alipay/gateway.do",
                "tristate.channels.alipay.notify-url=http://localhost:${local.server.port:0}/callbacks/alipay",
                "tristate.relay.interval=100ms", "tristate.resolver.stale-after=1s",
                "tristate.reconciliation.edge-window=1s", "tristate.reconciliation.daily.enabled=false"})
@ActiveProfiles("prod")
class AlipayEndToEndTest {

    private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    private static final HttpClient BROWSER = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
            .build();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase provisioning;
    @Autowired ChannelCredentialStore credentials;
    @Autowired AlipaySimulator simulator;
    @Autowired StartReconciliationUseCase reconciliation;
    @Autowired ResolvePaymentsUseCase resolver;
    @Autowired DataSource dataSource;

    /** A new tenant with an Alipay app at the simulator: its own app key pair, the simulator's key, a seller id. */
    private ChannelShop shop() throws Exception {
        MerchantApiClient.Merchant merchant = MerchantApiClient.provision(provisioning, credentials, "sandbox",
                "t-ali");
        String appId = "2021" + String.format("%012d", ThreadLocalRandom.current().nextLong(1_000_000_000_000L));
        Instant now = Instant.now();
        credentials.bindAccount(merchant.tenant(), "alipay", appId, now);
        add(merchant, CredentialKind.ALIPAY_APP_PRIVATE_KEY, newRsaKey(), now);
        add(merchant, CredentialKind.ALIPAY_PUBLIC_KEY, simulator.alipayPublicKey(), now);
        add(merchant, CredentialKind.ALIPAY_SELLER_ID, "2088" + appId.substring(4), now);
        return new ChannelShop(port, merchant.tenant(), merchant.apiKey(), "alipay", appId);
    }

    private void add(MerchantApiClient.Merchant merchant, CredentialKind kind, String secret, Instant now) {
        credentials.addSecret(merchant.tenant(), kind.channel(), kind.secretName(), kind.checkedSecret(secret), now,
                now);
    }

    private static String newRsaKey() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return Base64.getEncoder().encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
    }

    /** The payer opens the pay URL as a browser does: the SDK-signed gateway.do URL redirects to the cashier. */
    private static void open(JsonNode created) throws Exception {
        HttpResponse<String> cashier = BROWSER.send(HttpRequest.newBuilder(
                URI.create(created.get("pay_url").stringValue())).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(cashier.statusCode()).isEqualTo(200);
        assertThat(cashier.body()).contains(created.get("payment_id").stringValue()).contains("Pay 19.99 CNY");
    }

    private String paid(ChannelShop shop) throws Exception {
        JsonNode created = shop.createPayment("page", 1999);
        String paymentId = created.get("payment_id").stringValue();
        open(created);
        assertThat(simulator.pay(shop.account(), paymentId)).isTrue();
        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        shop.awaitEntitlement(paymentId, "GRANTED");
        return paymentId;
    }

    @Test
    void paidWithDuplicatedReorderedAndLateNotificationsIsSucceededOnceWithOneEntitlement() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("page", 1999);
        String paymentId = created.get("payment_id").stringValue();
        assertThat(created.get("pay").get("method").stringValue()).isEqualTo("page");
        open(created);
        simulator.behaviour(shop.account(), paymentId, new Behaviour(3, true, 300, false, false, null));

        assertThat(simulator.pay(shop.account(), paymentId)).isTrue();

        JsonNode payment = shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        assertThat(payment.get("channel_txn_id").stringValue())
                .isEqualTo(simulator.tradeNo(shop.account(), paymentId));
        shop.awaitEntitlement(paymentId, "GRANTED");
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(simulator.notifications(shop.account(), paymentId)).allSatisfy(n ->
                        assertThat(n.state()).as("every copy answered success").isEqualTo("DELIVERED")));
        List<NotificationView> sent = simulator.notifications(shop.account(), paymentId);
        assertThat(sent).extracting(NotificationView::tradeStatus).contains("TRADE_SUCCESS", "WAIT_BUYER_PAY");
        assertThat(ChannelShop.callbacksRecorded(dataSource, paymentId))
                .as("4 copies of the success and of the stale notice").isGreaterThanOrEqualTo(8);
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(shop.payment(paymentId).get("entitlements").size()).isEqualTo(1);
    }

    @Test
    void notificationsRefusedAtFirstAreResentOnAlipaysScheduleAndTheLateOneIsApplied() throws Exception {
        ChannelShop shop = shop();
        String wrongKey = Base64.getEncoder().encodeToString(KeyPairGenerator.getInstance("RSA").generateKeyPair()
                .getPublic().getEncoded());
        Instant now = Instant.now();
        CredentialKind alipayKey = CredentialKind.ALIPAY_PUBLIC_KEY;
        JsonNode created = shop.createPayment("qr", 1999);
        String paymentId = created.get("payment_id").stringValue();
        assertThat(created.get("pay").get("qr_code").stringValue()).contains("/simulators/alipay/cashier/");
        // The tenant set a wrong Alipay public key: every notification fails verification and is answered failure.
        credentials.addSecret(shop.tenant(), alipayKey.channel(), alipayKey.secretName(), wrongKey, now, now);
        simulator.open(shop.account(), paymentId);
        simulator.pay(shop.account(), paymentId);

        await().atMost(Duration.ofSeconds(10)).until(() ->
                simulator.notifications(shop.account(), paymentId).get(0).attempts() >= 3);
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PENDING");
        credentials.addSecret(shop.tenant(), alipayKey.channel(), alipayKey.secretName(), simulator.alipayPublicKey(),
                Instant.now(), Instant.now());

        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        NotificationView view = simulator.notifications(shop.account(), paymentId).get(0);
        assertThat(view.state()).isEqualTo("DELIVERED");
        assertThat(view.attempts()).as("resent until one verified").isBetween(4, 8);
        shop.awaitEntitlement(paymentId, "GRANTED");
    }

    @Test
    void aDroppedNotificationIsFoundByTheResolversQuery() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("page", 1999);
        String paymentId = created.get("payment_id").stringValue();
        open(created);
        simulator.behaviour(shop.account(), paymentId, new Behaviour(0, false, 0, true, false, null));

        simulator.pay(shop.account(), paymentId);
        Thread.sleep(1500);
        assertThat(shop.payment(paymentId).get("status").stringValue()).as("nothing came").isEqualTo("PENDING");

        shop.resolveUntil(resolver, paymentId, "SUCCEEDED");
        assertThat(simulator.notifications(shop.account(), paymentId)).allSatisfy(n ->
                assertThat(n.state()).isEqualTo("DROPPED"));
        assertThat(ChannelShop.callbacksRecorded(dataSource, paymentId)).isZero();
        shop.awaitEntitlement(paymentId, "GRANTED");
    }

    @Test
    void aPartialThenAFullRefund() throws Exception {
        ChannelShop shop = shop();
        String paymentId = paid(shop);

        JsonNode partial = shop.refund(paymentId, 500);
        assertThat(partial.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PARTIALLY_REFUNDED");
        shop.awaitEntitlement(paymentId, "GRANTED");

        JsonNode rest = shop.refund(paymentId, 1499);
        assertThat(rest.get("status").stringValue()).isEqualTo("SUCCEEDED");
        JsonNode refunded = shop.payment(paymentId);
        assertThat(refunded.get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(refunded.get("refunded_minor").asLong()).isEqualTo(1999);
        shop.awaitEntitlement(paymentId, "REVOKED");
    }

    @Test
    void theDaysBillIsReconciledWithOneSeededDiscrepancyOfEachClassAlipayCanShow() throws Exception {
        ChannelShop shop = shop();
        String matched = paid(shop);
        String otherAmount = paid(shop);
        String missingFromBill = paid(shop);
        String entitlementLost = paid(shop);
        JsonNode pending = shop.createPayment("page", 1999);
        String paidThereOnly = pending.get("payment_id").stringValue();
        new JdbcTemplate(dataSource).update("DELETE FROM entitlements WHERE payment_id = ?", entitlementLost);
        LocalDate today = LocalDate.now(CHINA);
        Instant now = Instant.now();
        simulator.seedBill(shop.account(), today, BillSeed.NONE
                .withAmount(otherAmount, 2999)
                .without(missingFromBill)
                .withTrade("2026000000000000000001", paidThereOnly, 1999, now)
                .withTrade("2026000000000000000002", "pay_not_ours_at_all", 1000, now)
                .withRefund(simulator.tradeNo(shop.account(), matched), matched, "refund-made-elsewhere", 100, now));

        ReconciliationRunView run = reconciliation.startReconciliation(new StartReconciliationCommand(shop.tenant(),
                "alipay", today, new StatementSource.FetchFromChannel(), "e2e"));

        assertThat(run.status()).as(String.valueOf(run.error())).isEqualTo("COMPLETED");
        assertThat(run.paymentLines()).isEqualTo(5);
        assertThat(run.refundLines()).isEqualTo(1);
        assertThat(run.matched()).as(matched + " and " + entitlementLost).isEqualTo(2);
        assertThat(run.byClass()).isEqualTo(Map.of(
                DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, 1,
                DiscrepancyClass.HERE_NOT_AT_CHANNEL, 1,
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1,
                DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, 1,
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1,
                DiscrepancyClass.REFUND_MISMATCH, 1));
        assertThat(run.skippedChecks()).isEmpty();
        // The bill's word that it was paid is applied like a callback (automatic repair), once.
        shop.awaitStatus(paidThereOnly, "SUCCEEDED", Duration.ofSeconds(20));
    }
}
