package dev.tristate.bootstrap;

import dev.tristate.adapter.out.channel.stripe.StripeSecretKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.domain.tenant.CredentialKind;
import dev.tristate.simulator.stripe.StripeAccount;
import dev.tristate.simulator.stripe.StripeAccountDirectory;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Stripe's calls use the newest valid secret key of the tenant owning the Stripe account, read from the credential
 * store at each call: a key rotated or revoked in the console is used, or no longer used, at the next call. The same
 * store tells the in-process Stripe simulator who its accounts are, as Stripe knows its own: their secret keys, the
 * webhook endpoint (this instance's {@code /callbacks/stripe/{account}}) and its signing secrets.
 */
@Configuration(proxyBeanMethods = false)
class StripeChannelWiring {

    private static final CredentialKind SECRET_KEY = CredentialKind.STRIPE_SECRET_KEY;
    private static final CredentialKind ENDPOINT_SECRET = CredentialKind.STRIPE_ENDPOINT_SECRET;

    @Bean
    StripeSecretKeys stripeSecretKeys(ChannelCredentialStore credentials, Clock clock) {
        return account -> credentials.verificationKeys(SECRET_KEY.channel(), account, SECRET_KEY.secretName(),
                clock.instant()).flatMap(owner -> owner.secrets().stream().findFirst());
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "tristate.stripe-simulator.enabled")
    StripeAccountDirectory stripeAccountDirectory(ChannelCredentialStore credentials, Clock clock, Environment env) {
        return new StripeAccountDirectory() {
            @Override
            public Optional<StripeAccount> account(String accountId) {
                return credentials.tenantForAccount(SECRET_KEY.channel(), accountId)
                        .map(tenant -> new ChannelAccount(tenant, SECRET_KEY.channel(), accountId))
                        .map(account -> stripeAccount(account, credentials, clock.instant(), env));
            }

            @Override
            public Optional<StripeAccount> accountOfSecretKey(String secretKey) {
                Instant now = clock.instant();
                // A simulator's scan: Stripe finds the account by its key; the store keeps keys only encrypted.
                return credentials.accounts(SECRET_KEY.channel()).stream()
                        .map(account -> stripeAccount(account, credentials, now, env))
                        .filter(account -> account.secretKeys().contains(secretKey))
                        .findFirst();
            }
        };
    }

    private static StripeAccount stripeAccount(ChannelAccount account, ChannelCredentialStore credentials, Instant now,
                                               Environment env) {
        List<String> keys = credentials.validSecrets(account.tenantId(), SECRET_KEY.channel(),
                SECRET_KEY.secretName(), now);
        List<String> endpointSecrets = credentials.validSecrets(account.tenantId(), ENDPOINT_SECRET.channel(),
                ENDPOINT_SECRET.secretName(), now);
        // Read at each webhook: the port is known only once the web server is up.
        URI webhook = URI.create(env.resolvePlaceholders("http://localhost:${local.server.port:${server.port:8080}}")
                + "/callbacks/stripe/" + account.accountId());
        return new StripeAccount(account.accountId(), keys, webhook, endpointSecrets);
    }
}
