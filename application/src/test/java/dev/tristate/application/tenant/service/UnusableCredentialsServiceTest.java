package dev.tristate.application.tenant.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery.UnusableCredential;
import dev.tristate.application.tenant.port.out.ChannelAccountCheck;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UnusableCredentialsServiceTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final InMemoryChannelCredentialStore store = new InMemoryChannelCredentialStore();
    private final ChannelAccountCheck noSpaces = new ChannelAccountCheck() {
        @Override
        public String channel() {
            return "sandbox";
        }

        @Override
        public String secretName() {
            return "signing-secret";
        }

        @Override
        public Optional<String> problem(String accountId, List<String> validSecrets) {
            return accountId.contains(" ") ? Optional.of("no spaces allowed") : Optional.empty();
        }
    };

    @Test
    void aBadAccountOrOneWithoutASecretIsNamedAndTheGoodOnesAreNot() {
        account("t-good", "m-good", "s-good");
        account("t-bad", "m bad", "s-bad");
        store.bindAccount(new TenantId("t-bare"), "sandbox", "m-bare", NOW);
        store.bindAccount(new TenantId("t-other"), "otherpay", "any thing", NOW);

        List<UnusableCredential> unusable = TenantServices.unusableCredentials(store, List.of(noSpaces),
                Clock.fixed(NOW, ZoneOffset.UTC)).unusableCredentials();

        assertThat(unusable).containsExactlyInAnyOrder(
                new UnusableCredential(new TenantId("t-bad"), "sandbox", "m bad", "no spaces allowed"),
                new UnusableCredential(new TenantId("t-bare"), "sandbox", "m-bare", "no valid signing-secret"));
        assertThat(unusable.toString()).doesNotContain("s-bad");
    }

    private void account(String tenant, String account, String secret) {
        store.bindAccount(new TenantId(tenant), "sandbox", account, NOW);
        store.addSecret(new TenantId(tenant), "sandbox", "signing-secret", secret, NOW, NOW);
    }
}
