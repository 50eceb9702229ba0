package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;

/**
 * The work inside the callback transaction for a verified notification: its record under the unique key, then what it
 * says applied (a refund notice, a payment's status report, or nothing), and the record completed with the outcome
 * and the answer. Separate from {@link VerifiedNotifications}, which runs it and answers for the transaction's
 * outcome: this class only writes rows, and its effects are those rows.
 */
final class NotificationApplier {

    /** Compared by identity: the first transaction found the notification already recorded and wrote nothing. */
    static final ChannelAnswer RE_SENT = new ChannelAnswer(200, "text/plain", "re-sent");

    /** What a recorded notification is told: success, or the channel's answer to one held for review. */
    record Answers(ChannelAnswer success, ChannelAnswer held) {

        static Answers of(ChannelNotificationFormat format) {
            ChannelAnswer held = format.heldAnswer();
            // A copy of the held answer: compared by identity after the commit, it must not be the success answer too.
            return new Answers(format.answer(AnswerKind.SUCCESS, null),
                    new ChannelAnswer(held.httpStatus(), held.contentType(), held.body()));
        }

        ChannelAnswer to(NotificationOutcome outcome) {
            return outcome == NotificationOutcome.HELD_FOR_REVIEW ? held : success;
        }
    }

    private final NotificationLog log;
    private final NotificationRecords records;
    private final PaymentRepository payments;
    private final ChannelReportApplier reports;
    private final RefundNoticeApplier refundNotices;

    NotificationApplier(NotificationLog log, NotificationRecords records, PaymentRepository payments,
                        ChannelReportApplier reports, RefundNoticeApplier refundNotices) {
        this.log = log;
        this.records = records;
        this.payments = payments;
        this.reports = reports;
        this.refundNotices = refundNotices;
    }

    /** The one local transaction: its effects are the rows it writes. Returns the answer it recorded. */
    ChannelAnswer recordAndApply(ChannelNotificationFormat format, RawNotification raw, Parsed n, TenantId tenant,
                                 Instant received, Answers answers) {
        long id;
        try {
            id = log.recordFirstArrival(records.entry(raw, received, tenant, n, SignatureResult.VALID,
                    NotificationOutcome.IN_PROGRESS, null, null, null));
        } catch (PersistenceFailure.AlreadyExists duplicate) {
            // The channel re-sent it. Nothing was written; the duplicate is recorded in a transaction of its own,
            // because the failed insert holds a shared lock on the gap before the dedup key until this one ends, and
            // the duplicate's row (no dedup key) may belong in that gap: copies arriving together would deadlock.
            return RE_SENT;
        }
        if (n.refund() != null) {
            RefundNoticeApplier.Outcome outcome = refundNotices.apply(tenant, n.outTradeNo(), n.refund());
            ChannelAnswer answer = answers.to(outcome.outcome());
            log.complete(id, records.completion(outcome.outcome(), null, null, outcome.reason(), answer, received));
            return answer;
        }
        if (n.status() == null) {
            log.complete(id, records.completion(NotificationOutcome.ACKNOWLEDGED, null, null,
                    "not a payment status event", answers.success(), received));
            return answers.success();
        }
        Optional<Payment> found = paymentOf(tenant, n.outTradeNo());
        if (found.isEmpty()) {
            boolean otherTenant = paymentId(n.outTradeNo()).flatMap(payments::findOwner).isPresent();
            AnomalyReason reason = otherTenant ? AnomalyReason.MERCHANT_MISMATCH : AnomalyReason.UNKNOWN_PAYMENT;
            holdForReview(id, tenant, null, null, reason, otherTenant
                    ? "the payment belongs to another merchant" : "no such payment for this merchant", answers.held(),
                    received);
            return answers.held();
        }
        Payment payment = found.get();
        if (!payment.channel().equals(format.channel())) {
            holdForReview(id, tenant, payment, payment.status(), AnomalyReason.CHANNEL_MISMATCH,
                    "payment is paid through " + payment.channel(), answers.held(), received);
            return answers.held();
        }
        ChannelReport report = new ChannelReport(n.status(), n.amount(),
                n.tradeNo() == null ? null : new ChannelTxnId(n.tradeNo()), n.eventTime());
        ApplyChannelReportUseCase.Result result = reports.apply(tenant, payment, report, id, received);
        ChannelAnswer answer = answers.to(result.outcome());
        log.complete(id, records.completion(result.outcome(), result.before(), result.after(), result.reason(), answer,
                received));
        return answer;
    }

    /** {@code outTradeNo} as our payment id; empty when it cannot be one of ours (it names no payment here). */
    static Optional<PaymentId> paymentId(String outTradeNo) {
        try {
            return Optional.of(new PaymentId(outTradeNo));
        } catch (IllegalArgumentException notOurs) {
            return Optional.empty();
        }
    }

    private void holdForReview(long notificationId, TenantId tenant, Payment payment, PaymentStatus status,
                               AnomalyReason reason, String detail, ChannelAnswer answer, Instant received) {
        reports.holdForReview(notificationId, tenant, payment, reason, detail, received);
        log.complete(notificationId, records.completion(NotificationOutcome.HELD_FOR_REVIEW, status, status,
                reason + ": " + detail, answer, received));
    }

    private Optional<Payment> paymentOf(TenantId tenant, String outTradeNo) {
        return paymentId(outTradeNo).flatMap(id -> payments.findById(tenant, id));
    }
}
