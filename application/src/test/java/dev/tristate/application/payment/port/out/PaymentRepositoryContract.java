package dev.tristate.application.payment.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link PaymentRepository} must do, run against the MyBatis adapter (MariaDB or H2) and the in-memory
 * fake alike, so that service tests on the fake mean something.
 */
public abstract class PaymentRepositoryContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T08:00:00.123456Z");

    protected abstract PaymentRepository repository();

    /** The tenant row must exist where the store enforces it. */
    protected abstract TenantId aTenant();

    protected Payment aPayment(TenantId tenant) {
        return Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")), tenant,
                new MerchantOrderId("o-" + UUID.randomUUID()), Money.of(1999, "CNY"), "sandbox", "u-42",
                "course:java-101", "Java 101", T0);
    }

    private static Payment succeeded(Payment p, String tradeNo) {
        TransitionOutcome outcome = p.apply(new ChannelReport(ChannelTradeStatus.SUCCESS, p.amount(),
                new ChannelTxnId(tradeNo), T0.plusSeconds(5)), T0.plusSeconds(6));
        return ((TransitionOutcome.Applied) outcome).after();
    }

    @Test
    void aStoredPaymentReadsBackEqualInEveryField() {
        TenantId tenant = aTenant();
        Payment stored = aPayment(tenant);
        repository().insert(stored);

        Payment read = repository().findById(tenant, stored.id()).orElseThrow();

        assertThat(read.status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(read.amount()).isEqualTo(Money.of(1999, "CNY"));
        assertThat(read.merchantOrderId()).isEqualTo(stored.merchantOrderId());
        assertThat(read.createdAt()).isEqualTo(T0.truncatedTo(ChronoUnit.MICROS));
        assertThat(read.version()).isEqualTo(stored.version());
        assertThat(read.channelTxnId()).isNull();
    }

    @Test
    void theReturnUrlReadsBackInEveryReadAndSurvivesAnUpdate() {
        TenantId tenant = aTenant();
        String url = "https://shop.example/orders/42?lang=zh-CN&x=" + "a".repeat(400);
        Payment pending = aPayment(tenant).withReturnUrl(new ReturnUrl(url));
        repository().insert(pending);

        assertThat(repository().findById(tenant, pending.id()).orElseThrow().returnUrl())
                .isEqualTo(new ReturnUrl(url));
        assertThat(repository().lockById(tenant, pending.id()).orElseThrow().returnUrl())
                .isEqualTo(new ReturnUrl(url));
        assertThat(repository().update(pending, succeeded(pending, "T-" + UUID.randomUUID()))).isTrue();
        assertThat(repository().findById(tenant, pending.id()).orElseThrow().returnUrl())
                .isEqualTo(new ReturnUrl(url));
    }

    @Test
    void aPaymentWithoutAReturnUrlReadsBackWithout() {
        TenantId tenant = aTenant();
        Payment stored = aPayment(tenant);
        repository().insert(stored);

        assertThat(repository().findById(tenant, stored.id()).orElseThrow().returnUrl()).isNull();
    }

    @Test
    void anotherTenantCannotReadThePayment() {
        TenantId owner = aTenant();
        TenantId other = aTenant();
        Payment stored = aPayment(owner);
        repository().insert(stored);

        assertThat(repository().findById(other, stored.id())).isEmpty();
    }

    @Test
    void theStatusesOfManyPaymentsAreReadOnlyForTheirTenant() {
        TenantId owner = aTenant();
        Payment first = aPayment(owner);
        Payment second = succeeded(aPayment(owner), "T" + UUID.randomUUID().toString().substring(0, 12));
        Payment othersPayment = aPayment(aTenant());
        repository().insert(first);
        repository().insert(second);
        repository().insert(othersPayment);
        PaymentId unknown = new PaymentId("pay_unknown" + UUID.randomUUID().toString().substring(0, 8));
        SortedSet<PaymentId> ids = new TreeSet<>(Comparator.comparing(PaymentId::value));
        ids.addAll(List.of(first.id(), second.id(), othersPayment.id(), unknown));

        assertThat(repository().lockStatuses(owner, ids)).isEqualTo(Map.of(first.id(), PaymentStatus.PENDING,
                second.id(), PaymentStatus.SUCCEEDED));
        assertThat(repository().lockStatuses(owner, new TreeSet<>(Comparator.comparing(PaymentId::value))))
                .isEmpty();
    }

    @Test
    void theOwnerOfAPaymentIdIsKnownWithoutReadingThePayment() {
        TenantId owner = aTenant();
        Payment stored = aPayment(owner);
        repository().insert(stored);

        assertThat(repository().findOwner(stored.id())).contains(owner);
        assertThat(repository().findOwner(new PaymentId("pay_unknown" + UUID.randomUUID().toString().substring(0, 8))))
                .isEmpty();
    }

    @Test
    void anUpdateAppliesOnlyWhileTheRowIsUnchanged() {
        TenantId tenant = aTenant();
        Payment pending = aPayment(tenant);
        repository().insert(pending);
        Payment paid = succeeded(pending, "T-" + UUID.randomUUID());

        assertThat(repository().update(pending, paid)).isTrue();
        assertThat(repository().update(pending, paid)).as("second writer with the stale precondition").isFalse();

        Payment read = repository().findById(tenant, pending.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(PaymentStatus.SUCCEEDED);
        assertThat(read.channelTxnId()).isEqualTo(paid.channelTxnId());
        assertThat(read.paidAt()).isEqualTo(paid.paidAt().truncatedTo(ChronoUnit.MICROS));
        assertThat(read.version()).isEqualTo(paid.version());
    }

    @Test
    void anUpdateWithoutTradeOrPaidTimeLeavesThemUnset() {
        TenantId tenant = aTenant();
        Payment pending = aPayment(tenant);
        repository().insert(pending);
        Payment closed = ((TransitionOutcome.Applied) pending.apply(new ChannelReport(ChannelTradeStatus.CLOSED,
                pending.amount(), null, T0.plusSeconds(5)), T0.plusSeconds(6))).after();

        assertThat(repository().update(pending, closed)).isTrue();

        Payment read = repository().findById(tenant, pending.id()).orElseThrow();
        assertThat(read.status()).isEqualTo(PaymentStatus.CLOSED);
        assertThat(read.channelTxnId()).isNull();
        assertThat(read.paidAt()).isNull();
        assertThat(read.updatedAt()).isEqualTo(T0.plusSeconds(6).truncatedTo(ChronoUnit.MICROS));
        assertThat(read.version()).isEqualTo(closed.version());
    }

    @Test
    void anotherTenantCannotUpdateThePayment() {
        TenantId owner = aTenant();
        Payment pending = aPayment(owner);
        repository().insert(pending);
        Payment foreignBefore = Payment.reconstitute(pending.id(), aTenant(), pending.merchantOrderId(),
                pending.amount(), pending.channel(), pending.userId(), pending.sku(), pending.description(),
                pending.status(), null, pending.refunded(), pending.createdAt(), pending.updatedAt(), null,
                pending.version());
        Payment foreignAfter = succeeded(foreignBefore, "T-" + UUID.randomUUID());

        assertThat(repository().update(foreignBefore, foreignAfter)).isFalse();
        assertThat(repository().findById(owner, pending.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aChannelTransactionBindsToAtMostOnePayment() {
        TenantId tenant = aTenant();
        Payment first = aPayment(tenant);
        Payment second = aPayment(tenant);
        repository().insert(first);
        repository().insert(second);
        String tradeNo = "T-" + UUID.randomUUID();
        assertThat(repository().update(first, succeeded(first, tradeNo))).isTrue();

        assertThatThrownBy(() -> repository().update(second, succeeded(second, tradeNo)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(repository().findById(tenant, second.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
    }

    @Test
    void aPaymentIdIsStoredOnce() {
        TenantId tenant = aTenant();
        Payment payment = aPayment(tenant);
        repository().insert(payment);

        assertThatThrownBy(() -> repository().insert(payment)).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void countsByStatusPerTenant() {
        TenantId tenant = aTenant();
        Payment a = aPayment(tenant);
        Payment b = aPayment(tenant);
        repository().insert(a);
        repository().insert(b);
        repository().update(b, succeeded(b, "T-" + UUID.randomUUID()));
        repository().insert(aPayment(aTenant()));

        assertThat(repository().countByStatus(tenant))
                .containsEntry(PaymentStatus.PENDING, 1L)
                .containsEntry(PaymentStatus.SUCCEEDED, 1L)
                .hasSize(2);
    }

    @Test
    void aLockedReadIsTheStoredPaymentAndOnlyForItsTenant() {
        TenantId owner = aTenant();
        Payment stored = aPayment(owner);
        repository().insert(stored);

        Payment read = repository().findById(owner, stored.id()).orElseThrow();
        assertThat(repository().lockById(owner, stored.id())).hasValueSatisfying(
                locked -> assertThat(locked).usingRecursiveComparison().isEqualTo(read));
        assertThat(repository().lockById(aTenant(), stored.id())).isEmpty();
    }
}
