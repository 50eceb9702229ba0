package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.callback.service.CallbackTransaction.NotRecorded;
import dev.tristate.application.callback.service.NotificationApplier.Answers;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.WorkLog;
import dev.tristate.domain.notification.AnswerKind;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A verified notification from its transaction to its answer: the callback transaction run (a re-sent copy recorded
 * in a second one), and the answer given only once one committed; otherwise the channel is told to send it again. Kept
 * apart from {@link NotificationApplier}, the work inside the transaction, because everything here happens around it:
 * the retries, the commit's crash point and an outcome that may be unknown.
 */
final class VerifiedNotifications {

    private final CallbackTransaction transaction;
    private final NotificationApplier applier;
    private final NotificationRecords records;
    private final RecordUnknownOutcomeUseCase unknowns;
    private final CrashPoints crashPoints;
    private final WorkLog workLog;

    VerifiedNotifications(CallbackTransaction transaction, NotificationApplier applier, NotificationRecords records,
                          RecordUnknownOutcomeUseCase unknowns, CrashPoints crashPoints, WorkLog workLog) {
        this.transaction = transaction;
        this.applier = applier;
        this.records = records;
        this.unknowns = unknowns;
        this.crashPoints = crashPoints;
        this.workLog = workLog;
    }

    ChannelAnswer handle(ChannelNotificationFormat format, RawNotification raw, Parsed notification, TenantId tenant,
                         Instant received) {
        Answers answers = Answers.of(format);
        AtomicReference<ChannelAnswer> given = new AtomicReference<>();
        Optional<NotRecorded> notRecorded = transaction.run(
                () -> given.set(applier.recordAndApply(format, raw, notification, tenant, received, answers)));
        if (notRecorded.isEmpty() && given.get() == NotificationApplier.RE_SENT) {
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
            NotificationApplier.paymentId(notification.outTradeNo()).ifPresent(payment -> unknowns.record(tenant,
                    payment, format.channel(), UnknownOutcomeOrigin.CALLBACK_COMMIT, notification.notifyId(), reason));
        }
        workLog.warn("Notification " + notification.notifyId() + " from " + format.channel()
                + " not recorded; the channel is told to send it again: " + reason);
        records.recordBestEffort(raw, received, tenant, notification, SignatureResult.VALID,
                NotificationOutcome.NOT_RECORDED, reason, retry);
        return retry;
    }
}
