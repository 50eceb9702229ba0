package dev.tristate.application.payment.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class GetPaymentServiceTest {

    private static final TenantId OWNER = new TenantId("tenant-a");
    private static final TenantId OTHER = new TenantId("tenant-b");

    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final GetPaymentService service = new GetPaymentService(payments);
    private final Payment stored = Payment.initiate(new PaymentId("pay_0123456789abcdef0123456789abcdef"), OWNER,
            new MerchantOrderId("o-1"), Money.of(100, "CNY"), "sandbox", "u", "s", null,
            Instant.parse("2026-11-30T08:00:00Z"));

    GetPaymentServiceTest() {
        payments.insert(stored);
    }

    @Test
    void theOwnerReadsItsPayment() {
        assertThat(service.getPayment(OWNER, stored.id()).id()).isEqualTo(stored.id());
    }

    @Test
    void anotherTenantsPaymentIsNotFoundLikeOneThatDoesNotExist() {
        assertThatThrownBy(() -> service.getPayment(OTHER, stored.id())).isInstanceOfSatisfying(PaymentNotFound.class,
                e -> assertThat(e.paymentId()).isEqualTo(stored.id()));
        assertThatThrownBy(() -> service.getPayment(OWNER, new PaymentId("pay_ffffffffffffffffffffffffffffffff")))
                .isInstanceOf(PaymentNotFound.class);
    }
}
