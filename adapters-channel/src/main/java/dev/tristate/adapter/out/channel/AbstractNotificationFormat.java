package dev.tristate.adapter.out.channel;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.notification.RawNotification;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What every channel format does alike: a notification cut at a size limit (body or headers) is never read and never
 * verifies, a reading failure becomes {@link ParseResult.Malformed}, and empty secrets are never tried.
 */
public abstract class AbstractNotificationFormat implements ChannelNotificationFormat {

    private final String channel;
    private final String secretName;

    protected AbstractNotificationFormat(String channel, String secretName) {
        this.channel = Objects.requireNonNull(channel, "channel");
        this.secretName = Objects.requireNonNull(secretName, "secret name");
    }

    @Override
    public final String channel() {
        return channel;
    }

    @Override
    public final String secretName() {
        return secretName;
    }

    @Override
    public final ParseResult parse(RawNotification raw) {
        if (raw.bodyTooLarge()) {
            return new ParseResult.Malformed(NotificationFields.BODY_TOO_LARGE);
        }
        if (raw.headersTooLarge()) {
            return new ParseResult.Malformed(NotificationFields.HEADERS_TOO_LARGE);
        }
        try {
            return read(raw);
        } catch (UnreadableNotification e) {
            return e.malformed();
        }
    }

    @Override
    public final Verification verify(RawNotification raw, List<String> secrets, Instant now) {
        if (raw.bodyTooLarge() || raw.headersTooLarge()) {
            return Verification.BAD_SIGNATURE;
        }
        List<String> candidates = secrets.stream().filter(s -> s != null && !s.isBlank()).toList();
        return candidates.isEmpty() ? Verification.BAD_SIGNATURE : verifySignature(raw, candidates, now);
    }

    /** Reads a complete body; anything that cannot be read throws {@link UnreadableNotification}. */
    protected abstract ParseResult.Parsed read(RawNotification raw);

    /** Verifies a complete body against at least one non-blank secret; one match suffices. */
    protected abstract Verification verifySignature(RawNotification raw, List<String> secrets, Instant now);
}
