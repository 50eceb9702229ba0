package dev.tristate.adapter.out.channel.stripe;

import java.util.Optional;

/**
 * The key the system calls Stripe with for an account: the newest valid Stripe secret key
 * ({@code stripe-secret-key}) of the tenant owning the Stripe account id. Read at each call, so a rotated or revoked
 * key takes effect at the next one.
 */
@FunctionalInterface
public interface StripeSecretKeys {

    /** The newest valid secret key of the account; empty when none is valid (the call is not sent). */
    Optional<String> secretKeyOf(String stripeAccount);
}
