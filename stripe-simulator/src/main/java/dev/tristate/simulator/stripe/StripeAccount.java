package dev.tristate.simulator.stripe;

import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * One Stripe account as the simulator knows it: the secret keys its API requests may carry (any of them
 * authenticates), the webhook endpoint its events are posted to (null: no endpoint, no webhooks), and that
 * endpoint's signing secrets, newest first (events are signed with the newest).
 */
public record StripeAccount(String id, List<String> secretKeys, URI webhookUrl, List<String> endpointSecrets) {

    public StripeAccount {
        Objects.requireNonNull(id, "account id");
        secretKeys = List.copyOf(secretKeys);
        endpointSecrets = endpointSecrets == null ? List.of() : List.copyOf(endpointSecrets);
        if (id.isBlank() || id.length() > 64) {
            throw new IllegalArgumentException("an account id is 1 to 64 characters");
        }
        if (secretKeys.stream().anyMatch(key -> key == null || key.isBlank())) {
            throw new IllegalArgumentException("account " + id + " has an empty secret key");
        }
    }

    boolean authenticates(String secretKey) {
        return secretKeys.contains(secretKey);
    }
}
