package dev.tristate.application.tenant.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryAuditTrail;
import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryTenantRepository;
import dev.tristate.application.fakes.InMemoryTenantWebhooks;
import dev.tristate.application.fakes.InMemoryTransactions;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.CreateTenantCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RevokeSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateApiKeyCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.RotateWebhookSecretCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetChannelCredentialCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.SetWebhookCommand;
import dev.tristate.application.tenant.port.in.ManageTenantsUseCase.TenantChange;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.WebhookEndpointPolicy;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.tenant.ApiKey;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TenantAdministrationServiceTest {

    private static final Instant NOW = Instant.parse("2026-01-02T03:04:05Z");
    private static final Duration GRACE = Duration.ofHours(24);
    private static final Operator OPERATOR = new Operator("olivia", ConsoleRole.OPERATOR);
    private static final Operator SUPPORT = new Operator("sam", ConsoleRole.SUPPORT);
    private static final TenantId TENANT = new TenantId("tenant-a");
    private static final MerchantId MERCHANT = new MerchantId("m-a");

    private final SettableClock clock = new SettableClock(NOW);
    private final InMemoryTenantRepository tenants = new InMemoryTenantRepository();
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final InMemoryTenantWebhooks webhooks = new InMemoryTenantWebhooks();
    private final InMemoryAuditTrail audit = new InMemoryAuditTrail();
    private final InMemoryTransactions transactions = new InMemoryTransactions(tenants, audit);
    private final ProvisionTenantService provisioning = new ProvisionTenantService(tenants, credentials, transactions,
            clock, new SecureRandom());
    private final TenantsQueryService reads = new TenantsQueryService(tenants, credentials, webhooks);
    private final List<URI> refused = new ArrayList<>();
    private final WebhookEndpointPolicy endpoints = endpoint -> refused.contains(endpoint)
            ? Optional.of(endpoint + " is refused") : Optional.empty();
    private final TenantAdministrationService service = TenantServices.administration(provisioning, tenants,
            credentials, webhooks, endpoints, audit, transactions, clock, GRACE);

    private static ActionKey key() {
        return new ActionKey(UUID.randomUUID().toString());
    }

    private TenantChange create(ActionKey key) {
        return service.createTenant(new CreateTenantCommand(TENANT, "Shop A", MERCHANT, OPERATOR, key));
    }

    @Test
    void aCreatedTenantGetsAWorkingKeyAndSandboxSecretShownOnceAndAnAuditEntry() {
        TenantChange change = create(key());

        ApiKey apiKey = change.apiKey().orElseThrow();
        assertThat(tenants.findById(TENANT).orElseThrow().sandboxMerchantId()).isEqualTo(MERCHANT);
        assertThat(tenants.findTenantByApiKey(apiKey.hash(), NOW)).contains(TENANT);
        assertThat(credentials.validSecrets(TENANT, "sandbox", "signing-secret", NOW))
                .containsExactly(change.sandboxSecret().orElseThrow());
        assertThat(credentials.tenantForAccount("sandbox", "m-a")).contains(TENANT);
        assertThat(change.result().repeated()).isFalse();
        assertThat(audit.entries()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo("CREATE_TENANT");
            assertThat(e.subjectId()).isEqualTo("tenant-a");
            assertThat(e.result()).isEqualTo("CREATED");
            assertThat(e.detail()).contains(apiKey.displayPrefix()).doesNotContain(apiKey.value())
                    .doesNotContain(change.sandboxSecret().orElseThrow());
        });
    }

    @Test
    void theSameCreationSubmittedTwiceCreatesOnceAndShowsNoSecretTheSecondTime() {
        ActionKey key = key();
        create(key);

        TenantChange again = create(key);

        assertThat(again.result().repeated()).isTrue();
        assertThat(again.apiKey()).isEmpty();
        assertThat(again.sandboxSecret()).isEmpty();
        assertThat(tenants.list()).hasSize(1);
        assertThat(tenants.apiKeys(TENANT)).hasSize(1);
    }

    @Test
    void creatingATenantThatExistsChangesNothingAndShowsNothing() {
        create(key());

        TenantChange second = create(key());

        assertThat(second.result().repeated()).isFalse();
        assertThat(second.result().entry().result()).isEqualTo("ALREADY_EXISTS");
        assertThat(second.apiKey()).isEmpty();
        assertThat(second.sandboxSecret()).isEmpty();
        assertThat(tenants.apiKeys(TENANT)).hasSize(1);
    }

    @Test
    void supportMayNotCreateATenant() {
        assertThatThrownBy(() -> service.createTenant(new CreateTenantCommand(TENANT, "Shop A", MERCHANT, SUPPORT,
                key()))).isInstanceOf(NotPermitted.class);
        assertThat(tenants.list()).isEmpty();
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void aRotatedKeyWorksAtOnceAndThePreviousOneUntilTheGracePeriodEnds() {
        ApiKey first = create(key()).apiKey().orElseThrow();
        clock.advance(Duration.ofMinutes(10));
        Instant rotation = clock.instant();

        TenantChange change = service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, key()));

        ApiKey second = change.apiKey().orElseThrow();
        assertThat(tenants.findTenantByApiKey(second.hash(), rotation.plus(GRACE).plusSeconds(1))).contains(TENANT);
        assertThat(tenants.findTenantByApiKey(first.hash(), rotation.plus(GRACE).minusSeconds(1))).contains(TENANT);
        assertThat(tenants.findTenantByApiKey(first.hash(), rotation.plus(GRACE))).isEmpty();
        assertThat(change.result().entry().result()).isEqualTo("ROTATED");
        assertThat(change.result().entry().detail()).contains("1 previous key(s)").doesNotContain(second.value());
    }

    @Test
    void theSameRotationSubmittedTwiceAddsOneKeyAndShowsItOnce() {
        create(key());
        ActionKey rotation = key();
        service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, rotation));

        TenantChange again = service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, rotation));

        assertThat(again.result().repeated()).isTrue();
        assertThat(again.apiKey()).isEmpty();
        assertThat(tenants.apiKeys(TENANT)).hasSize(2);
    }

    @Test
    void rotatingTheKeyOfAnUnknownTenantIsNotFoundAndAuditsNothing() {
        assertThatThrownBy(() -> service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(audit.entries()).isEmpty();
    }

    @Test
    void supportMayNotRotateAKey() {
        create(key());

        assertThatThrownBy(() -> service.rotateApiKey(new RotateApiKeyCommand(TENANT, SUPPORT, key())))
                .isInstanceOf(NotPermitted.class);
        assertThat(tenants.apiKeys(TENANT)).hasSize(1);
    }

    @Test
    void aNewChannelCredentialVerifiesAtOnceAndThePreviousOneForTheGracePeriod() {
        String first = create(key()).sandboxSecret().orElseThrow();

        service.setChannelCredential(new SetChannelCredentialCommand(TENANT, CredentialKind.SANDBOX_SIGNING_SECRET,
                "new-secret-0123456789", Optional.empty(), OPERATOR, key()));

        assertThat(credentials.validSecrets(TENANT, "sandbox", "signing-secret", NOW.plus(GRACE).minusSeconds(1)))
                .containsExactly("new-secret-0123456789", first);
        assertThat(credentials.validSecrets(TENANT, "sandbox", "signing-secret", NOW.plus(GRACE)))
                .containsExactly("new-secret-0123456789");
        assertThat(audit.entries()).last().satisfies(e -> {
            assertThat(e.action()).isEqualTo("SET_CREDENTIAL_SANDBOX_SIGNING_SECRET");
            assertThat(e.detail()).doesNotContain("new-secret-0123456789");
        });
    }

    @Test
    void anAccountIsBoundWithItsCredentialOnceHoweverOftenItIsSet() {
        create(key());
        KeyPair alipayKeys = rsaKeyPair();

        service.setChannelCredential(new SetChannelCredentialCommand(TENANT, CredentialKind.ALIPAY_PUBLIC_KEY,
                base64(alipayKeys.getPublic().getEncoded()), Optional.of("2021000001"), OPERATOR, key()));
        service.setChannelCredential(new SetChannelCredentialCommand(TENANT, CredentialKind.ALIPAY_APP_PRIVATE_KEY,
                base64(alipayKeys.getPrivate().getEncoded()), Optional.of("2021000001"), OPERATOR, key()));

        assertThat(credentials.accountsOf(TENANT)).contains(new ChannelAccount(TENANT, "alipay", "2021000001"))
                .filteredOn(a -> a.channel().equals("alipay")).hasSize(1);
        assertThat(audit.entries()).last().satisfies(e -> assertThat(e.detail()).endsWith("; account 2021000001"));
    }

    @Test
    void anAccountAnotherTenantHasBoundIsTheOperatorsMistakeAndNothingIsStored() {
        create(key());
        TenantId other = new TenantId("tenant-b");
        service.createTenant(new CreateTenantCommand(other, "Shop B", new MerchantId("m-b"), OPERATOR, key()));
        int entries = audit.entries().size();

        assertThatThrownBy(() -> service.setChannelCredential(new SetChannelCredentialCommand(other,
                CredentialKind.SANDBOX_SIGNING_SECRET, "new-secret-0123456789", Optional.of(MERCHANT.value()),
                OPERATOR, key()))).isInstanceOf(InvalidInput.class).hasMessageContaining("another tenant");
        assertThatThrownBy(() -> service.createTenant(new CreateTenantCommand(new TenantId("tenant-c"), "Shop C",
                MERCHANT, OPERATOR, key()))).isInstanceOf(InvalidInput.class);

        assertThat(credentials.validSecrets(other, "sandbox", "signing-secret", NOW)).hasSize(1);
        assertThat(tenants.findById(new TenantId("tenant-c"))).isEmpty();
        assertThat(audit.entries()).hasSize(entries);
    }

    private static KeyPair rsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void settingACredentialOfAnUnknownTenantIsNotFound() {
        assertThatThrownBy(() -> service.setChannelCredential(new SetChannelCredentialCommand(TENANT,
                CredentialKind.SANDBOX_SIGNING_SECRET, "new-secret-0123456789", Optional.empty(), OPERATOR, key())))
                .isInstanceOf(NotFoundInConsole.class);
        assertThat(credentials.secretInfos(TENANT)).isEmpty();
    }

    @Test
    void aWebhookIsSetAndItsReplacementSaysWhatItWas() {
        create(key());
        service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://a.example/hook"), OPERATOR, key()));

        TenantChange change = service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://b.example/hook"),
                OPERATOR, key()));

        assertThat(reads.webhookOf(TENANT)).contains(URI.create("https://b.example/hook"));
        assertThat(change.result().entry().detail()).isEqualTo("https://b.example/hook (was https://a.example/hook)");
    }

    @Test
    void supportMayNotSetAWebhook() {
        create(key());

        assertThatThrownBy(() -> service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://a.example/h"),
                SUPPORT, key()))).isInstanceOf(NotPermitted.class);
        assertThat(reads.webhookOf(TENANT)).isEmpty();
    }

    @Test
    void aTenantsDetailsShowKeysSecretsAndAccountsButNoValues() {
        TenantChange created = create(key());

        assertThat(reads.tenant(TENANT)).hasValueSatisfying(d -> {
            assertThat(d.tenant().name()).isEqualTo("Shop A");
            assertThat(d.apiKeys()).singleElement().satisfies(k ->
                    assertThat(k.displayPrefix()).isEqualTo(created.apiKey().orElseThrow().displayPrefix()));
            assertThat(d.secrets()).singleElement().satisfies(s -> assertThat(s.name()).isEqualTo("signing-secret"));
            assertThat(d.channelAccounts()).containsExactly("sandbox: m-a");
        });
        assertThat(reads.tenant(new TenantId("tenant-b"))).isEmpty();
        assertThat(reads.tenants()).extracting(t -> t.id()).containsExactly(TENANT);
    }

    @Test
    void aSecondRotationEndsTheKeyStillInTheFirstOnesGracePeriod() {
        ApiKey first = create(key()).apiKey().orElseThrow();
        clock.advance(Duration.ofMinutes(10));
        ApiKey second = service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, key())).apiKey().orElseThrow();
        clock.advance(Duration.ofMinutes(10));
        Instant now = clock.instant();

        TenantChange third = service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, key()));

        assertThat(tenants.findTenantByApiKey(first.hash(), now)).isEmpty();
        assertThat(tenants.findTenantByApiKey(second.hash(), now.plus(GRACE).minusSeconds(1))).contains(TENANT);
        assertThat(tenants.findTenantByApiKey(third.apiKey().orElseThrow().hash(), now)).contains(TENANT);
        assertThat(third.result().entry().detail()).contains("1 key(s) still in an earlier grace period ended now");
    }

    @Test
    void aRevokedKeyIsRefusedAtOnceAndTheRevocationIsAudited() {
        ApiKey first = create(key()).apiKey().orElseThrow();
        ApiKey second = service.rotateApiKey(new RotateApiKeyCommand(TENANT, OPERATOR, key())).apiKey().orElseThrow();

        TenantChange revoked = service.revokeApiKey(new RevokeApiKeyCommand(TENANT, first.displayPrefix(), OPERATOR,
                key()));

        assertThat(tenants.findTenantByApiKey(first.hash(), clock.instant())).isEmpty();
        assertThat(tenants.findTenantByApiKey(second.hash(), clock.instant())).contains(TENANT);
        assertThat(revoked.result().entry().action()).isEqualTo("REVOKE_API_KEY");
        assertThat(revoked.result().entry().result()).isEqualTo("REVOKED");
        assertThat(revoked.result().entry().detail()).contains(first.displayPrefix()).doesNotContain(first.value());
        assertThat(service.revokeApiKey(new RevokeApiKeyCommand(TENANT, first.displayPrefix(), OPERATOR, key()))
                .result().entry().result()).isEqualTo("NOTHING_TO_REVOKE");
        assertThatThrownBy(() -> service.revokeApiKey(new RevokeApiKeyCommand(TENANT, second.displayPrefix(),
                SUPPORT, key()))).isInstanceOf(NotPermitted.class);
    }

    @Test
    void aRevokedSecretStopsVerifyingAtOnce() {
        create(key());
        service.setChannelCredential(new SetChannelCredentialCommand(TENANT, CredentialKind.SANDBOX_SIGNING_SECRET,
                "new-sandbox-secret-0123", Optional.empty(), OPERATOR, key()));
        long old = reads.tenant(TENANT).orElseThrow().secrets().stream().filter(s -> s.validUntil() != null)
                .findFirst().orElseThrow().id();

        TenantChange revoked = service.revokeSecret(new RevokeSecretCommand(TENANT, old, OPERATOR, key()));

        assertThat(revoked.result().entry().result()).isEqualTo("REVOKED");
        assertThat(credentials.validSecrets(TENANT, "sandbox", "signing-secret", clock.instant()))
                .containsExactly("new-sandbox-secret-0123");
        assertThat(service.revokeSecret(new RevokeSecretCommand(TENANT, 9999, OPERATOR, key())).result().entry()
                .result()).isEqualTo("NOTHING_TO_REVOKE");
    }

    @Test
    void theFirstEndpointBringsASigningSecretShownOnceAndARotationKeepsBothForTheGracePeriod() {
        create(key());
        ActionKey setting = key();
        TenantChange set = service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://shop.example/h"),
                OPERATOR, setting));
        String first = set.webhookSecret().orElseThrow();
        assertThat(first).startsWith("whsec_");
        assertThat(service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://shop.example/h"), OPERATOR,
                setting)).webhookSecret()).as("a repeated form").isEmpty();
        assertThat(service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://shop.example/i"), OPERATOR,
                key())).webhookSecret()).as("the tenant has one").isEmpty();

        String second = service.rotateWebhookSecret(new RotateWebhookSecretCommand(TENANT, OPERATOR, key()))
                .webhookSecret().orElseThrow();

        assertThat(credentials.validSecrets(TENANT, "webhook", "signing-secret", clock.instant()))
                .containsExactly(second, first);
        assertThat(credentials.validSecrets(TENANT, "webhook", "signing-secret", clock.instant().plus(GRACE)))
                .containsExactly(second);
        assertThat(audit.entries()).noneMatch(e -> e.detail().contains(first) || e.detail().contains(second));
    }

    @Test
    void anEndpointTheNetworkRuleRefusesIsInvalidInputAndChangesNothing() {
        create(key());
        refused.add(URI.create("https://10.0.0.1/h"));

        assertThatThrownBy(() -> service.setWebhook(new SetWebhookCommand(TENANT, URI.create("https://10.0.0.1/h"),
                OPERATOR, key()))).isInstanceOf(InvalidInput.class).hasMessageContaining("refused");
        assertThat(webhooks.endpointOf(TENANT)).isEmpty();
        assertThat(audit.entries()).noneMatch(e -> e.action().equals("SET_WEBHOOK"));
    }

    @Test
    void aNegativeGracePeriodIsRefused() {
        assertThatThrownBy(() -> TenantServices.administration(provisioning, tenants, credentials, webhooks,
                endpoints, audit, transactions, clock, Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }
}
