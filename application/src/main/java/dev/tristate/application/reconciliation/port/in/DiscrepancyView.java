package dev.tristate.application.reconciliation.port.in;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.Repair;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One discrepancy: what the statement says ({@code channel*}, null when it does not list the payment), what we have
 * ({@code ourStatus}, null when we have no payment), its class, the class's repair and where the repair stands.
 */
public record DiscrepancyView(long id, TenantId tenantId, String channel, LocalDate day, DiscrepancyClass kind,
                              Repair repair, String subject, PaymentId paymentId, String tradeNo, String channelStatus,
                              Long channelAmountMinor, String channelCurrency, Instant channelEventTime,
                              String ourStatus, String detail, RepairStatus repairStatus, String repairResult,
                              String repairedBy, String repairReason, Instant repairedAt, long firstRunId,
                              Instant createdAt) {

    /** The statement's amount in its currency's units ("19.99 CNY"), or null when the statement does not list it. */
    public Money channelAmount() {
        return channelAmountMinor == null ? null : Money.of(channelAmountMinor, channelCurrency);
    }
}
