package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.application.callback.port.out.RejectionBudget;
import dev.tristate.application.callback.service.CallbackTransaction.NotRecorded;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.WorkLog;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.VerificationKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Verify, then one local transaction: the notification record (unique per channel, tenant and notify id), the
 * conditional state change and the outbox event; then, and only then, the answer. A notification that fails any
 * check changes nothing and is recorded with its reason.
 */
class HandleChannelNotificationService implements HandleChannelNotificationUseCase {

    /** Verifies nothing (no merchant has it): spent on notifications for unknown merchants to match the work. */
    private static final String NO_SUCH_MERCHANT_SECRET = "no-merchant-has-this-secret";
    /** Compared by identity: the first transaction found the notification already recorded and wrote nothing. */
    private static final ChannelAnswer RE_SENT = new ChannelAnswer(200, "text/plain", "re-sent");

    private final Map<String, ChannelNotificationFormat> formats;
    private final ChannelCredentialStore credentials;
    private final PaymentRepository payments;
    private final NotificationLog log;
    private final ChannelReportApplier applier;
    private final RecordUnknownOutcomeUseCase unknowns;
    private final CallbackTransaction transaction;
    private final NotificationRecords records;
    private final Rejections rejections;
    private final CrashPoints crashPoints;
    private final Clock clock;
    private final RefundNoticeApplier refundNotices;
    private final WorkLog workLog;

    HandleChannelNotificationService(List<ChannelNotificationFormat> formats, ChannelCredentialStore credentials,
                                     PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                     ReviewCases reviews, Transactions transactions, CrashPoints crashPoints,
                                     Clock clock, RandomGenerator random, RecordUnknownOutcomeUseCase unknowns,
                                     RejectionBudget budget, int maxStoredRejectedBytes,
                                     RefundNoticeApplier refundNotices) {
        this(formats, credentials, payments, log, outbox, reviews, transactions, crashPoints, clock, random, unknowns,
                budget, maxStoredRejectedBytes, refundNotices, WorkLog.NONE);
    }

    /** With {@code workLog}: lines logged about a verified notification name its tenant and payment. */
    HandleChannelNotificationService(List<ChannelNotificationFormat> formats, ChannelCredentialStore credentials,
                                     PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                     ReviewCases reviews, Transactions transactions, CrashPoints crashPoints,
                                     Clock clock, RandomGenerator random, RecordUnknownOutcomeUseCase unknowns,
                                     RejectionBudget budget, int maxStoredRejectedBytes,
                                     RefundNoticeApplier refundNotices, WorkLog workLog) {
        this.workLog = workLog;
        this.formats = formats.stream().collect(Collectors.toUnmodifiableMap(ChannelNotificationFormat::channel,
                Function.identity()));
        this.credentials = credentials;
        this.payments = payments;
        this.log = log;
        this.applier = new ChannelReportApplier(payments, outbox, reviews, crashPoints);
        this.unknowns = unknowns;
        this.transaction = new CallbackTransaction(transactions, random);
        this.records = new NotificationRecords(log, transactions, clock);
        this.rejections = new Rejections(records, budget, maxStoredRejectedBytes);
        this.crashPoints = crashPoints;
        this.clock = clock;
        this.refundNotices = refundNotices;
    }

    @Override
    public ChannelAnswer handle(RawNotification raw, String caller) {
        Instant received = clock.instant();
        ChannelNotificationFormat format = formats.get(raw.channel());
        if (format == null) {
            rejections.refuseUnknownChannel(raw, caller, received);
            throw new UnknownChannel(raw.channel());
        }
        if (raw.bodyTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "body larger than the limit");
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    "body larger than the limit", new ChannelAnswer(413, invalid.contentType(), invalid.body()));
        }
        if (raw.headersTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "headers larger than the limit");
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    "headers larger than the limit", new ChannelAnswer(431, invalid.contentType(), invalid.body()));
        }
        ParseResult parsed = format.parse(raw);
        if (parsed instanceof ParseResult.Malformed malformed) {
            return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED,
                    malformed.reason(), format.answer(AnswerKind.INVALID, malformed.reason()));
        }
        Parsed notification = (Parsed) parsed;
        Optional<VerificationKeys> keys = credentials.verificationKeys(format.channel(), notification.merchantKey(),
                format.secretName(), received);
        if (keys.isEmpty()) {
            // Answered exactly as a bad signature for a merchant we have, after the same work, so that the answer
            // does not tell which merchant ids exist.
            format.verify(raw, List.of(NO_SUCH_MERCHANT_SECRET), received);
            return rejections.refuse(format, raw, caller, received, null, notification, SignatureResult.NOT_CHECKED,
                    "unknown merchant", format.answer(AnswerKind.BAD_SIGNATURE, null));
        }
        TenantId tenant = keys.get().tenantId();
        // Every line logged about this notification names its tenant and, where it names one of ours, its payment.
        try (WorkLog.Scope tenantId = workLog.about(WorkLog.TENANT_ID, tenant.value());
             WorkLog.Scope paymentId = workLog.about(WorkLog.PAYMENT_ID,
                     paymentId(notification.outTradeNo()).map(PaymentId::value).orElse(null))) {
            return handleFor(format, raw, caller, received, notification, tenant, keys.get().secrets());
        }
    }

    /** The notification of a merchant we have, from its signature on. */
    private ChannelAnswer handleFor(ChannelNotificationFormat format, RawNotification raw, String caller,
                                    Instant received, Parsed notification, TenantId tenant, List<String> secrets) {
        Verification verification = secrets.isEmpty() ? Verification.BAD_SIGNATURE
                : format.verify(raw, secrets, received);
        if (verification != Verification.VALID) {
            SignatureResult result = verification == Verification.STALE_TIMESTAMP
                    ? SignatureResult.STALE_TIMESTAMP : SignatureResult.BAD_SIGNATURE;
            String reason = secrets.isEmpty() ? "no signing secret configured for this merchant"
                    : verification == Verification.STALE_TIMESTAMP ? "timestamp outside the tolerance"
                    : "signature does not match";
            return rejections.refuse(format, raw, caller, received, tenant, notification, result, reason,
                    format.answer(AnswerKind.BAD_SIGNATURE, reason));
        }
        ParseResult opened = format.openingSecretNames().isEmpty() ? format.open(raw, secrets)
                : format.open(raw, secrets, format.openingSecretNames().stream().collect(Collectors.toUnmodifiableMap(
                        Function.identity(), name -> credentials.validSecrets(tenant, format.channel(), name,
                                received))));
        if (opened instanceof ParseResult.Malformed malformed) {
            // Verified, so it is the channel's own: recorded in full, whatever any budget says.
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, malformed.reason());
            records.recordBestEffort(raw, received, tenant, notification, SignatureResult.VALID,
                    NotificationOutcome.REJECTED, malformed.reason(), invalid);
            return invalid;
        }
        return processVerified(format, raw, (Parsed) opened, tenant, received);
    }

    @Override
    public ChannelAnswer refuse(RawNotification raw, String caller, String reason) {
        Instant received = clock.instant();
        ChannelNotificationFormat format = formats.get(raw.channel());
        if (format == null) {
            rejections.refuseUnknownChannel(raw, caller, received);
            throw new UnknownChannel(raw.channel());
        }
        return rejections.refuse(format, raw, caller, received, null, null, SignatureResult.NOT_CHECKED, reason,
                format.answer(AnswerKind.INVALID, reason));
    }

    private ChannelAnswer processVerified(ChannelNotificationFormat format, RawNotification raw, Parsed notification,
                                          TenantId tenant, Instant received) {
        ChannelAnswer held = format.heldAnswer();
        // A copy of the held answer: compared by identity after the commit, it must not be the success answer too.
        Answers answers = new Answers(format.answer(AnswerKind.SUCCESS, null),
                new ChannelAnswer(held.httpStatus(), held.contentType(), held.body()));
        AtomicReference<ChannelAnswer> given = new AtomicReference<>();
        Optional<NotRecorded> notRecorded = transaction.run(
                () -> given.set(recordAndApply(format, raw, notification, tenant, received, answers)));
        if (notRecorded.isEmpty() && given.get() == RE_SENT) {
            notRecorded = transaction.run(
                    () -> given.set(records.recordDuplicate(format.channel(), raw, received, tenant, notification,
                            answers::to)));
        }
        if (notRecorded.isEmpty()) {
            // Committed. A crash here (C2) loses only the answer: the channel re-sends, and the re-sent
            // notification is a duplicate by the unique key.
            if (given.get() == answers.held()) {
                workLog.warn("Notification " + notification.notifyId() + " from " + format.channel()
                        + " is held for review (the console's review cases say why)");
            }
            crashPoints.reached(CrashPoints.C2_BEFORE_ANSWER);
            return given.get();
        }
        NotRecorded last = notRecorded.get();
        // Not recorded, or our own commit's outcome is unknown: either way the channel must send it again, and
        // handling the re-sent notification is idempotent.
        ChannelAnswer retry = format.answer(AnswerKind.RETRY, null);
        String reason = (last.outcomeClass() == OutcomeClass.UNKNOWN ? "outcome of our commit unknown: "
                : "could not record: ") + last.message();
        if (last.outcomeClass().mustBeResolved()) {
            // The state change may have committed. The channel's re-send settles it if it comes; the ledger makes
            // the resolver ask the channel in case it never does.
            paymentId(notification.outTradeNo()).ifPresent(payment -> unknowns.record(tenant, payment,
                    format.channel(), UnknownOutcomeOrigin.CALLBACK_COMMIT, notification.notifyId(), reason));
        }
        workLog.warn("Notification " + notification.notifyId() + " from " + format.channel()
                + " not recorded; the channel is told to send it again: " + reason);
        records.recordBestEffort(raw, received, tenant, notification, SignatureResult.VALID,
                NotificationOutcome.NOT_RECORDED, reason, retry);
        return retry;
    }

    /** What a recorded notification is told: success, or the channel's answer to one held for review. */
    private record Answers(ChannelAnswer success, ChannelAnswer held) {

        ChannelAnswer to(NotificationOutcome outcome) {
            return outcome == NotificationOutcome.HELD_FOR_REVIEW ? held : success;
        }
    }

    /** The one local transaction: its effects are the rows it writes. Returns the answer it recorded. */
    private ChannelAnswer recordAndApply(ChannelNotificationFormat format, RawNotification raw, Parsed n,
                                         TenantId tenant, Instant received, Answers answers) {
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
            log.complete(id, records.completion(NotificationOutcome.ACKNOWLEDGED, null, null, "not a payment status event",
                    answers.success(), received));
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
        ApplyChannelReportUseCase.Result result = applier.apply(tenant, payment, report, id, received);
        ChannelAnswer answer = answers.to(result.outcome());
        log.complete(id, records.completion(result.outcome(), result.before(), result.after(), result.reason(), answer,
                received));
        return answer;
    }

    private void holdForReview(long notificationId, TenantId tenant, Payment payment, PaymentStatus status,
                               AnomalyReason reason, String detail, ChannelAnswer answer, Instant received) {
        applier.holdForReview(notificationId, tenant, payment, reason, detail, received);
        log.complete(notificationId, records.completion(NotificationOutcome.HELD_FOR_REVIEW, status, status,
                reason + ": " + detail, answer, received));
    }

    private Optional<Payment> paymentOf(TenantId tenant, String outTradeNo) {
        return paymentId(outTradeNo).flatMap(id -> payments.findById(tenant, id));
    }

    private static Optional<PaymentId> paymentId(String outTradeNo) {
        try {
            return Optional.of(new PaymentId(outTradeNo));
        } catch (IllegalArgumentException notOurs) {
            return Optional.empty();
        }
    }
}
