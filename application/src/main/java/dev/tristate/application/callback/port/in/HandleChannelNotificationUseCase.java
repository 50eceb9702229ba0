package dev.tristate.application.callback.port.in;

import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;

/**
 * The front door for money: verifies a channel notification over its raw bytes, records it, applies it to the payment
 * in one local transaction with its outbox event, and returns the answer for the channel, which the caller sends only
 * now, after the commit.
 */
public interface HandleChannelNotificationUseCase {

    /** The caller when the adapter cannot name one: all such callers share one budget for rejected notifications. */
    String UNKNOWN_CALLER = "unknown";

    /**
     * {@code caller} names who sent it (the client address): notifications that fail verification are recorded only
     * within that caller's budget.
     */
    ChannelAnswer handle(RawNotification notification, String caller);

    /**
     * Refuses, unread, what arrived at an address that is no callback address of the channel (a malformed path): it
     * is recorded as rejected within the caller's budget and answered as malformed, in the channel's words.
     *
     * @throws UnknownChannel when the notification's channel is none of ours
     */
    ChannelAnswer refuse(RawNotification notification, String caller, String reason);

    default ChannelAnswer handle(RawNotification notification) {
        return handle(notification, UNKNOWN_CALLER);
    }
}
