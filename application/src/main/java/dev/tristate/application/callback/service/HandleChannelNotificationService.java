package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/**
 * Verify, then one local transaction: the notification record (unique per channel, tenant and notify id), the
 * conditional state change and the outbox event; then, and only then, the answer. A notification that fails any
 * check changes nothing and is recorded with its reason.
 *
 * <p>This class takes a notification as far as the channel's format can: the channel, the size limits and the parse.
 * What parsed is checked against its merchant's keys by {@link NotificationVerifier}.
 */
class HandleChannelNotificationService implements HandleChannelNotificationUseCase {

    private final Map<String, ChannelNotificationFormat> formats;
    private final Clock clock;
    private final Rejections rejections;
    private final NotificationVerifier verifier;

    /** {@code formats} by the channel each reads. */
    HandleChannelNotificationService(Map<String, ChannelNotificationFormat> formats, Clock clock,
                                     Rejections rejections, NotificationVerifier verifier) {
        this.formats = formats;
        this.clock = clock;
        this.rejections = rejections;
        this.verifier = verifier;
    }

    @Override
    public ChannelAnswer handle(RawNotification raw, String caller) {
        Instant received = clock.instant();
        ChannelNotificationFormat format = formatOf(raw, caller, received);
        if (raw.bodyTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "body larger than the limit");
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    "body larger than the limit", new ChannelAnswer(413, invalid.contentType(), invalid.body()));
        }
        if (raw.headersTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "headers larger than the limit");
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    "headers larger than the limit", new ChannelAnswer(431, invalid.contentType(), invalid.body()));
        }
        ParseResult parsed = format.parse(raw);
        if (parsed instanceof ParseResult.Malformed malformed) {
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    malformed.reason(), format.answer(AnswerKind.INVALID, malformed.reason()));
        }
        return verifier.handle(format, raw, caller, received, (Parsed) parsed);
    }

    @Override
    public ChannelAnswer refuse(RawNotification raw, String caller, String reason) {
        Instant received = clock.instant();
        ChannelNotificationFormat format = formatOf(raw, caller, received);
        return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED, reason,
                format.answer(AnswerKind.INVALID, reason));
    }

    /** The notification's channel format; a channel we do not have is recorded as refused and thrown. */
    private ChannelNotificationFormat formatOf(RawNotification raw, String caller, Instant received) {
        ChannelNotificationFormat format = formats.get(raw.channel());
        if (format == null) {
            rejections.refuseUnknownChannel(raw, caller, received);
            throw new UnknownChannel(raw.channel());
        }
        return format;
    }
}
