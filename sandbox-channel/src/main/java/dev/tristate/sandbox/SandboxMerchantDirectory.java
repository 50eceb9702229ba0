package dev.tristate.sandbox;

import java.util.List;

/**
 * Where the channel finds a merchant's signing secrets when it needs them, as a real channel reads its merchant
 * settings: a host that keeps its tenants' secrets defines one bean of this type, so that a merchant created or a
 * secret rotated while the process runs is known at the next request. Without such a bean the channel knows only the
 * merchants registered through {@link SandboxMerchants#register} or configured in
 * {@code tristate.sandbox-channel.merchants}.
 */
@FunctionalInterface
public interface SandboxMerchantDirectory {

    /**
     * The merchant's secrets that are valid now, newest first; empty when the merchant is unknown. Called for every
     * request to the channel and every notification it sends, so it should be cheap.
     */
    List<String> secretsOf(String merchantId);
}
