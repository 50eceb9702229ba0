package dev.tristate.adapter.out.channel.sandbox;

import java.util.Optional;

/**
 * The secret the system signs its requests to the sandbox with: the newest valid sandbox signing secret of the tenant
 * owning the merchant account. Read at each request, so a rotated secret is used at once.
 */
@FunctionalInterface
public interface SandboxMerchantSecrets {

    /** The newest valid secret of the merchant account; empty when none is valid (the request is not sent). */
    Optional<String> newestSecret(String merchantAccount);
}
