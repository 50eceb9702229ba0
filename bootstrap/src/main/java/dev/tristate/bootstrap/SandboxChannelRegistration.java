package dev.tristate.bootstrap;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.sandbox.SandboxMerchants;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * When the sandbox channel runs in this process, it must know each merchant's signing secret, as a real PSP knows
 * the secret its merchant configured in its dashboard. Runs after {@link FirstRun} created the demo tenant.
 */
@Component
@Order(Ordered.LOWEST_PRECEDENCE)
class SandboxChannelRegistration implements ApplicationRunner {

    private final ObjectProvider<SandboxMerchants> sandbox;
    private final ChannelCredentialStore credentials;
    private final Clock clock;

    SandboxChannelRegistration(ObjectProvider<SandboxMerchants> sandbox, ChannelCredentialStore credentials,
                               Clock clock) {
        this.sandbox = sandbox;
        this.credentials = credentials;
        this.clock = clock;
    }

    @Override
    public void run(ApplicationArguments args) {
        sandbox.ifAvailable(this::registerAll);
    }

    void registerAll(SandboxMerchants merchants) {
        for (ChannelAccount account : credentials.accounts(ProvisionTenantUseCase.SANDBOX_CHANNEL)) {
            List<String> secrets = credentials.validSecrets(account.tenantId(), ProvisionTenantUseCase.SANDBOX_CHANNEL,
                    ProvisionTenantUseCase.SIGNING_SECRET, clock.instant());
            if (!secrets.isEmpty()) {
                merchants.register(account.accountId(), secrets);
            }
        }
    }
}
