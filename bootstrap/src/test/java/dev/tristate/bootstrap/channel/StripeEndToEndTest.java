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
import dev.tristate.simulator.stripe.Behaviour;
import dev.tristate.simulator.stripe.StripeAccount;
import dev.tristate.simulator.stripe.StripeAccountDirectory;
import dev.tristate.simulator.stripe.StripeSimulator;
import dev.tristate.simulator.stripe.WebhookDelivery;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Stripe end to end, as a merchant runs it: the shipped application on the prod profile against the integration
 * services (MariaDB and RabbitMQ under .ci/run), stripe-java in the gateway, and the Stripe simulator (in this
 * process, on this port) speaking Stripe's API: Checkout Sessions, PaymentIntents and their search, Refunds, balance
 * transactions, and signed webhooks re-sent with Stripe's backoff compressed 3600 times (an hour is a second).
 */
@SpringBootTest(classes = {TristateApplication.class, StripeEndToEndTest.MisconfiguredEndpoints.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.stripe-simulator.enabled=true", "tristate.stripe-simulator.time-compression=3600",
                "tristate.channels.stripe.api-base=http://localhost:${local.server.port:0}/simulators/stripe",
                "tristate.relay.interval=100ms", "tristate.resolver.stale-after=1s",
                "tristate.reconciliation.edge-window=1s", "tristate.reconciliation.daily.enabled=false"})
@ActiveProfiles("prod")
class StripeEndToEndTest {

    private static final HttpClient PAYER = HttpClient.newBuilder().build();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    /**
     * The Stripe side as the host's store describes it, except for accounts whose merchant pasted a wrong endpoint
     * secret at Stripe: Stripe signs their events with a secret Tristate does not have, until it is corrected.
     */
    @TestConfiguration(proxyBeanMethods = false)
    static class MisconfiguredEndpoints {
        static final Map<String, String> WRONG_SECRET = new ConcurrentHashMap<>();

        @Bean
        @Primary
        StripeAccountDirectory misconfigurableDirectory(
                @Qualifier("stripeAccountDirectory") StripeAccountDirectory store) {
            return new Misconfigurable(store);
        }

        record Misconfigurable(StripeAccountDirectory store) implements StripeAccountDirectory {
            @Override
            public Optional<StripeAccount> account(String accountId) {
                return store.account(accountId).map(Misconfigurable::asStripeHasIt);
            }

            @Override
            public Optional<StripeAccount> accountOfSecretKey(String secretKey) {
                return store.accountOfSecretKey(secretKey).map(Misconfigurable::asStripeHasIt);
            }

            private static StripeAccount asStripeHasIt(StripeAccount account) {
                String wrong = WRONG_SECRET.get(account.id());
                return wrong == null ? account : new StripeAccount(account.id(), account.secretKeys(),
                        account.webhookUrl(), List.of(wrong));
            }
        }
    }

    @LocalServerPort int port;
    @Autowired ProvisionTenantUseCase provisioning;
    @Autowired ChannelCredentialStore credentials;
    @Autowired StripeSimulator simulator;
    @Autowired StartReconciliationUseCase reconciliation;
    @Autowired ResolvePaymentsUseCase resolver;
    @Autowired DataSource dataSource;

    /** A new tenant with a Stripe account at the simulator: a secret key and a webhook endpoint secret. */
    private ChannelShop shop() {
        MerchantApiClient.Merchant merchant = MerchantApiClient.provision(provisioning, credentials, "sandbox",
                "t-stripe");
        String account = "acct_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        Instant now = Instant.now();
        credentials.bindAccount(merchant.tenant(), "stripe", account, now);
        add(merchant, CredentialKind.STRIPE_SECRET_KEY, "sk_test_" + UUID.randomUUID().toString().replace("-", ""),
                now);
        add(merchant, CredentialKind.STRIPE_ENDPOINT_SECRET, "whsec_" + UUID.randomUUID().toString()
                .replace("-", ""), now);
        return new ChannelShop(port, merchant.tenant(), merchant.apiKey(), "stripe", account);
    }

    private void add(MerchantApiClient.Merchant merchant, CredentialKind kind, String secret, Instant now) {
        credentials.addSecret(merchant.tenant(), kind.channel(), kind.secretName(), kind.checkedSecret(secret), now,
                now);
    }

    /** The payer presses a button on Checkout's page (the session's {@code url}). */
    private static void checkout(JsonNode created, String action) throws Exception {
        URI page = URI.create(created.get("pay_url").stringValue());
        HttpResponse<String> shown = PAYER.send(HttpRequest.newBuilder(page).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(shown.body()).contains(created.get("payment_id").stringValue());
        HttpResponse<String> pressed = PAYER.send(HttpRequest.newBuilder(page)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString("action=" + action)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(pressed.statusCode()).isIn(200, 303);
    }

    private String paid(ChannelShop shop) throws Exception {
        return paid(shop, Behaviour.NONE);
    }

    private String paid(ChannelShop shop, Behaviour behaviour) throws Exception {
        JsonNode created = shop.createPayment("checkout", 1999, "USD");
        String paymentId = created.get("payment_id").stringValue();
        simulator.behaviour(shop.account(), paymentId, behaviour);
        checkout(created, "pay");
        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(20));
        shop.awaitEntitlement(paymentId, "GRANTED");
        return paymentId;
    }

    private List<WebhookDelivery> deliveries(ChannelShop shop, String paymentId) {
        return simulator.deliveries(shop.account()).stream().filter(d -> paymentId.equals(d.outTradeNo())).toList();
    }

    @Test
    void paidWithDuplicatedAndReorderedWebhooksIsSucceededOnceWithOneEntitlement() throws Exception {
        ChannelShop shop = shop();
        String paymentId = paid(shop, new Behaviour(2, true, 200, false, false, null, false, false, false));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(deliveries(shop, paymentId))
                .isNotEmpty().allSatisfy(d -> assertThat(d.state()).isEqualTo("DELIVERED")));
        assertThat(deliveries(shop, paymentId)).extracting(WebhookDelivery::type)
                .contains("checkout.session.completed", "payment_intent.succeeded");
        assertThat(ChannelShop.callbacksRecorded(dataSource, paymentId)).as("3 copies of each event")
                .isGreaterThanOrEqualTo(6);
        JsonNode payment = shop.payment(paymentId);
        assertThat(payment.get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(payment.get("channel_txn_id").stringValue()).startsWith("pi_");
        assertThat(payment.get("entitlements").size()).isEqualTo(1);
    }

    @Test
    void webhooksRefusedAtFirstAreResentWithStripesBackoffAndTheLateOneIsApplied() throws Exception {
        ChannelShop shop = shop();
        MisconfiguredEndpoints.WRONG_SECRET.put(shop.account(), "whsec_" + "0".repeat(32));
        JsonNode created = shop.createPayment("checkout", 1999, "USD");
        String paymentId = created.get("payment_id").stringValue();
        checkout(created, "pay");

        await().atMost(Duration.ofSeconds(10)).until(() -> deliveries(shop, paymentId).stream()
                .anyMatch(d -> d.attempts() >= 3));
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PENDING");
        MisconfiguredEndpoints.WRONG_SECRET.remove(shop.account());

        shop.awaitStatus(paymentId, "SUCCEEDED", Duration.ofSeconds(30));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(deliveries(shop, paymentId))
                .anySatisfy(d -> {
                    assertThat(d.state()).isEqualTo("DELIVERED");
                    assertThat(d.attempts()).as("re-sent until one verified").isGreaterThan(3);
                }));
        shop.awaitEntitlement(paymentId, "GRANTED");
    }

    @Test
    void aDroppedWebhookIsFoundByTheResolversQuery() throws Exception {
        ChannelShop shop = shop();
        JsonNode created = shop.createPayment("checkout", 1999, "USD");
        String paymentId = created.get("payment_id").stringValue();
        simulator.behaviour(shop.account(), paymentId, new Behaviour(0, false, 0, true, false, null, false, false,
                false));
        checkout(created, "pay");
        Thread.sleep(1500);
        assertThat(shop.payment(paymentId).get("status").stringValue()).as("nothing came").isEqualTo("PENDING");

        shop.resolveUntil(resolver, paymentId, "SUCCEEDED");

        assertThat(ChannelShop.callbacksRecorded(dataSource, paymentId)).isZero();
        shop.awaitEntitlement(paymentId, "GRANTED");
    }

    @Test
    void aPartialThenAFullRefund() throws Exception {
        ChannelShop shop = shop();
        String paymentId = paid(shop);

        assertThat(shop.refund(paymentId, 500).get("status").stringValue()).isEqualTo("SUCCEEDED");
        assertThat(shop.payment(paymentId).get("status").stringValue()).isEqualTo("PARTIALLY_REFUNDED");
        assertThat(shop.refund(paymentId, 1499).get("status").stringValue()).isEqualTo("SUCCEEDED");

        JsonNode refunded = shop.payment(paymentId);
        assertThat(refunded.get("status").stringValue()).isEqualTo("REFUNDED");
        assertThat(refunded.get("refunded_minor").asLong()).isEqualTo(1999);
        shop.awaitEntitlement(paymentId, "REVOKED");
    }

    @Test
    void theDaysBalanceTransactionsAreReconciledWithOneSeededDiscrepancyOfEachClassStripeCanShow() throws Exception {
        ChannelShop shop = shop();
        Behaviour notInTheBalance = new Behaviour(0, false, 0, false, false, null, true, false, false);
        String matched = paid(shop);
        String otherAmount = paid(shop, notInTheBalance);
        paid(shop, notInTheBalance); // paid here, missing from the day's balance
        String entitlementLost = paid(shop);
        String paidThereOnly = shop.createPayment("checkout", 1999, "USD").get("payment_id").stringValue();
        new JdbcTemplate(dataSource).update("DELETE FROM entitlements WHERE payment_id = ?", entitlementLost);
        long now = Instant.now().getEpochSecond();
        String account = shop.account();
        simulator.seedBalanceTransaction(account, "charge", 2999, "usd", now, otherAmount, null);
        simulator.seedBalanceTransaction(account, "charge", 1999, "usd", now, paidThereOnly, null);
        simulator.seedBalanceTransaction(account, "charge", 1000, "usd", now, "pay_not_ours_at_all", null);
        simulator.seedBalanceTransaction(account, "refund", -100, "usd", now, matched, null);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        ReconciliationRunView run = reconciliation.startReconciliation(new StartReconciliationCommand(shop.tenant(),
                "stripe", today, new StatementSource.FetchFromChannel(), "e2e"));

        assertThat(run.status()).as(String.valueOf(run.error())).isEqualTo("COMPLETED");
        assertThat(run.paymentLines()).isEqualTo(5);
        assertThat(run.refundLines()).isEqualTo(1);
        assertThat(run.matched()).isEqualTo(2);
        assertThat(run.byClass()).isEqualTo(Map.of(
                DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, 1,
                DiscrepancyClass.HERE_NOT_AT_CHANNEL, 1,
                DiscrepancyClass.PAID_AT_CHANNEL_NOT_HERE, 1,
                DiscrepancyClass.CHANNEL_TRADE_UNKNOWN_HERE, 1,
                DiscrepancyClass.PAID_BUT_ENTITLEMENT_MISSING, 1,
                DiscrepancyClass.REFUND_MISMATCH, 1));
    }
}
