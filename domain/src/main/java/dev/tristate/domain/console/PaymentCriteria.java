package dev.tristate.domain.console;

import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;

/**
 * What support staff search payments by; every field may be empty (null; no statuses: any status). {@code oldestFirst} orders by creation
 * time ascending (the pending/unknown work list), else newest first.
 */
public record PaymentCriteria(TenantId tenantId, String paymentId, String merchantOrderId, String channelTxnId,
                              List<PaymentStatus> statuses, Instant createdFrom, Instant createdTo, boolean oldestFirst) {
    public PaymentCriteria {
        statuses = statuses == null ? List.of() : List.copyOf(statuses);
        paymentId = blankToNull(paymentId);
        merchantOrderId = blankToNull(merchantOrderId);
        channelTxnId = blankToNull(channelTxnId);
        if (createdFrom != null && createdTo != null && createdTo.isBefore(createdFrom)) {
            throw new IllegalArgumentException("the end of the time range is before its start");
        }
    }

    public static PaymentCriteria any() {
        return new PaymentCriteria(null, null, null, null, List.of(), null, null, false);
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
