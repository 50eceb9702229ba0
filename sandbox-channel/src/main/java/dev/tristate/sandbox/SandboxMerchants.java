package dev.tristate.sandbox;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The merchants the sandbox channel knows, with their signing secrets. The host application registers each
 * tenant's sandbox merchant id and secret at start-up; registering a merchant again replaces its secrets, which
 * is how a rotation is done. Notifications are signed with the newest secret at the time they are sent.
 */
@Component
public final class SandboxMerchants {

    private final Map<String, List<String>> secretsByMerchant = new ConcurrentHashMap<>();
    private final SandboxChannelSettings settings;

    SandboxMerchants(SandboxChannelSettings settings) {
        this.settings = settings;
    }

    /**
     * Registers (or re-registers) a merchant.
     *
     * @param merchantId the merchant id at the channel: letters, digits and {@code _-.:}, at most 64 characters
     * @param secrets    the signing secrets, newest first; the channel signs with the first one
     * @throws IllegalArgumentException when the id or a secret is malformed, or no secret is given
     */
    public void register(String merchantId, List<String> secrets) {
        if (!Tokens.isToken(merchantId)) {
            throw new IllegalArgumentException(
                    "merchant id must be 1-64 letters, digits or _-.: characters, was " + merchantId);
        }
        if (secrets == null || secrets.isEmpty()) {
            throw new IllegalArgumentException("merchant " + merchantId + " needs at least one secret");
        }
        for (String secret : secrets) {
            if (secret == null || secret.isEmpty()) {
                throw new IllegalArgumentException("merchant " + merchantId + " has an empty secret");
            }
        }
        secretsByMerchant.put(merchantId, List.copyOf(secrets));
    }

    /** Whether the merchant has been registered. */
    public boolean isRegistered(String merchantId) {
        return merchantId != null && secretsByMerchant.containsKey(merchantId);
    }

    /** Where notifications for every merchant are posted ({@code tristate.sandbox-channel.notify-url}). */
    public URI notifyUrl() {
        return settings.notifyUrl();
    }

    Optional<String> newestSecret(String merchantId) {
        return Optional.ofNullable(secretsByMerchant.get(merchantId)).map(secrets -> secrets.get(0));
    }
}
