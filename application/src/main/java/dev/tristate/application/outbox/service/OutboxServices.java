package dev.tristate.application.outbox.service;

import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.in.PurgeSentEventsUseCase;
import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.application.outbox.port.in.RelayOutboxUseCase;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.application.outbox.port.out.EventPublisher;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxRelayStore;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import java.time.Clock;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** The outbox feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class OutboxServices {

    private OutboxServices() {
    }

    /** The quarantine page's use cases; each component implements only its port, so that each is a bean of its own. */
    public record Quarantine(QuarantineQuery quarantineQuery, ReplayQuarantinedMessageUseCase replay,
                             DiscardQuarantinedMessageUseCase discard) {
        public Quarantine {
            Objects.requireNonNull(quarantineQuery, "quarantineQuery");
            Objects.requireNonNull(replay, "replay");
            Objects.requireNonNull(discard, "discard");
        }
    }

    /** One relay may serve several threads: {@code random} (the backoff's jitter) must be thread-safe. */
    public static RelayOutboxUseCase relayOutbox(OutboxRelayStore store, EventPublisher publisher,
                                                 Transactions transactions, CrashPoints crashPoints, Clock clock,
                                                 RandomGenerator random, RelaySettings settings) {
        return new RelayOutboxService(store, publisher, transactions, crashPoints, clock, random, settings);
    }

    public static PurgeSentEventsUseCase purgeSentEvents(OutboxRelayStore store, Transactions transactions,
                                                         Clock clock, HousekeepingSettings settings) {
        return new OutboxHousekeepingService(store, transactions, clock, settings);
    }

    public static OutboxBacklogQuery outboxBacklog(OutboxRelayStore store, BacklogSampleStore samples, Clock clock) {
        return new OutboxBacklogService(store, samples, clock);
    }

    public static Quarantine quarantine(OutboxQuarantine outbox, AuditTrail audit, Transactions transactions,
                                        Clock clock) {
        QuarantineService repairs = new QuarantineService(outbox, audit, transactions, clock);
        return new Quarantine(new QuarantineQueryService(outbox), repairs, repairs::discard);
    }
}
