package dev.tristate.application.callback.port.out;

import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One payment channel's notification format: how to read it, how to verify its signature with the tenant's
 * credentials, and how to answer it. A new channel is a new implementation of this port and nothing else.
 */
public interface ChannelNotificationFormat {

    /** The channel's name, as in {@code /callbacks/{channel}} and in the payments' {@code channel} column. */
    String channel();

    /** Which of the tenant's secrets for this channel verify its notifications (see {@link ChannelCredentialStore}). */
    String secretName();

    /**
     * Further secrets of the tenant {@link #open(RawNotification, List, Map)} needs besides the verifying ones: none
     * for channels that sign clear text; WeChat Pay decrypts with the merchant's APIv3 key and checks its app id.
     */
    default List<String> openingSecretNames() {
        return List.of();
    }

    /**
     * Reads the notification without trusting it yet. The merchant key in the result names the tenant's account at
     * the channel (or, for channels addressed per tenant, the path's tenant hint), so its secrets can be found.
     */
    ParseResult parse(RawNotification raw);

    /**
     * Checks the signature over the raw bytes with each candidate secret (one match suffices, for rotation) and any
     * timestamp tolerance of the format, against {@code now}.
     */
    Verification verify(RawNotification raw, List<String> secrets, Instant now);

    /**
     * What a verified notification says, read with the tenant's secrets. Most channels sign clear text, so this is
     * {@link #parse} again; a channel that encrypts its payload (WeChat Pay v3, under the merchant's APIv3 key)
     * decrypts here, after verification, and may return only the notify id and merchant key from {@link #parse}.
     */
    default ParseResult open(RawNotification raw, List<String> secrets) {
        return parse(raw);
    }

    /**
     * {@link #open(RawNotification, List)} for a format with {@link #openingSecretNames}: {@code openingSecrets} holds
     * the tenant's valid secrets of each of those names, newest first (an empty list when it has none).
     */
    default ParseResult open(RawNotification raw, List<String> secrets, Map<String, List<String>> openingSecrets) {
        return open(raw, secrets);
    }

    /** The answer in the channel's words. {@code message} is a short human reason, for the kinds that carry one. */
    ChannelAnswer answer(AnswerKind kind, String message);

    /**
     * The answer to a genuine notification held for review: it disagrees with what we know (another amount, another
     * merchant's payment), a review case is open and nothing changed. Most channels are told success, since sending
     * it again cannot settle a disagreement. A channel whose own guidance is to refuse a notification the merchant's
     * checks reject (WeChat Pay) answers failure here, and every re-sent copy gets the same answer.
     */
    default ChannelAnswer heldAnswer() {
        return answer(AnswerKind.SUCCESS, null);
    }

    enum Verification {
        VALID,
        BAD_SIGNATURE,
        /** The signed timestamp is too far from our clock (replay protection). */
        STALE_TIMESTAMP
    }
}
