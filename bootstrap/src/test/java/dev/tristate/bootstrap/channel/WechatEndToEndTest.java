package dev.tristate.bootstrap.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StartReconciliationCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.merchant.MerchantApiClient;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.simulator.wechat.WechatBehaviour;
import dev.tristate.simulator.wechat.WechatBillSeed;
import dev.tristate.simulator.wechat.WechatNotice;
import dev.tristate.simulator.wechat.WechatSimulator;
import dev.tristate.testing.IntegrationEnvironment;
import dev.tristate.testing.WechatPlatformCertificate;
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
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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
 * WeChat Pay end to end, as a merchant runs it: the shipped application on the prod profile against the integration
 * services (MariaDB and RabbitMQ under .ci/run), wechatpay-java in the gateway, and the WeChat Pay simulator (in this
 * process, on this port) speaking the v3 wire protocol: signed requests and answers, notifications encrypted under the
 * merchant's APIv3 key and re-sent on WeChat Pay's 15-step schedule compressed 3,600 times (its 24 hours last 24
 * seconds), refunds and their notifications, and the trade bill.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.wechat-simulator.enabled=true", "tristate.wechat-simulator.time-compression=3600",
                "tristate.wechat-simulator.same-day-bills=true", "tristate.wechat-simulator.refund-settle-ms=300",
                "tristate.channels.wechat.api-base=http://localhost:${local.server.port:0}/simulators/wechat",
                "tristate.channels.wechat.notify-url=http://localhost:${local.server.port:0}/callbacks/wechat",
                "tristate.relay.interval=100ms", "tristate.resolver.stale-after=1s",
                "tristate.reconciliation.edge-window=1s", "tristate.reconciliation.daily.enabled=false"})
@ActiveProfiles("prod")
class WechatEndToEndTest {

    private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
    private static final HttpClient BROWSER = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase provisioning;
    @Autowired ChannelCredentialStore credentials;
    @Autowired WechatSimulator simulator;
    @Autowired StartReconciliationUseCase reconciliation;
    @Autowired ResolvePaymentsUseCase resolver;
    @Autowired DataSource dataSource;

    /** A new tenant that is a merchant at the simulator: its own key, serial, APIv3 key and app id. */
    private ChannelShop shop() throws Exception {
        MerchantApiClient.Merchant merchant = MerchantApiClient.provision(provisioning, credentials, "sandbox",
                "t-wx");
        String mchid = "19" + String.format("%08d", ThreadLocalRandom.current().nextInt(100_000_000));
        Instant now = Instant.now();
        credentials.bindAccount(merchant.tenant(), "wechat", mchid, now);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        add(merchant, CredentialKind.WECHAT_MERCHANT_PRIVATE_KEY,
                Base64.getEncoder().encodeToString(generator.generateKeyPair().getPrivate().getEncoded()), now);
        add(merchant, CredentialKind.WECHAT_MERCHANT_SERIAL, hex(20), now);
        add(merchant, CredentialKind.WECHAT_APIV3_KEY, UUID.randomUUID().toString().replace("-", ""), now);
        add(merchant, CredentialKind.WECHAT_APP_ID, "wx" + hex(8).toLowerCase(), now);
        add(merchant, CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY, simulator.platformPublicKeyId() + ":"
                + simulator.platformPublicKey(), now);
        return new ChannelShop(port, merchant.tenant(), merchant.apiKey(), "wechat", mchid);
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        ThreadLocalRandom.current().nextBytes(random);
        return HexFormat.of().withUpperCase().formatHex(random);
    }

    /** A credential added to a shop's tenant now, as the console adds it. */
    private void add(ChannelShop shop, CredentialKind kind, String secret) {
        Instant now = Instant.now();
        credentials.addSecret(shop.tenant(), kind.channel(), kind.secretName(), kind.checkedSecret(secret), now, now);
    }

    private void add(MerchantApiClient.Merchant merchant, CredentialKind kind, String secret, Instant now) {
        credentials.addSecret(merchant.tenant(), kind.channel(), kind.secretName(), kind.checkedSecret(secret), now,
                now);
    }

    /** The payer scans the code and presses Pay on the simulator's page. */
    private void pay(JsonNode created) throws Exception {
        String qr = created.get("pay").get("qr_code").stringValue();
        HttpResponse<String> page = BROWSER.send(HttpRequest.newBuilder(URI.create(simulator.payPageUrl(qr)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).contains("SUCCESS");
    }

    private String paid(ChannelShop shop) throws Exception {
        JsonNode created = shop.createPayment("native", 1999);
        String paymentId = created.get("payment_id").stringValue();
        pay(created);
        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        shop.awaitEntitlement(paymentId, "GRANTED");
        return paymentId;
    }

    private List<Map<String, Object>> recorded(String paymentId) {
        return new JdbcTemplate(dataSource).queryForList("SELECT outcome, answer_status FROM channel_notifications "
                + "WHERE payment_id = ? AND source = 'CALLBACK' ORDER BY id", paymentId);
    }

    /** Every notification recorded for the shop's tenant: a refused one is not opened, so it names no payment. */
    private List<Map<String, Object>> recordedFor(ChannelShop shop) {
        return new JdbcTemplate(dataSource).queryForList("SELECT outcome, answer_status FROM channel_notifications "
                + "WHERE tenant_id = ? AND channel = 'wechat' AND source = 'CALLBACK'", shop.tenant().value());
    }

    @Test
    void paidIsSucceededWithOneEntitlement() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment(null, 1999);
        String paymentId = created.get("payment_id").stringValue();
        assertThat(created.get("pay").get("method").stringValue()).as("native is the default").isEqualTo("native");

        pay(created);

        JsonNode payment = shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        assertThat(payment.get("channel_txn_id").stringValue())
                .isEqualTo(simulator.transactionId(shop.account(), paymentId).orElseThrow());
        shop.awaitEntitlement(paymentId, "GRANTED");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(simulator.notices(shop.account(),
                paymentId)).singleElement().satisfies(n -> assertThat(n.state()).isEqualTo("DELIVERED")));
    }

    @Test
    void inCertificateModeThePlatformCertificateVerifiesNotificationsAndAnswers() throws Exception {
        ChannelShop shop = shop();
        add(shop, CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY, WechatPlatformCertificate.pem());
        Runnable publicKeyMode = simulator.signWithCertificate(WechatPlatformCertificate.serial(),
                WechatPlatformCertificate.privateKey());
        try {
            String paidByNotice = paid(shop);

            JsonNode created = shop.createPayment("native", 1999);
            String foundByQuery = created.get("payment_id").stringValue();
            simulator.behaviour(shop.account(), foundByQuery, new WechatBehaviour(0, false, 0, true, false, null,
                    false, false));
            pay(created);
            shop.resolveUntil(resolver, foundByQuery, "SUCCEEDED");

            assertThat(recorded(paidByNotice)).extracting(row -> row.get("outcome")).containsExactly("APPLIED");
            assertThat(shop.refund(paidByNotice, 1999).get("status").stringValue()).isIn("PENDING", "SUCCEEDED");
        } finally {
            publicKeyMode.run();
        }
    }

    @Test
    void theFifteenNoticeStormWithDuplicatesAndReorderedCopiesIsSucceededOnceWithOneEntitlement() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("native", 1999);
        String paymentId = created.get("payment_id").stringValue();
        // Five copies of the notification; the tenant's platform key is wrong at first, so each copy is refused and
        // WeChat Pay re-sends it on its schedule, the copies interleaved with each other.
        simulator.behaviour(shop.account(), paymentId, new WechatBehaviour(4, false, 0, false, false, null, false,
                false));
        CredentialKind platform = CredentialKind.WECHAT_PLATFORM_PUBLIC_KEY;
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String wrong = platform.checkedSecret(simulator.platformPublicKeyId() + ":"
                + Base64.getEncoder().encodeToString(generator.generateKeyPair().getPublic().getEncoded()));
        String right = simulator.platformPublicKeyId() + ":" + simulator.platformPublicKey();
        credentials.addSecret(shop.tenant(), platform.channel(), platform.secretName(), wrong, Instant.now(),
                Instant.now());
        pay(created);

        await().atMost(Duration.ofSeconds(20)).until(() -> simulator.notices(shop.account(), paymentId).stream()
                .mapToInt(WechatNotice::attempts).sum() >= 15);
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PENDING");
        assertThat(recordedFor(shop)).as("each refusal recorded with the failure answer").isNotEmpty()
                .allSatisfy(row -> {
                    assertThat(row.get("outcome")).isEqualTo("REJECTED");
                    assertThat(((Number) row.get("answer_status")).intValue()).isEqualTo(401);
                });

        credentials.addSecret(shop.tenant(), platform.channel(), platform.secretName(), right, Instant.now(),
                Instant.now());

        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(30));
        shop.awaitEntitlement(paymentId, "GRANTED");
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(simulator.notices(shop.account(),
                paymentId)).singleElement().satisfies(n -> {
                    assertThat(n.copies()).isEqualTo(5);
                    assertThat(n.state()).isIn("DELIVERED", "GAVE_UP");
                }));
        List<Map<String, Object>> rows = recordedFor(shop);
        assertThat(rows.size()).as("at least fifteen notices arrived").isGreaterThanOrEqualTo(15);
        assertThat(rows.stream().filter(row -> row.get("outcome").equals("APPLIED")).count()).isEqualTo(1);
        assertThat(shop.payment(paymentId).get("entitlements").size()).isEqualTo(1);
    }

    @Test
    void aDroppedNotificationIsFoundByTheResolversQuery() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("native", 1999);
        String paymentId = created.get("payment_id").stringValue();
        simulator.behaviour(shop.account(), paymentId, new WechatBehaviour(0, false, 0, true, false, null, false,
                false));

        pay(created);
        Thread.sleep(1500);
        assertThat(shop.payment(paymentId).get("status").stringValue()).as("nothing came").isEqualTo("PENDING");

        shop.resolveUntil(resolver, paymentId, "SUCCEEDED");
        assertThat(simulator.notices(shop.account(), paymentId)).allSatisfy(n ->
                assertThat(n.state()).isEqualTo("DROPPED"));
        assertThat(recorded(paymentId)).isEmpty();
        shop.awaitEntitlement(paymentId, "GRANTED");
    }

    @Test
    void aPartialRefundConfirmedByItsNotificationAndAFullRefundConfirmedByQuery() throws Exception {
        ChannelShop shop = shop();
        String paymentId = paid(shop);
        simulator.behaviour(shop.account(), paymentId, new WechatBehaviour(0, false, 0, false, false, null, true,
                false));

        JsonNode partial = shop.refund(paymentId, 500);
        assertThat(partial.get("status").stringValue()).as("WeChat Pay is processing it").isEqualTo("PENDING");
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() ->
                shop.payment(paymentId).get("status").stringValue().equals("PARTIALLY_REFUNDED"));
        assertThat(simulator.notices(shop.account(), paymentId)).filteredOn(n -> "REFUND.SUCCESS".equals(n
                .eventType())).singleElement().satisfies(n -> assertThat(n.state()).isEqualTo("DELIVERED"));
        assertThat(recorded(paymentId)).extracting(row -> row.get("outcome")).contains("APPLIED");
        shop.awaitEntitlement(paymentId, "GRANTED");

        simulator.behaviour(shop.account(), paymentId, new WechatBehaviour(0, false, 0, true, false, null, true,
                false));
        JsonNode rest = shop.refund(paymentId, 1499);
        assertThat(rest.get("status").stringValue()).isEqualTo("PENDING");
        Thread.sleep(600);
        shop.resolveUntil(resolver, paymentId, "REFUNDED");
        assertThat(shop.payment(paymentId).get("refunded_minor").asLong()).isEqualTo(1999);
        shop.awaitEntitlement(paymentId, "REVOKED");
    }

    @Test
    void aNotificationOfAnotherAmountChangesNothingIsHeldForReviewAndEveryCopyGetsTheFailureAnswer()
            throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("native", 1999);
        String paymentId = created.get("payment_id").stringValue();
        simulator.behaviour(shop.account(), paymentId, new WechatBehaviour(0, false, 0, false, false, 1L, false,
                false));

        pay(created);

        // Refused, so WeChat Pay sends it again on its (compressed) schedule.
        await().atMost(Duration.ofSeconds(20)).until(() -> recorded(paymentId).size() >= 3);
        List<Map<String, Object>> rows = recorded(paymentId);
        assertThat(rows.get(0).get("outcome")).isEqualTo("HELD_FOR_REVIEW");
        assertThat(rows.subList(1, rows.size())).extracting(row -> row.get("outcome")).containsOnly("DUPLICATE");
        assertThat(rows).extracting(row -> ((Number) row.get("answer_status")).intValue()).containsOnly(409);
        assertThat(simulator.notices(shop.account(), paymentId)).singleElement().satisfies(n ->
                assertThat(n.attempts()).isGreaterThanOrEqualTo(3));
        assertThat(new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM review_cases WHERE payment_id = ?"
                + " AND reason = 'AMOUNT_MISMATCH'", Long.class, paymentId)).as("one case").isEqualTo(1L);
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PENDING");
    }

    @Test
    void theDaysTradeBillIsReconciledWithOneSeededDiscrepancyOfEachClassWechatCanShow() throws Exception {
        ChannelShop shop = shop();
        String matched = paid(shop);
        String otherAmount = paid(shop);
        String missingFromBill = paid(shop);
        String entitlementLost = paid(shop);
        JsonNode pending = shop.createPayment("native", 1999);
        String paidThereOnly = pending.get("payment_id").stringValue();
        new JdbcTemplate(dataSource).update("DELETE FROM entitlements WHERE payment_id = ?", entitlementLost);
        LocalDate today = LocalDate.now(CHINA);
        Instant now = Instant.now();
        simulator.seedBill(shop.account(), today, WechatBillSeed.NONE
                .withAmount(otherAmount, 2999)
                .without(missingFromBill)
                .withTrade("4200000000000000000000000001", paidThereOnly, 1999, now)
                .withTrade("4200000000000000000000000002", "pay_not_ours_at_all", 1000, now)
                .withRefund(simulator.transactionId(shop.account(), matched).orElseThrow(), matched,
                        "50300000000000000000000000001", "refund-made-elsewhere", 100, now));

        ReconciliationRunView run = reconciliation.startReconciliation(new StartReconciliationCommand(shop.tenant(),
                "wechat", today, new StatementSource.FetchFromChannel(), "e2e"));

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
        shop.awaitStatus(paidThereOnly, "SUCCEEDED", Duration.ofSeconds(20));
    }
}
