package dev.tristate.adapter.in.messaging;

import dev.tristate.application.outbox.port.in.RelayReport;
import dev.tristate.domain.outbox.OutboxBacklog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's meters: what the relay rounds did with events, what the purge deleted, and the backlog gauges, which
 * show the backlog as last read (reading it is one COUNT query, so it is refreshed on a schedule, not per scrape).
 */
final class RelayMetrics {

    /** The scheduler's category: operators watch the quarantine warnings under it. */
    private static final Logger LOG = LoggerFactory.getLogger(OutboxRelayScheduler.class);

    private final AtomicReference<OutboxBacklog> backlog = new AtomicReference<>(OutboxBacklog.EMPTY);
    private final Counter sent;
    private final Counter retried;
    private final Counter quarantined;
    private final Counter leaseLost;
    private final Counter purged;

    RelayMetrics(Clock clock, MeterRegistry meters) {
        Gauge.builder("tristate.outbox.pending", backlog, b -> b.get().pending())
                .description("Outbox events not yet sent (due, backing off or claimed)").register(meters);
        Gauge.builder("tristate.outbox.quarantined", backlog, b -> b.get().quarantined())
                .description("Outbox events given up on after the retry window").register(meters);
        TimeGauge.builder("tristate.outbox.oldest.pending.age", backlog, TimeUnit.MILLISECONDS,
                        b -> b.get().oldestPendingAge(clock.instant()).toMillis())
                .description("How long the oldest unsent outbox event has waited").register(meters);
        sent = relayed(meters, "sent");
        retried = relayed(meters, "retried");
        quarantined = relayed(meters, "quarantined");
        leaseLost = relayed(meters, "lease_lost");
        purged = Counter.builder("tristate.outbox.purged").description("SENT outbox events purged").register(meters);
    }

    private static Counter relayed(MeterRegistry meters, String outcome) {
        return Counter.builder("tristate.outbox.relayed").tag("outcome", outcome)
                .description("Outbox events by what a relay round did with them").register(meters);
    }

    /** Counts what one relay round did; a quarantine is also a warning, since someone has to look at it. */
    void count(RelayReport report) {
        sent.increment(report.markedSent());
        retried.increment(report.retried());
        quarantined.increment(report.quarantined());
        leaseLost.increment(report.leaseLost());
        if (report.quarantined() > 0) {
            LOG.warn("{} outbox event(s) quarantined after the retry window; see outbox_events with status"
                    + " QUARANTINED and their last_error", report.quarantined());
        }
    }

    void purged(int deleted) {
        purged.increment(deleted);
    }

    void backlog(OutboxBacklog current) {
        backlog.set(current);
    }

    OutboxBacklog lastBacklog() {
        return backlog.get();
    }

    /** What the relay did since this process started, for the line logged when it stops. */
    String summary() {
        return "marked " + (long) sent.count() + " event(s) sent, retried " + (long) retried.count()
                + ", quarantined " + (long) quarantined.count() + ", lost " + (long) leaseLost.count()
                + " lease(s) to other relays";
    }
}
