package dev.tristate.application.callback.port.in;

import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.RawNotification;

/**
 * The front door for money: verifies a channel notification over its raw bytes, records it, applies it to the payment
 * in one local transaction with its outbox event, and returns the answer for the channel, which the caller sends only
 * now, after the commit.
 */
public interface HandleChannelNotificationUseCase {

    ChannelAnswer handle(RawNotification notification);
}
