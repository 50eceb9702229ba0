package dev.tristate.application.console.service;

import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static dev.tristate.domain.payment.PaymentTestData.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.console.port.in.ConsoleDashboardQuery.ConsoleDashboard;
import dev.tristate.application.console.port.in.DurabilityPostureQuery.DurabilityPosture;
import dev.tristate.application.console.port.in.DurabilityPostureQuery.Verdict;
import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryOutboxRelayStore;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleDashboardServiceTest {

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final ConsoleDashboardService service = new ConsoleDashboardService(payments,
            new InMemoryOutboxRelayStore(), new InMemoryNotificationStores.Reviews(),
            () -> new DurabilityPosture(Verdict.DURABLE, List.of(), Map.of()), refunds,
            Clock.fixed(at(100), ZoneOffset.UTC));

    @Test
    void countsPaymentsByStatusTheUnresolvedOnesAndTheRefundsStillWaitingForTheChannel() {
        payments.insert(aPendingPayment().withId("pay_pending").build());
        Payment paid = aPendingPayment().withId("pay_paid").withStatus(PaymentStatus.SUCCEEDED).build();
        payments.insert(paid);
        refund(paid, "rfd_pending");
        refunds.markUnknown(refund(paid, "rfd_unknown"), at(2));
        refunds.markFailed(refund(paid, "rfd_failed"), "REFUND_REFUSED: no", at(2));

        ConsoleDashboard dashboard = service.dashboard();

        assertThat(dashboard.paymentsByStatus()).containsEntry(PaymentStatus.PENDING, 1L)
                .containsEntry(PaymentStatus.SUCCEEDED, 1L).containsEntry(PaymentStatus.UNKNOWN, 0L);
        assertThat(dashboard.unresolvedPayments()).isEqualTo(1);
        assertThat(dashboard.refundsPending()).isEqualTo(1);
        assertThat(dashboard.refundsUnknown()).isEqualTo(1);
    }

    private Refund refund(Payment payment, String id) {
        Refund refund = Refund.request(new RefundId(id), payment, Money.of(100, payment.amount().currencyCode()), "",
                at(1));
        refunds.insert(refund);
        return refund;
    }
}
