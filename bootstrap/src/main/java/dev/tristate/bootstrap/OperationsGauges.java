package dev.tristate.bootstrap;

import dev.tristate.application.console.port.in.DurabilityPostureQuery;
import dev.tristate.application.console.port.in.DurabilityPostureQuery.Verdict;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.OpenDiscrepancies;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ResolutionCases.CaseCounts;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.task.TaskStatus;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.TimeGauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gauges over what waits in the database for the resolver, for people and for the task runner, read through the
 * application's ports. One reading (a handful of COUNT and MIN queries) serves every gauge and is kept for
 * {@code maxAge}, so scrapes from several Prometheus servers cost the database one reading per period. A reading that
 * fails leaves every gauge NaN until the next one succeeds: a count that is no longer true is not shown as one.
 */
final class OperationsGauges implements MeterBinder {

    private static final Logger LOG = LoggerFactory.getLogger(OperationsGauges.class);

    record Reading(Map<PaymentStatus, Long> payments, CaseCounts cases, long openReviewCases, long pendingTasks,
                   Instant oldestDueTask, long quarantinedTasks, long quarantinedDeliveries, Verdict durability,
                   Map<DiscrepancyClass, OpenDiscrepancies> discrepancies) {
    }

    private final PaymentRepository payments;
    private final ResolutionCases cases;
    private final ReviewCases reviewCases;
    private final TaskStore tasks;
    private final WorkQuarantineQuery quarantine;
    private final DurabilityPostureQuery durability;
    private final ReconciliationRecords reconciliation;
    private final Clock clock;
    private final Duration maxAge;
    private Reading last;
    private Instant readAt;

    OperationsGauges(PaymentRepository payments, ResolutionCases cases, ReviewCases reviewCases, TaskStore tasks,
                     WorkQuarantineQuery quarantine, DurabilityPostureQuery durability,
                     ReconciliationRecords reconciliation, Clock clock, Duration maxAge) {
        this.payments = payments;
        this.cases = cases;
        this.reviewCases = reviewCases;
        this.tasks = tasks;
        this.quarantine = quarantine;
        this.durability = durability;
        this.reconciliation = reconciliation;
        this.clock = clock;
        this.maxAge = maxAge;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (PaymentStatus status : PaymentStatus.unresolved()) {
            gauge("tristate.payments.unresolved", "Payments whose outcome is not known yet, by status",
                    r -> r.payments().getOrDefault(status, 0L)).tag("status", status.name()).register(registry);
        }
        for (ResolutionStatus status : ResolutionStatus.values()) {
            gauge("tristate.resolver.cases", "The resolver's cases by status (FLAGGED: for people)",
                    r -> r.cases().byStatus().get(status)).tag("status", status.name()).register(registry);
        }
        age(registry, "tristate.resolver.oldest.open.age", "How long the oldest OPEN resolver case has been open",
                r -> r.cases().oldestOpenSince());
        gauge("tristate.review.cases.open", "Review cases waiting for a person's decision",
                Reading::openReviewCases).register(registry);
        gauge("tristate.tasks.pending", "Tasks for tenants' services not done yet (due or backing off)",
                Reading::pendingTasks).register(registry);
        age(registry, "tristate.tasks.oldest.due.age", "How long the longest-due task has been due (overdue)",
                Reading::oldestDueTask);
        gauge("tristate.tasks.quarantined", "Tasks given up on after their retries",
                Reading::quarantinedTasks).register(registry);
        gauge("tristate.consumer.quarantined", "Consumer deliveries given up on after their retries",
                Reading::quarantinedDeliveries).register(registry);
        for (Verdict verdict : Verdict.values()) {
            gauge("tristate.durability.verdict", "1 for the database's durability verdict, 0 for the others",
                    r -> r.durability() == verdict ? 1 : 0).tag("verdict", verdict.name()).register(registry);
        }
        for (DiscrepancyClass kind : DiscrepancyClass.values()) {
            gauge("tristate.reconciliation.discrepancies.open",
                    "Reconciliation discrepancies whose repair is not applied (PENDING or FAILED), by class",
                    r -> r.discrepancies().get(kind).open()).tag("class", kind.name()).register(registry);
            age(registry, "tristate.reconciliation.discrepancies.oldest.open.age",
                    "How long the oldest discrepancy of the class has been open, since a run found it",
                    r -> r.discrepancies().get(kind).oldestFoundAt(), kind.name());
        }
    }

    private Gauge.Builder<OperationsGauges> gauge(String name, String description, ToDoubleFunction<Reading> value) {
        return Gauge.builder(name, this, g -> g.value(value)).description(description);
    }

    private void age(MeterRegistry registry, String name, String description,
                     Function<Reading, Instant> since) {
        age(registry, name, description, since, null);
    }

    /** An age gauge; {@code discrepancyClass}, when not null, is its {@code class} tag. */
    private void age(MeterRegistry registry, String name, String description,
                     Function<Reading, Instant> since, String discrepancyClass) {
        TimeGauge.Builder<OperationsGauges> builder = TimeGauge.builder(name, this, TimeUnit.MILLISECONDS,
                        g -> g.value(r -> {
                            Instant t = since.apply(r);
                            Instant now = clock.instant();
                            return t == null || t.isAfter(now) ? 0 : Duration.between(t, now).toMillis();
                        }))
                .description(description);
        if (discrepancyClass != null) {
            builder.tag("class", discrepancyClass);
        }
        builder.register(registry);
    }

    private double value(ToDoubleFunction<Reading> value) {
        Reading reading = reading();
        return reading == null ? Double.NaN : value.applyAsDouble(reading);
    }

    synchronized Reading reading() {
        Instant now = clock.instant();
        if (readAt != null && Duration.between(readAt, now).compareTo(maxAge) < 0) {
            return last;
        }
        readAt = now;
        try {
            List<Task> due = tasks.findDue(now, 1);
            last = new Reading(payments.countByStatus(null), cases.countByStatus(), reviewCases.countOpen(),
                    tasks.count(TaskStatus.PENDING), due.isEmpty() ? null : due.get(0).nextRunAt(),
                    quarantine.countQuarantinedTasks(), quarantine.countQuarantinedDeliveries(),
                    durability.durabilityPosture().verdict(), reconciliation.openDiscrepancies());
        } catch (RuntimeException e) {
            LOG.debug("Could not read the operations gauges", e);
            last = null;
        }
        return last;
    }
}
