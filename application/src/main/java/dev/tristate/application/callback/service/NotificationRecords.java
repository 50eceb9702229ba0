package dev.tristate.application.callback.service;

import dev.tristate.application.callback.port.out.NotificationLog.Completion;
import dev.tristate.application.callback.port.out.NotificationLog.Entry;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.domain.notification.ChannelAnswer;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rows of the notification log as a callback writes them: what arrived, what became of it and how long that
 * took, and the record of a notification that changed nothing.
 */
final class NotificationRecords {

    static final String SOURCE_CALLBACK = "CALLBACK";

    private final NotificationLog log;
    private final Transactions transactions;
    private final Clock clock;

    NotificationRecords(NotificationLog log, Transactions transactions, Clock clock) {
        this.log = log;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * A re-sent notification's arrival, in the caller's transaction. The first arrival committed (or its insert would
     * still hold the dedup key's lock), so its effect is durable: this one is recorded as a duplicate of it and
     * answered as it was ({@code answerTo} the first arrival's outcome).
     */
    ChannelAnswer recordDuplicate(String channel, RawNotification raw, Instant received, TenantId tenant, Parsed n,
                                  Function<NotificationOutcome, ChannelAnswer> answerTo) {
        Optional<NotificationLog.FirstArrival> first = log.findFirstArrival(channel, tenant, n.notifyId());
        ChannelAnswer answer = answerTo.apply(first.map(NotificationLog.FirstArrival::outcome).orElse(null));
        String reason = "notification already received";
        log.record(entry(raw, received, tenant, n, SignatureResult.VALID, NotificationOutcome.DUPLICATE, reason,
                first.map(NotificationLog.FirstArrival::id).orElse(null),
                completion(NotificationOutcome.DUPLICATE, null, null, reason, answer, received)));
        return answer;
    }

    /**
     * A notification that changes nothing (rejected, or not recorded in its own transaction): losing its record to a
     * database failure loses no money, and the answer stays the same either way. Recording it is still worth a try:
     * support staff look for such notifications.
     */
    void recordBestEffort(RawNotification raw, Instant received, TenantId tenant, Parsed n, SignatureResult signature,
                          NotificationOutcome outcome, String reason, ChannelAnswer answer) {
        try {
            transactions.inTransaction(Workload.CALLBACK, () -> log.record(entry(raw, received, tenant, n, signature,
                    outcome, reason, null, completion(outcome, null, null, reason, answer, received))));
        } catch (PersistenceFailure ignored) {
            // Nothing changed; the channel gets its answer regardless.
        }
    }

    /**
     * A notification that failed verification, recorded best effort with its raw body and headers cut to
     * {@code maxStoredBytes} each: anyone can send such notifications, so they must not be able to fill the log. A cut
     * is said in the reason, with the size received.
     */
    void recordUnverifiedBestEffort(RawNotification raw, Instant received, TenantId tenant, Parsed n,
                                    SignatureResult signature, String reason, ChannelAnswer answer,
                                    int maxStoredBytes) {
        byte[] body = raw.body();
        String headers = headersOf(raw);
        String recordedReason = reason;
        if (body.length > maxStoredBytes) {
            recordedReason += " [raw body cut to its first " + maxStoredBytes + " of " + body.length
                    + (raw.bodyTooLarge() ? "+" : "") + " bytes]";
            body = Arrays.copyOf(body, maxStoredBytes);
        }
        if (headers.length() > maxStoredBytes) {
            recordedReason += " [headers cut to their first " + maxStoredBytes + " of " + headers.length()
                    + " characters]";
            headers = headers.substring(0, maxStoredBytes);
        }
        String finalReason = recordedReason;
        byte[] finalBody = body;
        String finalHeaders = headers;
        NotificationOutcome outcome = NotificationOutcome.REJECTED;
        try {
            transactions.inTransaction(Workload.CALLBACK, () -> log.record(entry(raw, received, tenant, n, signature,
                    outcome, finalReason, null, completion(outcome, null, null, finalReason, answer, received),
                    finalHeaders, finalBody)));
        } catch (PersistenceFailure ignored) {
            // Nothing changed; the channel gets its answer regardless.
        }
    }

    Entry entry(RawNotification raw, Instant received, TenantId tenant, Parsed n, SignatureResult signature,
                NotificationOutcome outcome, String reason, Long duplicateOf, Completion completion) {
        return entry(raw, received, tenant, n, signature, outcome, reason, duplicateOf, completion, headersOf(raw),
                raw.body());
    }

    private Entry entry(RawNotification raw, Instant received, TenantId tenant, Parsed n, SignatureResult signature,
                        NotificationOutcome outcome, String reason, Long duplicateOf, Completion completion,
                        String headers, byte[] body) {
        return new Entry(raw.channel(), SOURCE_CALLBACK, tenant, n == null ? null : n.notifyId(),
                n == null ? null : n.outTradeNo(), n == null ? null : n.tradeNo(),
                n == null || n.status() == null ? null : n.status().name(),
                n == null || n.amount() == null ? null : n.amount().minor(),
                n == null || n.amount() == null ? null : n.amount().currencyCode(), raw.traceId(), signature, outcome,
                reason, duplicateOf, headers, body, received, completion);
    }

    Completion completion(NotificationOutcome outcome, PaymentStatus before, PaymentStatus after, String reason,
                          ChannelAnswer answer, Instant received) {
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
}
