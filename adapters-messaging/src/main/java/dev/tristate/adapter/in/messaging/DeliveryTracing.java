package dev.tristate.adapter.in.messaging;

import java.util.List;
import org.springframework.amqp.core.Message;

/**
 * Continues, for each delivery, the trace its message carries (the W3C {@code traceparent} header the relay wrote
 * from the outbox row). One delivery is worked in its span, so that what the consumer does joins the trace; a batch
 * has one span per delivery, each in its own trace, open while the batch is worked.
 */
public interface DeliveryTracing {

    /** Traces nothing. */
    DeliveryTracing NONE = messages -> () -> { };

    /** Starts the deliveries' spans; closing the answer ends them. */
    Spans start(List<Message> messages);

    /** The spans of deliveries being worked. */
    interface Spans extends AutoCloseable {
        @Override
        void close();
    }
}
