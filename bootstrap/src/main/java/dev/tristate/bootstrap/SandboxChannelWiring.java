package dev.tristate.bootstrap;

import dev.tristate.adapter.out.channel.sandbox.SandboxMerchantSecrets;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery;
import dev.tristate.application.tenant.port.out.ChannelAccountCheck;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.service.TenantServices;
import dev.tristate.sandbox.SandboxMerchantDirectory;
import dev.tristate.sandbox.SandboxMerchants;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Both ends of the sandbox channel read the tenants' sandbox accounts and secrets from the credential store when they
 * need them, never from a copy taken at start-up: a tenant created or a secret rotated in the console works at the
 * next request. The system's client signs with the tenant's newest secret ({@link SandboxMerchantSecrets}); the
 * in-process sandbox, like a real channel reading its merchant settings, verifies with every valid one and signs its
 * notifications with the newest ({@link SandboxMerchantDirectory}). A stored account the sandbox cannot use is only
 * that merchant's problem: it is reported ({@link UnusableCredentialsQuery}), never fatal.
 */
@Configuration(proxyBeanMethods = false)
class SandboxChannelWiring {

    private static final String SANDBOX = ProvisionTenantUseCase.SANDBOX_CHANNEL;
    private static final String SECRET = ProvisionTenantUseCase.SIGNING_SECRET;

    @Bean
    SandboxMerchantSecrets sandboxMerchantSecrets(ChannelCredentialStore credentials, Clock clock) {
        return merchant -> validSecrets(credentials, clock, merchant).stream().findFirst();
    }

    @Bean
    SandboxMerchantDirectory sandboxMerchantDirectory(ChannelCredentialStore credentials, Clock clock) {
        return merchant -> validSecrets(credentials, clock, merchant);
    }

    @Bean
    ChannelAccountCheck sandboxAccountCheck() {
        return new ChannelAccountCheck() {
            @Override
            public String channel() {
                return SANDBOX;
            }

            @Override
            public String secretName() {
                return SECRET;
            }

            @Override
            public Optional<String> problem(String accountId, List<String> validSecrets) {
                return SandboxMerchants.unusableBecause(accountId, validSecrets);
            }
        };
    }

    @Bean
    UnusableCredentialsQuery unusableCredentials(ChannelCredentialStore credentials,
                                                 List<ChannelAccountCheck> checks, Clock clock) {
        return TenantServices.unusableCredentials(credentials, checks, clock);
    }

    private static List<String> validSecrets(ChannelCredentialStore credentials, Clock clock, String merchant) {
        return credentials.verificationKeys(SANDBOX, merchant, SECRET, clock.instant())
                .map(ChannelCredentialStore.VerificationKeys::secrets)
                .orElse(List.of());
    }
}
