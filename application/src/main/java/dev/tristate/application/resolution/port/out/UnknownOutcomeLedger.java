package dev.tristate.application.resolution.port.out;

import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Every case where the system could not tell what happened (a COMMIT that timed out, a channel call without an
 * answer), with how it was resolved later. An entry is never an answer by itself: the resolver finds the truth.
 */
public interface UnknownOutcomeLedger {

    /** Records an unknown outcome; returns its id. */
    long record(NewEntry entry);

    /** Marks every open entry of the payment resolved with what was found; returns how many. */
    int resolve(TenantId tenantId, PaymentOrRefundId paymentId, String resolution, Instant resolvedAt);

    /** The payment's entries, oldest first. */
    List<Entry> forPayment(TenantId tenantId, PaymentOrRefundId paymentId);

    /** The most recent entries of one tenant, or of all (null), newest first; only open ones when asked. */
    List<Entry> recent(TenantId tenantIdOrNull, boolean openOnly, int limit);

    record NewEntry(TenantId tenantId, PaymentOrRefundId paymentId, String channel, UnknownOutcomeOrigin origin,
                    String reference, String detail, Instant occurredAt) {
        public NewEntry {
            Objects.requireNonNull(tenantId, "tenant id");
            Objects.requireNonNull(paymentId, "payment id");
            Objects.requireNonNull(channel, "channel");
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(occurredAt, "occurred at");
        }
    }

    record Entry(long id, TenantId tenantId, PaymentOrRefundId paymentId, String channel, UnknownOutcomeOrigin origin,
                 String reference, String detail, Instant occurredAt, Instant resolvedAt, String resolution) {
        public boolean open() {
            return resolvedAt == null;
        }
    }
}
