package dev.tristate.application.reconciliation.service;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.StoredDiscrepancy;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.reconciliation.StatementLine;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The statement's word about a discrepancy, recorded as a notification (source RECONCILIATION) so that a repair
 * that applies it or holds it for review is traced like a callback. Its dedup key is the discrepancy's: a repair can
 * never record it twice.
 */
final class StatementNews {

    static final String SOURCE_RECONCILIATION = "RECONCILIATION";

    private final NotificationLog log;
    private final Supplier<UUID> uuids;

    StatementNews(NotificationLog log, Supplier<UUID> uuids) {
        this.log = log;
        this.uuids = uuids;
    }

    long record(StoredDiscrepancy d, Instant now) {
        StatementLine line = d.line();
        String raw = line == null
                ? "statement of " + d.day() + ": no line for " + d.subject()
                : String.join(",", line.tradeNo(), line.outTradeNo(), line.type().name(), line.status(),
                        Long.toString(line.amount().minor()), line.amount().currencyCode(),
                        line.eventTime().toString());
        return log.recordFirstArrival(new NotificationLog.Entry(d.channel(), SOURCE_RECONCILIATION, d.tenantId(),
                "reconciliation-" + d.id(), d.paymentId() == null ? null : d.paymentId().value(), line == null ? null : line.tradeNo(),
                line == null ? null : line.status(), line == null ? null : line.amount().minor(),
                line == null ? null : line.amount().currencyCode(), "reconciliation-" + uuids.get(),
                SignatureResult.NOT_CHECKED, NotificationOutcome.IN_PROGRESS, null, null, "",
                raw.getBytes(StandardCharsets.UTF_8), now, null));
    }

    void complete(long notificationId, ApplyChannelReportUseCase.Result result) {
        log.complete(notificationId, new NotificationLog.Completion(result.outcome(), result.before(),
                result.after(), result.reason(), 0, null, 0));
    }
}
