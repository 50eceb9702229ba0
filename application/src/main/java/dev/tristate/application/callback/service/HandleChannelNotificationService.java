package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.AnswerKind;
import dev.tristate.application.callback.port.in.ChannelAnswer;
import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.in.RawNotification;
import dev.tristate.application.callback.port.in.UnknownChannel;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog.Completion;
import dev.tristate.application.callback.port.out.NotificationLog.Entry;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.port.out.ParseResult;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.service.UnknownOutcomeRecorder;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore.VerificationKeys;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outcome.Backoff;
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
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * Verify, then one local transaction: the notification record (unique per channel, tenant and notify id), the
 * conditional state change and the outbox event; then, and only then, the answer. A notification that fails any
 * check changes nothing and is recorded with its reason.
 */
public class HandleChannelNotificationService implements HandleChannelNotificationUseCase {

    static final String SOURCE_CALLBACK = "CALLBACK";
    /** Tries of the transaction when the database says "retry" (deadlock, lock wait timeout). */
    static final int MAX_ATTEMPTS = 3;

    private final Map<String, ChannelNotificationFormat> formats;
    private final ChannelCredentialStore credentials;
    private final PaymentRepository payments;
    private final NotificationLog log;
    private final ChannelReportApplier applier;
    private final UnknownOutcomeRecorder unknowns;
    private final Transactions transactions;
    private final CrashPoints crashPoints;
    private final Clock clock;
    private final RandomGenerator random;
    private final Backoff retryBackoff = new Backoff(Duration.ofMillis(10), Duration.ofMillis(200), 3.0);

    public HandleChannelNotificationService(List<ChannelNotificationFormat> formats, ChannelCredentialStore credentials,
                                            PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints,
                                            Clock clock, RandomGenerator random, UnknownOutcomeRecorder unknowns) {
        this.formats = formats.stream().collect(Collectors.toUnmodifiableMap(ChannelNotificationFormat::channel,
                Function.identity()));
        this.credentials = credentials;
        this.payments = payments;
        this.log = log;
        this.applier = new ChannelReportApplier(payments, outbox, reviews, crashPoints);
        this.unknowns = unknowns;
        this.transactions = transactions;
        this.crashPoints = crashPoints;
        this.clock = clock;
        this.random = random;
    }

    @Override
    public ChannelAnswer handle(RawNotification raw) {
        Instant received = clock.instant();
        ChannelNotificationFormat format = formats.get(raw.channel());
        if (format == null) {
            recordRejection(raw, received, null, null, SignatureResult.NOT_CHECKED, "unknown channel", 404,
                    "unknown channel");
            throw new UnknownChannel(raw.channel());
        }
        if (raw.bodyTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "body larger than the limit");
            ChannelAnswer tooLarge = new ChannelAnswer(413, invalid.contentType(), invalid.body());
            return rejected(raw, received, null, null, SignatureResult.NOT_CHECKED, "body larger than the limit",
                    tooLarge);
        }
        if (raw.headersTooLarge()) {
            ChannelAnswer invalid = format.answer(AnswerKind.INVALID, "headers larger than the limit");
            ChannelAnswer tooLarge = new ChannelAnswer(431, invalid.contentType(), invalid.body());
            return rejected(raw, received, null, null, SignatureResult.NOT_CHECKED, "headers larger than the limit",
                    tooLarge);
        }
        ParseResult parsed = format.parse(raw);
        if (parsed instanceof ParseResult.Malformed malformed) {
            return rejected(raw, received, null, null, SignatureResult.NOT_CHECKED, malformed.reason(),
                    format.answer(AnswerKind.INVALID, malformed.reason()));
        }
        Parsed notification = (Parsed) parsed;
        Optional<VerificationKeys> keys = credentials.verificationKeys(format.channel(), notification.merchantKey(),
                format.secretName(), received);
        if (keys.isEmpty()) {
            return rejected(raw, received, null, notification, SignatureResult.NOT_CHECKED, "unknown merchant",
                    format.answer(AnswerKind.INVALID, "unknown merchant"));
        }
        TenantId tenant = keys.get().tenantId();
        List<String> secrets = keys.get().secrets();
        Verification verification = secrets.isEmpty() ? Verification.BAD_SIGNATURE
                : format.verify(raw, secrets, received);
        if (verification != Verification.VALID) {
            SignatureResult result = verification == Verification.STALE_TIMESTAMP
                    ? SignatureResult.STALE_TIMESTAMP : SignatureResult.BAD_SIGNATURE;
            String reason = secrets.isEmpty() ? "no signing secret configured for this merchant"
                    : verification == Verification.STALE_TIMESTAMP ? "timestamp outside the tolerance"
                    : "signature does not match";
            return rejected(raw, received, tenant, notification, result, reason,
                    format.answer(AnswerKind.BAD_SIGNATURE, reason));
        }
        ParseResult opened = format.open(raw, secrets);
        if (opened instanceof ParseResult.Malformed malformed) {
            return rejected(raw, received, tenant, notification, SignatureResult.VALID, malformed.reason(),
                    format.answer(AnswerKind.INVALID, malformed.reason()));
        }
        return processVerified(format, raw, (Parsed) opened, tenant, received);
    }

    private ChannelAnswer processVerified(ChannelNotificationFormat format, RawNotification raw, Parsed notification,
                                          TenantId tenant, Instant received) {
        ChannelAnswer success = format.answer(AnswerKind.SUCCESS, null);
        PersistenceFailure last = null;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            try {
                transactions.inTransaction(Workload.CALLBACK,
                        () -> recordAndApply(format, raw, notification, tenant, received, success));
            } catch (PersistenceFailure failure) {
                last = failure;
                if (failure.outcomeClass() != OutcomeClass.RETRYABLE || attempt == MAX_ATTEMPTS) {
                    break;
                }
                pause(attempt);
                continue;
            } catch (RuntimeException unexpected) {
                // Rolled back: nothing was recorded. The channel sends it again; a person sees the reason.
                last = new PersistenceFailure(OutcomeClass.DEFINITE, "unexpected failure: " + unexpected, unexpected);
                break;
            }
            // Committed. A crash here (C2) loses only the answer: the channel re-sends, and the re-sent
            // notification is a duplicate by the unique key.
            crashPoints.reached(CrashPoints.C2_BEFORE_ANSWER);
            return success;
        }
        // Not recorded, or our own commit's outcome is unknown: either way the channel must send it again, and
        // handling the re-sent notification is idempotent.
        ChannelAnswer retry = format.answer(AnswerKind.RETRY, null);
        String reason = (last.outcomeClass() == OutcomeClass.UNKNOWN ? "outcome of our commit unknown: "
                : "could not record: ") + last.getMessage();
        if (last.outcomeClass().mustBeResolved()) {
            // The state change may have committed. The channel's re-send settles it if it comes; the ledger makes
            // the resolver ask the channel in case it never does.
            paymentId(notification.outTradeNo()).ifPresent(payment -> unknowns.record(tenant, payment,
                    format.channel(), UnknownOutcomeOrigin.CALLBACK_COMMIT, notification.notifyId(), reason));
        }
        recordBestEffort(raw, received, tenant, notification, SignatureResult.VALID, NotificationOutcome.NOT_RECORDED,
                reason, retry);
        return retry;
    }

    /** The one local transaction. Returns nothing: its effects are the rows it writes. */
    private Void recordAndApply(ChannelNotificationFormat format, RawNotification raw, Parsed n, TenantId tenant,
                                Instant received, ChannelAnswer answer) {
        long id;
        try {
            id = log.recordFirstArrival(entry(raw, received, tenant, n, SignatureResult.VALID,
                    NotificationOutcome.IN_PROGRESS, null, null, null));
        } catch (PersistenceFailure.AlreadyExists duplicate) {
            // The channel re-sent it. The first arrival committed (or this insert would still be waiting on its
            // lock), so its effect is durable: record this arrival and answer success again.
            Long first = log.findFirstArrival(format.channel(), tenant, n.notifyId()).orElse(null);
            log.record(entry(raw, received, tenant, n, SignatureResult.VALID, NotificationOutcome.DUPLICATE,
                    "notification already received", first,
                    completion(NotificationOutcome.DUPLICATE, null, null, "notification already received", answer,
                            received)));
            return null;
        }
        if (n.status() == null) {
            log.complete(id, completion(NotificationOutcome.ACKNOWLEDGED, null, null, "not a payment status event",
                    answer, received));
            return null;
        }
        Optional<Payment> found = paymentOf(tenant, n.outTradeNo());
        if (found.isEmpty()) {
            boolean otherTenant = paymentId(n.outTradeNo()).flatMap(payments::findOwner).isPresent();
            AnomalyReason reason = otherTenant ? AnomalyReason.MERCHANT_MISMATCH : AnomalyReason.UNKNOWN_PAYMENT;
            holdForReview(id, tenant, null, null, reason, otherTenant
                    ? "the payment belongs to another merchant" : "no such payment for this merchant", answer,
                    received);
            return null;
        }
        Payment payment = found.get();
        if (!payment.channel().equals(format.channel())) {
            holdForReview(id, tenant, payment, payment.status(), AnomalyReason.CHANNEL_MISMATCH,
                    "payment is paid through " + payment.channel(), answer, received);
            return null;
        }
        ChannelReport report = new ChannelReport(n.status(), n.amount(),
                n.tradeNo() == null ? null : new ChannelTxnId(n.tradeNo()), n.eventTime());
        ChannelReportApplier.Result result = applier.apply(tenant, payment, report, id, received);
        log.complete(id, completion(result.outcome(), result.before(), result.after(), result.reason(), answer,
                received));
        return null;
    }

    private void holdForReview(long notificationId, TenantId tenant, Payment payment, PaymentStatus status,
                               AnomalyReason reason, String detail, ChannelAnswer answer, Instant received) {
        applier.holdForReview(notificationId, tenant, payment, reason, detail, received);
        log.complete(notificationId, completion(NotificationOutcome.HELD_FOR_REVIEW, status, status,
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

    private ChannelAnswer rejected(RawNotification raw, Instant received, TenantId tenant, Parsed n,
                                   SignatureResult signature, String reason, ChannelAnswer answer) {
        recordBestEffort(raw, received, tenant, n, signature, NotificationOutcome.REJECTED, reason, answer);
        return answer;
    }

    private void recordRejection(RawNotification raw, Instant received, TenantId tenant, Parsed n,
                                 SignatureResult signature, String reason, int status, String body) {
        recordBestEffort(raw, received, tenant, n, signature, NotificationOutcome.REJECTED, reason,
                new ChannelAnswer(status, "text/plain", body));
    }

    /**
     * A rejection changes nothing, so losing its record to a database failure loses no money; the answer stays the
     * same either way. Recording it is still worth a try: support staff look for rejected notifications.
     */
    private void recordBestEffort(RawNotification raw, Instant received, TenantId tenant, Parsed n,
                                  SignatureResult signature, NotificationOutcome outcome, String reason,
                                  ChannelAnswer answer) {
        try {
            transactions.inTransaction(Workload.CALLBACK, () -> log.record(entry(raw, received, tenant, n, signature,
                    outcome, reason, null, completion(outcome, null, null, reason, answer, received))));
        } catch (PersistenceFailure ignored) {
            // Nothing changed; the channel gets its answer regardless.
        }
    }

    private Entry entry(RawNotification raw, Instant received, TenantId tenant, Parsed n, SignatureResult signature,
                        NotificationOutcome outcome, String reason, Long duplicateOf, Completion completion) {
        return new Entry(raw.channel(), SOURCE_CALLBACK, tenant, n == null ? null : n.notifyId(),
                n == null ? null : n.outTradeNo(), n == null ? null : n.tradeNo(),
                n == null || n.status() == null ? null : n.status().name(),
                n == null || n.amount() == null ? null : n.amount().minor(),
                n == null || n.amount() == null ? null : n.amount().currencyCode(), raw.traceId(), signature, outcome,
                reason, duplicateOf, headersOf(raw), raw.body(), received, completion);
    }

    private Completion completion(NotificationOutcome outcome, PaymentStatus before, PaymentStatus after,
                                  String reason, ChannelAnswer answer, Instant received) {
        long micros = Math.max(0, Duration.between(received, clock.instant()).toNanos() / 1_000);
        return new Completion(outcome, before, after, reason, answer.httpStatus(), answer.body(), micros);
    }

    /** Headers as support staff need them, without credentials. */
    private static String headersOf(RawNotification raw) {
        StringBuilder sb = new StringBuilder();
        raw.headers().forEach((name, values) -> {
            if (!name.equals("authorization") && !name.equals("cookie")) {
                values.forEach(v -> sb.append(name).append(": ").append(v).append('\n'));
            }
        });
        return sb.toString();
    }

    private void pause(int attempt) {
        try {
            Thread.sleep(retryBackoff.delayBefore(attempt, random.nextDouble()).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
