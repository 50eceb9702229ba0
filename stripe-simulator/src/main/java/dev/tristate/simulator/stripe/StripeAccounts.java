package dev.tristate.simulator.stripe;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The accounts the simulator knows: the host's {@link StripeAccountDirectory} when it has one and knows the account
 * or key, read at each use; otherwise those registered here (through {@link StripeSimulator#register}, or
 * {@code tristate.stripe-simulator.accounts} at start-up).
 */
@Component
class StripeAccounts {

    private final Map<String, StripeAccount> registered = new ConcurrentHashMap<>();
    private final ObjectProvider<StripeAccountDirectory> directory;

    StripeAccounts(ObjectProvider<StripeAccountDirectory> directory, StripeSimulatorProperties properties) {
        this.directory = directory;
        properties.accounts().forEach((id, account) -> register(new StripeAccount(id,
                account.secretKeys() == null ? List.of() : account.secretKeys(), account.webhookUrl(),
                account.endpointSecrets())));
    }

    void register(StripeAccount account) {
        registered.put(account.id(), account);
    }

    Optional<StripeAccount> byId(String accountId) {
        StripeAccountDirectory host = directory.getIfAvailable();
        Optional<StripeAccount> found = host == null ? Optional.empty() : host.account(accountId);
        return found.isPresent() ? found : Optional.ofNullable(registered.get(accountId));
    }

    Optional<StripeAccount> bySecretKey(String secretKey) {
        if (secretKey == null || secretKey.isBlank()) {
            return Optional.empty();
        }
        StripeAccountDirectory host = directory.getIfAvailable();
        Optional<StripeAccount> found = host == null ? Optional.empty() : host.accountOfSecretKey(secretKey);
        if (found.isPresent()) {
            return found;
        }
        return registered.values().stream().filter(account -> account.authenticates(secretKey)).findFirst();
    }
}
