package dev.tristate.application.tenant.service;

import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery;
import dev.tristate.application.tenant.port.out.ChannelAccountCheck;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.ChannelAccount;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Checks every stored account of every checked channel against that channel's rules, one account at a time. */
class UnusableCredentialsService implements UnusableCredentialsQuery {

    private final ChannelCredentialStore credentials;
    private final List<ChannelAccountCheck> checks;
    private final Clock clock;

    UnusableCredentialsService(ChannelCredentialStore credentials, List<ChannelAccountCheck> checks, Clock clock) {
        this.credentials = credentials;
        this.checks = List.copyOf(checks);
        this.clock = clock;
    }

    @Override
    public List<UnusableCredential> unusableCredentials() {
        List<UnusableCredential> unusable = new ArrayList<>();
        for (ChannelAccountCheck check : checks) {
            for (ChannelAccount account : credentials.accounts(check.channel())) {
                problem(check, account).ifPresent(reason -> unusable.add(new UnusableCredential(account.tenantId(),
                        check.channel(), account.accountId(), reason)));
            }
        }
        return List.copyOf(unusable);
    }

    /** One row that cannot be read is that row's problem, not the others'. */
    private Optional<String> problem(ChannelAccountCheck check, ChannelAccount account) {
        List<String> secrets;
        try {
            secrets = credentials.validSecrets(account.tenantId(), check.channel(), check.secretName(),
                    clock.instant());
        } catch (RuntimeException unreadable) {
            return Optional.of("its secrets cannot be read (" + unreadable.getClass().getSimpleName() + ")");
        }
        if (secrets.isEmpty()) {
            return Optional.of("no valid " + check.secretName());
        }
        return check.problem(account.accountId(), secrets);
    }
}
