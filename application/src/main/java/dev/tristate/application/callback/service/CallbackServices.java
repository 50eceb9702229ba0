package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.RejectionBudget;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.WorkLog;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/** The callback feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class CallbackServices {

    private CallbackServices() {
    }

    /**
     * {@code random} (the retries' jitter) must be thread-safe: the endpoint's threads share the service. Notifications
     * that fail verification are recorded within {@code rejectionBudget}, their raw body and headers cut to
     * {@code maxStoredRejectedBytes} each.
     */
    public static HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RandomGenerator random, RecordUnknownOutcomeUseCase unknowns, RejectionBudget rejectionBudget,
            int maxStoredRejectedBytes) {
        return handleChannelNotification(formats, credentials, payments, log, outbox, reviews, transactions,
                crashPoints, clock, random, unknowns, rejectionBudget, maxStoredRejectedBytes,
                RefundNoticeApplier.none(), WorkLog.NONE);
    }

    /**
     * As above, and a channel's refund notifications (WeChat Pay's) take effect through the refund feature's inbound
     * ports: found with {@code refunds}, applied with {@code refundAnswers} in the callback's transaction.
     */
    public static HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RandomGenerator random, RecordUnknownOutcomeUseCase unknowns, RejectionBudget rejectionBudget,
            int maxStoredRejectedBytes, GetRefundQuery refunds, ApplyRefundAnswerUseCase refundAnswers) {
        return handleChannelNotification(formats, credentials, payments, log, outbox, reviews, transactions,
                crashPoints, clock, random, unknowns, rejectionBudget, maxStoredRejectedBytes,
                new RefundNoticeApplier(refunds, refundAnswers), WorkLog.NONE);
    }

    /** As above, and the lines logged about a verified notification name its tenant and payment in {@code workLog}. */
    public static HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RandomGenerator random, RecordUnknownOutcomeUseCase unknowns, RejectionBudget rejectionBudget,
            int maxStoredRejectedBytes, GetRefundQuery refunds, ApplyRefundAnswerUseCase refundAnswers,
            WorkLog workLog) {
        return handleChannelNotification(formats, credentials, payments, log, outbox, reviews, transactions,
                crashPoints, clock, random, unknowns, rejectionBudget, maxStoredRejectedBytes,
                new RefundNoticeApplier(refunds, refundAnswers), workLog);
    }

    /** Every part of the callback path, built once per service; the public methods above say what each takes. */
    static HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RandomGenerator random, RecordUnknownOutcomeUseCase unknowns, RejectionBudget rejectionBudget,
            int maxStoredRejectedBytes, RefundNoticeApplier refundNotices, WorkLog workLog) {
        Map<String, ChannelNotificationFormat> byChannel = formats.stream().collect(Collectors.toUnmodifiableMap(
                ChannelNotificationFormat::channel, Function.identity()));
        NotificationRecords records = new NotificationRecords(log, transactions, clock);
        Rejections rejections = new Rejections(records, rejectionBudget, maxStoredRejectedBytes);
        NotificationApplier applier = new NotificationApplier(log, records, payments,
                new ChannelReportApplier(payments, outbox, reviews, crashPoints), refundNotices);
        VerifiedNotifications verified = new VerifiedNotifications(new CallbackTransaction(transactions, random),
                applier, records, unknowns, crashPoints, workLog);
        return new HandleChannelNotificationService(byChannel, clock, rejections,
                new NotificationVerifier(credentials, rejections, records, verified, workLog));
    }

    /** As above, recording every rejected notification in full: for tools and tests that are their only caller. */
    public static HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RandomGenerator random, RecordUnknownOutcomeUseCase unknowns) {
        return handleChannelNotification(formats, credentials, payments, log, outbox, reviews, transactions,
                crashPoints, clock, random, unknowns, RejectionBudget.unlimited(), Integer.MAX_VALUE);
    }

    /** The callback's own path for news that arrives some other way: a status query's answer, a statement line. */
    public static ApplyChannelReportUseCase applyChannelReport(PaymentRepository payments, OutboxStore outbox,
                                                               ReviewCases reviews, CrashPoints crashPoints) {
        return new ChannelReportApplier(payments, outbox, reviews, crashPoints);
    }
}
