package dev.tristate.application.resolution.service;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.service.ChannelReportApplier;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.StatusQuery;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.in.ActionAudit;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.Payment;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Records a status query's answer about a payment like a notification (source {@link StatusQuery#NOTIFICATION_SOURCE})
 * and applies it through {@link ChannelReportApplier}, in one transaction: the same path as a callback, so an answer
 * moves a payment exactly as the channel's callback would have.
 */
public final class QueryAnswerRecorder {

    /** A channel's answer as a report: {@code answerStatus} is the channel's status code, 200 or 404 (no trade). */
    record QueryAnswer(ChannelReport report, String rawAnswer, int answerStatus, String reportedStatus) {
        QueryAnswer {
            Objects.requireNonNull(report, "report");
            Objects.requireNonNull(rawAnswer, "raw answer");
            Objects.requireNonNull(reportedStatus, "reported status");
        }
    }

    private final PaymentRepository payments;
    private final NotificationLog log;
    private final ChannelReportApplier applier;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<UUID> uuids;

    public QueryAnswerRecorder(PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                               ReviewCases reviews, Transactions transactions, Clock clock, Supplier<UUID> uuids) {
        this.payments = payments;
        this.log = log;
        this.applier = new ChannelReportApplier(payments, outbox, reviews, CrashPoints.NONE);
        this.transactions = transactions;
        this.clock = clock;
        this.uuids = uuids;
    }

    /** Applies the answer; {@code audit} records it in the same transaction (an operator's question). */
    ChannelReportApplier.Result apply(ActionAudit audit, Payment payment, QueryAnswer answer) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MICROS);
        ChannelReport report = answer.report();
        return transactions.inTransaction(() -> {
            long id = log.record(new NotificationLog.Entry(payment.channel(), StatusQuery.NOTIFICATION_SOURCE,
                    payment.tenantId(), null, payment.id().value(),
                    report.channelTxnId() == null ? null : report.channelTxnId().value(), answer.reportedStatus(),
                    report.amount().minor(), report.amount().currencyCode(), "resolver-" + uuids.get(),
                    SignatureResult.NOT_CHECKED, NotificationOutcome.IN_PROGRESS, null, null, "",
                    answer.rawAnswer().getBytes(StandardCharsets.UTF_8), now, null));
            Payment fresh = payments.findById(payment.tenantId(), payment.id()).orElseThrow();
            ChannelReportApplier.Result result = applier.apply(payment.tenantId(), fresh, report, id, now);
            log.complete(id, new NotificationLog.Completion(result.outcome(), result.before(), result.after(),
                    result.reason(), answer.answerStatus(), null, 0));
            audit.record(AskChannelUseCase.ANSWERED, "channel: " + answer.reportedStatus() + "; " + describe(result)
                    + "; payment " + (result.after() == null ? fresh.status() : result.after()), now);
            return result;
        });
    }

    static String describe(ChannelReportApplier.Result result) {
        return result.outcome() + (result.before() == null ? "" : " " + result.before() + " -> " + result.after())
                + (result.reason() == null ? "" : " (" + result.reason() + ")");
    }
}
