package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.Anomaly;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome.Applied;
import dev.tristate.domain.payment.TransitionOutcome.Duplicate;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.Stale;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;

/** The one path by which what a channel said changes a payment (see the port). */
final class ChannelReportApplier implements ApplyChannelReportUseCase {

    private final PaymentRepository payments;
    private final OutboxStore outbox;
    private final ReviewCases reviews;
    private final CrashPoints crashPoints;

    ChannelReportApplier(PaymentRepository payments, OutboxStore outbox, ReviewCases reviews, CrashPoints crashPoints) {
        this.payments = payments;
        this.outbox = outbox;
        this.reviews = reviews;
        this.crashPoints = crashPoints;
    }

    @Override
    public Result apply(TenantId tenant, Payment payment, ChannelReport report, long notificationId, Instant now) {
        for (int read = 1; read <= MAX_REREADS; read++) {
            TransitionOutcome outcome = payment.apply(report, now);
            if (outcome instanceof Applied applied) {
                boolean written;
                try {
                    written = payments.update(applied.before(), applied.after());
                } catch (PersistenceFailure.AlreadyExists boundElsewhere) {
                    return holdForReview(notificationId, tenant, payment, AnomalyReason.TRADE_NO_BOUND_ELSEWHERE,
                            "trade " + report.channelTxnId() + " is bound to another payment", now);
                }
                if (!written) {
                    payment = payments.findById(tenant, payment.id()).orElseThrow();
                    continue;
                }
                outbox.append(applied.events(), now);
                crashPoints.reached(CrashPoints.C1_BEFORE_COMMIT);
                return new Result(NotificationOutcome.APPLIED, applied.before().status(), applied.after().status(),
                        null, null);
            }
            if (outcome instanceof Duplicate) {
                return new Result(NotificationOutcome.DUPLICATE, payment.status(), payment.status(),
                        "payment already " + payment.status(), null);
            }
            if (outcome instanceof Stale stale) {
                return new Result(NotificationOutcome.STALE, payment.status(), payment.status(),
                        stale.ignored() + " arrived after " + stale.current(), null);
            }
            if (outcome instanceof Anomaly anomaly) {
                return holdForReview(notificationId, tenant, payment, anomaly.reason(), anomaly.detail(), now);
            }
            if (outcome instanceof Rejected rejected) {
                throw new IllegalStateException("a channel report cannot be rejected: " + rejected);
            }
        }
        // Someone keeps moving this payment under us: let the caller try again later rather than guess.
        throw new ChangedMeanwhile("payment " + payment.id() + " kept changing");
    }

    @Override
    public Result holdForReview(long notificationId, TenantId tenant, Payment payment, AnomalyReason reason,
                                String detail, Instant now) {
        reviews.open(new ReviewCases.NewCase(tenant, payment == null ? null : payment.id(), notificationId,
                reason, detail, now));
        PaymentStatus status = payment == null ? null : payment.status();
        return new Result(NotificationOutcome.HELD_FOR_REVIEW, status, status, reason + ": " + detail, reason);
    }
}
