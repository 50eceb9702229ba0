package dev.tristate.application.tenant.port.out;

import java.net.URI;
import java.util.Optional;

/**
 * Which endpoints a tenant's notices may go to, by the deployment's network rule (on production: https only, and no
 * host that resolves to a loopback, link-local or private address). Asked when an endpoint is set and again before
 * every notice, since what a name resolves to can change.
 */
public interface WebhookEndpointPolicy {

    /**
     * Why notices may not go to this endpoint, in words for the operator; empty when they may. A host that does not
     * resolve at the moment is not refused here: sending to it fails as any unreachable endpoint does, and is retried.
     */
    Optional<String> refusal(URI endpoint);

    /** Every endpoint allowed: for tests of other rules. */
    WebhookEndpointPolicy ANY = endpoint -> Optional.empty();
}
