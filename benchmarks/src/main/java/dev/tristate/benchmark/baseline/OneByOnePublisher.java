package dev.tristate.benchmark.baseline;

import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Publishes each event as a batch of one through the application's own publisher: one round trip per event. */
final class OneByOnePublisher implements EventPublisher {

    private final EventPublisher batches;

    OneByOnePublisher(EventPublisher batches) {
        this.batches = batches;
    }

    @Override
    public Map<EventId, PublishOutcome> publish(List<OutgoingEvent> events) {
        Map<EventId, PublishOutcome> outcomes = new HashMap<>();
        for (OutgoingEvent event : events) {
            outcomes.putAll(batches.publish(List.of(event)));
        }
        return outcomes;
    }
}
