package dev.tristate.application.fakes;

import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.outcome.OutcomeClass;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A broker in memory: every batch is recorded as published; each event is confirmed unless a rule says otherwise
 * (by event type or id), or the whole broker is down (nothing reaches it).
 */
public class ScriptedEventPublisher implements EventPublisher {

    private final List<List<OutgoingEvent>> batches = new ArrayList<>();
    private final List<OutgoingEvent> delivered = new ArrayList<>();
    private final Map<String, PublishOutcome> byType = new HashMap<>();
    private final Map<EventId, PublishOutcome> byId = new HashMap<>();
    private Function<List<OutgoingEvent>, Map<EventId, PublishOutcome>> override;
    private boolean down;

    /** Events of this type come back unroutable: the broker refuses them. */
    public synchronized ScriptedEventPublisher unroutable(String eventType) {
        byType.put(eventType, new NotSent(OutcomeClass.DEFINITE, "returned: 312 NO_ROUTE"));
        return this;
    }

    public synchronized ScriptedEventPublisher answer(EventId eventId, PublishOutcome outcome) {
        byId.put(eventId, outcome);
        return this;
    }

    public synchronized ScriptedEventPublisher down(boolean down) {
        this.down = down;
        return this;
    }

    /** Replaces the whole answer, e.g. with one that throws or forgets events. */
    public synchronized ScriptedEventPublisher answeringWith(
            Function<List<OutgoingEvent>, Map<EventId, PublishOutcome>> override) {
        this.override = override;
        return this;
    }

    @Override
    public synchronized Map<EventId, PublishOutcome> publish(List<OutgoingEvent> events) {
        batches.add(List.copyOf(events));
        if (override != null) {
            return override.apply(events);
        }
        Map<EventId, PublishOutcome> outcomes = new LinkedHashMap<>();
        for (OutgoingEvent event : events) {
            PublishOutcome outcome = down ? new NotSent(OutcomeClass.RETRYABLE, "connection refused")
                    : byId.getOrDefault(event.eventId(), byType.getOrDefault(event.eventType(), SENT));
            if (!down && !(outcome instanceof NotSent notSent && notSent.outcomeClass() == OutcomeClass.DEFINITE)) {
                delivered.add(event);
            }
            outcomes.put(event.eventId(), outcome);
        }
        return outcomes;
    }

    /** Every batch handed to the broker, in order. */
    public synchronized List<List<OutgoingEvent>> batches() {
        return List.copyOf(batches);
    }

    /** What reached a queue (sent, or unknown: it may be there), duplicates included. */
    public synchronized List<OutgoingEvent> delivered() {
        return List.copyOf(delivered);
    }
}
