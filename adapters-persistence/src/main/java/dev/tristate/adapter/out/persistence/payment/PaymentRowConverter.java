package dev.tristate.adapter.out.persistence.payment;

import dev.tristate.adapter.out.persistence.jdbc.PaymentRow;
import dev.tristate.adapter.out.persistence.jdbc.Rows;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.domain.payment.Version;
import dev.tristate.domain.tenant.TenantId;

public final class PaymentRowConverter {

    private PaymentRowConverter() {
    }

    public static PaymentRow toRow(Payment p) {
        PaymentRow row = new PaymentRow();
        row.id = p.id().value();
        row.tenantId = p.tenantId().value();
        row.merchantOrderId = p.merchantOrderId().value();
        row.amountMinor = p.amount().minor();
        row.currency = p.amount().currencyCode();
        row.channel = p.channel();
        row.userId = p.userId();
        row.sku = p.sku();
        row.description = p.description();
        row.status = p.status().name();
        row.channelTxnId = p.channelTxnId() == null ? null : p.channelTxnId().value();
        row.refundedMinor = p.refunded().minor();
        row.createdAt = Rows.utc(p.createdAt());
        row.updatedAt = Rows.utc(p.updatedAt());
        row.paidAt = Rows.utc(p.paidAt());
        row.version = p.version().value();
        row.returnUrl = p.returnUrl() == null ? null : p.returnUrl().value();
        return row;
    }

    public static Payment toDomain(PaymentRow row) {
        return Payment.reconstitute(new PaymentId(row.id), new TenantId(row.tenantId),
                new MerchantOrderId(row.merchantOrderId), Money.of(row.amountMinor, row.currency), row.channel,
                row.userId, row.sku, row.description, PaymentStatus.valueOf(row.status),
                row.channelTxnId == null ? null : new ChannelTxnId(row.channelTxnId),
                Money.of(row.refundedMinor, row.currency), Rows.instant(row.createdAt), Rows.instant(row.updatedAt),
                Rows.instant(row.paidAt), new Version(row.version))
                .withReturnUrl(ReturnUrl.ofNullable(row.returnUrl));
    }
}
