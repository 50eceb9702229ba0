package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.sandbox.SandboxSignature;
import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetChannelCredentialCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.application.tenant.service.TenantServices;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Rotation grace periods on the integration database, with the services on a clock the test moves: after an
 * operator rotates a tenant's merchant API key or sandbox secret, the previous one keeps working for the grace
 * period and is refused after it, while the new one works throughout.
 */
class CredentialGracePeriodTest extends ApplicationOverHttpTest {

    private static final Duration GRACE = Duration.ofHours(1);
    private static final Operator OLGA = new Operator("olga", ConsoleRole.OPERATOR);

    @Autowired SecureRandom random;
    @Autowired TenantRepository tenantRepository;
    @Autowired ChannelCredentialStore credentials;
    @Autowired TenantWebhooks webhooks;
    @Autowired AuditTrail audit;
    @Autowired Transactions transactions;
    @Autowired List<ChannelNotificationFormat> formats;
    @Autowired PaymentRepository payments;
    @Autowired NotificationLog log;
    @Autowired OutboxStore outbox;
    @Autowired ReviewCases reviews;
    @Autowired CrashPoints crashPoints;
    @Autowired RecordUnknownOutcomeUseCase unknowns;

    private final Instant rotatedAt = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private final SettableClock clock = new SettableClock(rotatedAt);

    private ManageTenantsUseCase administration() {
        return TenantServices.manageTenants(tenantRepository, credentials, webhooks, WebhookEndpointPolicy.ANY, audit,
                transactions, clock, random, GRACE);
    }

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    @Test
    void anOldMerchantApiKeyWorksWithinTheGracePeriodAndIsRefusedAfterIt() {
        TenantId tenant = new TenantId("t-grace-" + UUID.randomUUID().toString().substring(0, 12));
        ApiKey old = ApiKey.fromRandomBytes(UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
        tenants.provision(new ProvisionTenantCommand(tenant, "Grace", new MerchantId("m-" + tenant.value()),
                Optional.of(old), Optional.empty()));
        AuthenticateMerchantQuery authentication = TenantServices.authenticateMerchant(tenantRepository, clock);
        assertThat(authentication.tenantFor(old)).contains(tenant);

        ApiKey rotated = administration().rotateApiKey(new RotateApiKeyCommand(tenant, OLGA, key())).apiKey()
                .orElseThrow();

        clock.set(rotatedAt.plus(GRACE).minusSeconds(1));
        assertThat(authentication.tenantFor(old)).as("within the grace period").contains(tenant);
        assertThat(authentication.tenantFor(rotated)).contains(tenant);
        clock.set(rotatedAt.plus(GRACE).plusSeconds(1));
        assertThat(authentication.tenantFor(old)).as("after the grace period").isEmpty();
        assertThat(authentication.tenantFor(rotated)).contains(tenant);
    }

    @Test
    void anOldSandboxSecretVerifiesCallbacksWithinTheGracePeriodAndNotAfterIt() {
        String suffix = UUID.randomUUID().toString().substring(0, 12);
        TenantId tenant = new TenantId("t-grace-" + suffix);
        String merchant = "m-grace-" + suffix;
        String oldSecret = "old-sandbox-secret-" + suffix;
        String newSecret = "new-sandbox-secret-" + suffix;
        tenants.provision(new ProvisionTenantCommand(tenant, "Grace", new MerchantId(merchant), Optional.empty(),
                Optional.of(oldSecret)));
        administration().setChannelCredential(new SetChannelCredentialCommand(tenant,
                CredentialKind.SANDBOX_SIGNING_SECRET, newSecret, Optional.empty(), OLGA, key()));
        HandleChannelNotificationUseCase callbacks = CallbackServices.handleChannelNotification(formats, credentials,
                payments, log, outbox, reviews, transactions, crashPoints, clock, RandomGenerator.getDefault(),
                unknowns);
        String withinGrace = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value());
        String afterGrace = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value());
        String afterGraceNewSecret = CallbackTestSupport.insertPendingPayment(dataSource, tenant.value());

        clock.set(rotatedAt.plus(GRACE).minusSeconds(1));
        callbacks.handle(signed(oldSecret, merchant, withinGrace));
        clock.set(rotatedAt.plus(GRACE).plusSeconds(1));
        RawNotification refused = signed(oldSecret, merchant, afterGrace);
        callbacks.handle(refused);
        callbacks.handle(signed(newSecret, merchant, afterGraceNewSecret));

        assertThat(CallbackTestSupport.status(dataSource, withinGrace)).as("old secret within the grace period")
                .isEqualTo("SUCCEEDED");
        assertThat(CallbackTestSupport.status(dataSource, afterGrace)).as("old secret after the grace period")
                .isEqualTo("PENDING");
        assertThat(signatureResultOf(refused)).isEqualTo("BAD_SIGNATURE");
        assertThat(CallbackTestSupport.status(dataSource, afterGraceNewSecret)).isEqualTo("SUCCEEDED");
    }

    /** A sandbox callback saying SUCCESS for the payment, signed with {@code secret} at the clock's time. */
    private RawNotification signed(String secret, String merchant, String paymentId) {
        byte[] body = CallbackTestSupport.body("n-" + UUID.randomUUID(), merchant, paymentId,
                "T-" + UUID.randomUUID(), "SUCCESS", 1999).getBytes(StandardCharsets.UTF_8);
        return new RawNotification("sandbox", null, Map.of(SandboxSignature.HEADER,
                List.of(SandboxSignature.sign(secret, clock.instant().getEpochSecond(), body)),
                "Content-Type", List.of("application/json")), body, false, "trace-" + UUID.randomUUID());
    }

    private String signatureResultOf(RawNotification notification) {
        return new org.springframework.jdbc.core.JdbcTemplate(dataSource).queryForObject(
                "SELECT signature_result FROM channel_notifications WHERE trace_id = ?", String.class,
                notification.traceId());
    }
}
