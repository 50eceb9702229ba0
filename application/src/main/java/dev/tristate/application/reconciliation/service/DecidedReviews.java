package dev.tristate.application.reconciliation.service;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.domain.console.ReviewCase;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.Optional;

/**
 * A person's answer to a finding, given already: a review case about the finding's payment decided since the
 * statement's day began. Such a decision was made knowing the day's news (a notification, an earlier run of the same
 * day), so a run that finds the payment again leaves it alone and links the finding to that case, rather than opening
 * a new case, or applying the channel's line, under a decision just made. A decision older than the day does not
 * cover the day's news: the finding is repaired as usual.
 */
final class DecidedReviews {

    private final ReviewCases cases;

    DecidedReviews(ReviewCases cases) {
        this.cases = cases;
    }

    Optional<ReviewCase> answering(StoredDiscrepancy d) {
        if (d.paymentId() == null) {
            return Optional.empty();
        }
        Instant dayBegan = d.day().atStartOfDay(ZoneOffset.UTC).toInstant();
        return cases.forPayment(d.tenantId(), d.paymentId()).stream()
                .filter(c -> !c.open() && c.resolvedAt() != null && !c.resolvedAt().isBefore(dayBegan))
                .max(Comparator.comparing(ReviewCase::resolvedAt));
    }

    /** The repair's result naming the case, so the run's page and the audit log lead to the decision. */
    static String leftAlone(ReviewCase decided) {
        return "left alone: review case #" + decided.id() + " was decided by " + decided.resolvedBy() + " at "
                + decided.resolvedAt();
    }
}
