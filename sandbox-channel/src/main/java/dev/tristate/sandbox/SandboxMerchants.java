package dev.tristate.sandbox;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The merchants the sandbox channel knows, with their signing secrets. A merchant's secrets come from the host's
 * {@link SandboxMerchantDirectory} when it has one and knows the merchant, read at each use; otherwise from the
 * merchants registered here ({@link #register}, or {@code tristate.sandbox-channel.merchants} at start-up), which is
 * how a channel in a process of its own is configured. Requests are verified with every valid secret (rotation);
 * notifications are signed with the newest one at the time they are sent.
 */
@Component
public final class SandboxMerchants {

    private static final Logger log = LoggerFactory.getLogger(SandboxMerchants.class);

    private final Map<String, List<String>> secretsByMerchant = new ConcurrentHashMap<>();
    private final SandboxChannelSettings settings;
    private final ObjectProvider<SandboxMerchantDirectory> directory;

    SandboxMerchants(SandboxChannelSettings settings, ObjectProvider<SandboxMerchantDirectory> directory,
                     SandboxChannelProperties properties) {
        this.settings = settings;
        this.directory = directory;
        properties.merchants().forEach(this::register);
    }

    /**
     * Registers (or re-registers) a merchant.
     *
     * @param merchantId the merchant id at the channel: letters, digits and {@code _-.:}, at most 64 characters
     * @param secrets    the signing secrets, newest first; the channel signs with the first one
     * @throws IllegalArgumentException when the id or a secret is malformed, or no secret is given
     */
    public void register(String merchantId, List<String> secrets) {
        Optional<String> problem = unusableBecause(merchantId, secrets);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
        secretsByMerchant.put(merchantId, List.copyOf(secrets));
    }

    /**
     * Why the channel cannot use this merchant id with these secrets, or empty when it can. Says nothing about the
     * secrets' values.
     */
    public static Optional<String> unusableBecause(String merchantId, List<String> secrets) {
        if (!Tokens.isToken(merchantId)) {
            return Optional.of("merchant id must be 1-64 letters, digits or _-.: characters");
        }
        if (secrets == null || secrets.isEmpty()) {
            return Optional.of("merchant " + merchantId + " needs at least one secret");
        }
        for (String secret : secrets) {
            if (secret == null || secret.isEmpty()) {
                return Optional.of("merchant " + merchantId + " has an empty secret");
            }
        }
        return Optional.empty();
    }

    /** Whether the channel knows the merchant (it has at least one secret). */
    public boolean isRegistered(String merchantId) {
        return !secrets(merchantId).isEmpty();
    }

    /** Where notifications for every merchant are posted ({@code tristate.sandbox-channel.notify-url}). */
    public URI notifyUrl() {
        return settings.notifyUrl();
    }

    Optional<String> newestSecret(String merchantId) {
        return secrets(merchantId).stream().findFirst();
    }

    /**
     * The merchant's secrets, newest first; empty for an unknown or malformed merchant id. The directory's answer
     * wins when it knows the merchant.
     *
     * @throws MerchantLookupFailed when the directory could not be read
     */
    List<String> secrets(String merchantId) {
        if (!Tokens.isToken(merchantId)) {
            return List.of();
        }
        SandboxMerchantDirectory host = directory.getIfAvailable();
        if (host != null) {
            List<String> found = usable(host, merchantId);
            if (!found.isEmpty()) {
                return found;
            }
        }
        return secretsByMerchant.getOrDefault(merchantId, List.of());
    }

    private static List<String> usable(SandboxMerchantDirectory host, String merchantId) {
        List<String> found;
        try {
            found = host.secretsOf(merchantId);
        } catch (RuntimeException lookupFailed) {
            log.warn("the secrets of sandbox merchant {} could not be read: {}", merchantId, lookupFailed.toString());
            throw new MerchantLookupFailed(lookupFailed);
        }
        return found == null ? List.of()
                : found.stream().filter(secret -> secret != null && !secret.isEmpty()).toList();
    }

    /** The host could not say which secrets the merchant has: the request is answered 503, nothing changes. */
    static final class MerchantLookupFailed extends RuntimeException {
        MerchantLookupFailed(Throwable cause) {
            super("the merchant's secrets could not be read", cause, false, false);
        }
    }
}
