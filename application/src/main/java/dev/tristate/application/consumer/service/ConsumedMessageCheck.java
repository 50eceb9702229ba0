package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.out.EventPayloadReader;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ConsumedEvent;
import dev.tristate.application.consumer.port.out.EventPayloadReader.ReadResult;
import dev.tristate.application.consumer.port.out.EventPayloadReader.Unreadable;
import dev.tristate.domain.consumer.ContentHash;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.event.EventType;
import java.util.Arrays;

/**
 * What a consumer can tell of a message without the database: that it reads, that its id and type are the payload's,
 * and that the type is known. A message that fails here can never apply, however often it is tried.
 */
final class ConsumedMessageCheck {

    /** A message that passed: its event and the hash of its body. */
    record Readable(ConsumedEvent event, ContentHash hash) {
    }

    /** The message and why it can never apply; {@code readable} is null exactly when {@code reason} is not. */
    record Result(Readable readable, String reason) {
    }

    private final EventPayloadReader reader;

    ConsumedMessageCheck(EventPayloadReader reader) {
        this.reader = reader;
    }

    Result check(InboundMessage message) {
        byte[] body = message.body();
        ReadResult read = reader.read(body);
        if (read instanceof Unreadable unreadable) {
            return refused("unreadable payload: " + unreadable.reason());
        }
        ConsumedEvent event = (ConsumedEvent) read;
        if (message.messageId() != null && !message.messageId().equals(event.eventId().toString())) {
            return refused("the message id " + message.messageId() + " is not the payload's event id "
                    + event.eventId());
        }
        if (message.type() != null && !message.type().equals(event.eventType())) {
            return refused("the message type " + message.type() + " is not the payload's event type "
                    + event.eventType());
        }
        if (Arrays.stream(EventType.values()).noneMatch(t -> t.name().equals(event.eventType()))) {
            return refused("unknown event type " + event.eventType());
        }
        return new Result(new Readable(event, ContentHash.of(body)), null);
    }

    private static Result refused(String reason) {
        return new Result(null, reason);
    }
}
