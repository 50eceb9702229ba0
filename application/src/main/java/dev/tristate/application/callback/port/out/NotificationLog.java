package dev.tristate.application.callback.port.out;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The record of every notification that reached us, accepted or not. */
public interface NotificationLog {

    /**
     * Records the first arrival of a verified notification under its dedup key (channel, tenant, notify id). A
     * re-sent notification hits the unique key: {@link PersistenceFailure.AlreadyExists}. Returns the row id.
     */
    long recordFirstArrival(Entry entry);

    /** Records an arrival without a dedup key: a duplicate, a rejection, a notification that could not be recorded. */
    long record(Entry entry);

    /** Completes a first arrival with what became of it, in the transaction that recorded it. */
    void complete(long id, Completion completion);

    /** The first arrival for a dedup key, if any: its id and what became of it. */
    Optional<FirstArrival> findFirstArrival(String channel, TenantId tenantId, String notifyId);

    /** A committed first arrival: a re-sent copy is answered as it was, so the answer does not change between copies. */
    record FirstArrival(long id, NotificationOutcome outcome) {
    }

    /** Every notification recorded about one payment of the tenant, in arrival order. */
    List<NotificationView> forPayment(TenantId tenantId, PaymentId paymentId);

    /**
     * The raw bytes of the notifications of one {@code source} recorded about one payment of the tenant, by id in
     * arrival order. Apart from {@link #forPayment} on purpose: a callback's bytes may hold what only the channel and
     * we should read, so a caller asks for the one source whose bytes it may show.
     */
    Map<Long, byte[]> rawBodies(TenantId tenantId, PaymentId paymentId, String source);

    /** {@code paymentId} is the out_trade_no as the notification gave it, which need not be an id of ours. */
    record Entry(String channel, String source, TenantId tenantId, String notifyId, String paymentId, String tradeNo,
                 String reportedStatus, Long reportedAmountMinor, String reportedCurrency, String traceId,
                 SignatureResult signatureResult, NotificationOutcome outcome, String reason, Long duplicateOf,
                 String headers, byte[] rawBody, Instant receivedAt, Completion completion) {
        public Entry {
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(traceId, "trace id");
            Objects.requireNonNull(signatureResult, "signature result");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(rawBody, "raw body");
            Objects.requireNonNull(receivedAt, "received at");
        }
    }

    /** What became of a notification and what the channel was answered. */
    record Completion(NotificationOutcome outcome, PaymentStatus statusBefore, PaymentStatus statusAfter,
                      String reason, int answerStatus, String answerBody, long handlingMicros) {
        public Completion {
            Objects.requireNonNull(outcome, "outcome");
        }
    }
}
