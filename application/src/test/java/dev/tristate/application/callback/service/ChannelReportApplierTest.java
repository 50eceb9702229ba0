package dev.tristate.application.callback.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryNotificationStores;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.shared.port.in.ChangedMeanwhile;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import org.junit.jupiter.api.Test;

class ChannelReportApplierTest {

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryNotificationStores.Outbox outbox = new InMemoryNotificationStores.Outbox();
    private final ChannelReportApplier applier = new ChannelReportApplier(payments, outbox,
            new InMemoryNotificationStores.Reviews(), CrashPoints.NONE);
    private final Payment pending = PaymentTestData.aPendingPayment().build();

    ChannelReportApplierTest() {
        payments.insert(pending);
    }

    @Test
    void aPaymentMovedUnderTheUpdateIsReadAgainAndTheReportApplied() {
        payments.loseNextUpdates(ChannelReportApplier.MAX_REREADS - 1);

        ChannelReportApplier.Result result = applier.apply(pending.tenantId(), pending,
                PaymentTestData.aReportFor(pending, ChannelTradeStatus.SUCCESS), 1L, PaymentTestData.at(90));

        assertThat(result.outcome()).isEqualTo(NotificationOutcome.APPLIED);
        assertThat(result.after()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(outbox.events()).hasSize(1);
    }

    @Test
    void aPaymentThatKeepsMovingAsksTheCallerToRunTheUnitOfWorkAgain() {
        payments.loseNextUpdates(ChannelReportApplier.MAX_REREADS);

        assertThatThrownBy(() -> applier.apply(pending.tenantId(), pending,
                PaymentTestData.aReportFor(pending, ChannelTradeStatus.SUCCESS), 1L, PaymentTestData.at(90)))
                .isInstanceOf(ChangedMeanwhile.class).hasMessage("payment " + pending.id() + " kept changing");
        assertThat(payments.findById(pending.tenantId(), pending.id()).orElseThrow().status())
                .isEqualTo(PaymentStatus.PENDING);
        assertThat(outbox.events()).isEmpty();
    }
}
