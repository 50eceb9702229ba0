package dev.tristate.application.tenant.port.out;

import java.util.List;
import java.util.Optional;

/**
 * What one channel accepts as a merchant account: the channel's own rules (the sandbox's merchant id format, for
 * one), which the store that holds the rows does not know.
 */
public interface ChannelAccountCheck {

    /** The channel whose accounts this checks. */
    String channel();

    /** The name of the secrets the channel signs with, as stored ({@code signing-secret} for the sandbox). */
    String secretName();

    /**
     * Why the channel cannot use the account with these valid secrets (newest first), or empty when it can. The
     * reason must not contain a secret.
     */
    Optional<String> problem(String accountId, List<String> validSecrets);
}
