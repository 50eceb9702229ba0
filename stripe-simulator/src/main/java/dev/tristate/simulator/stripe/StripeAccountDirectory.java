package dev.tristate.simulator.stripe;

import java.util.Optional;

/**
 * Where the simulator finds its accounts when it needs them, as Stripe reads its own: a host that keeps its tenants'
 * Stripe settings defines one bean of this type, so that an account created or a key rotated while the process runs
 * is known at the next request. Without such a bean (or for an account it does not know) the simulator knows the
 * accounts registered through {@link StripeSimulator#register} or configured in
 * {@code tristate.stripe-simulator.accounts}.
 */
public interface StripeAccountDirectory {

    /** The account, as it stands now; empty when unknown. Called for every webhook the simulator sends. */
    Optional<StripeAccount> account(String accountId);

    /** The account one of whose secret keys this is; empty when none. Called for every API request. */
    Optional<StripeAccount> accountOfSecretKey(String secretKey);
}
