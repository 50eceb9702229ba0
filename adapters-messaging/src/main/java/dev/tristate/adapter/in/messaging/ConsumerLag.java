package dev.tristate.adapter.in.messaging;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.amqp.core.Message;

/**
 * A consumer's lag. {@code tristate.consumer.lag}: from an event's commit to the outbox to the consumer's
 * acknowledgement, for every acknowledged delivery (the relay's wait, the broker's queue and the processing
 * together). {@code tristate.consumer.in.flight} and {@code tristate.consumer.oldest.unacked.age}: the deliveries the
 * consumer is working on and has not acknowledged, and the age of the oldest of them since its event's commit (since
 * its arrival when the message does not say). A queue that backs up shows as old events in work; a consumer stuck on
 * one shows as an age that grows.
 */
final class ConsumerLag {

    /** The relay's header with the event's commit to the outbox (RabbitEventPublisher.CREATED_AT_HEADER). */
    static final String CREATED_AT_HEADER = "created_at";

    private record InFlight(int deliveries, Instant oldest) {
    }

    private final Clock clock;
    private final Timer lag;
    /** What each consumer thread is working on: a thread handles one delivery or one batch at a time. */
    private final Map<Thread, InFlight> inFlight = new ConcurrentHashMap<>();

    ConsumerLag(String consumer, MeterRegistry meters, Clock clock) {
        this.clock = clock;
        lag = Timer.builder("tristate.consumer.lag").tag("consumer", consumer)
                .description("From an event's commit to the outbox to the consumer's acknowledgement")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofHours(1))
                .register(meters);
        Gauge.builder("tristate.consumer.in.flight", inFlight,
                        m -> m.values().stream().mapToInt(InFlight::deliveries).sum())
                .tag("consumer", consumer)
                .description("Deliveries the consumer is working on and has not acknowledged").register(meters);
        TimeGauge.builder("tristate.consumer.oldest.unacked.age", inFlight, TimeUnit.MILLISECONDS,
                        m -> oldestAgeMillis(m.values()))
                .tag("consumer", consumer)
                .description("Age, since its event's commit, of the oldest delivery the consumer is working on")
                .register(meters);
    }

    /** This thread starts on these deliveries. */
    void started(List<Message> messages) {
        Instant now = clock.instant();
        Instant oldest = now;
        for (Message message : messages) {
            Instant created = createdAt(message);
            if (created != null && created.isBefore(oldest)) {
                oldest = created;
            }
        }
        inFlight.put(Thread.currentThread(), new InFlight(messages.size(), oldest));
    }

    /** This thread is done with what it started on (acknowledged or given back). */
    void finished() {
        inFlight.remove(Thread.currentThread());
    }

    /** The delivery was acknowledged: its event's way from the outbox to here is over. */
    void acknowledged(Message message) {
        Instant created = createdAt(message);
        if (created != null) {
            Duration took = Duration.between(created, clock.instant());
            lag.record(took.isNegative() ? Duration.ZERO : took);
        }
    }

    private double oldestAgeMillis(Iterable<InFlight> working) {
        Instant now = clock.instant();
        long oldest = 0;
        for (InFlight work : working) {
            oldest = Math.max(oldest, Duration.between(work.oldest(), now).toMillis());
        }
        return oldest;
    }

    /** The event's commit to the outbox, as the relay wrote it; null when the message does not say (or garbles it). */
    static Instant createdAt(Message message) {
        Object header = message.getMessageProperties().getHeaders().get(CREATED_AT_HEADER);
        if (header == null) {
            return null;
        }
        try {
            return Instant.parse(header.toString());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
