package dev.tristate.application.refund.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.ChannelWords;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link RefundStore} must do: the MyBatis adapter (MariaDB or H2) and the in-memory fake alike. */
public abstract class RefundStoreContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T08:00:00.123456Z");

    protected abstract RefundStore refunds();

    protected abstract PaymentRepository payments();

    /** The tenant row must exist where the store enforces it. */
    protected abstract TenantId aTenant();

    private Payment aPaidPayment(TenantId tenant) {
        Payment pending = Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")),
                tenant, new MerchantOrderId("o-" + UUID.randomUUID()), Money.of(1000, "CNY"), "sandbox", "u-42",
                "course:java-101", "", T0);
        Payment paid = ((TransitionOutcome.Applied) pending.apply(new ChannelReport(ChannelTradeStatus.SUCCESS,
                pending.amount(), new ChannelTxnId("T-" + UUID.randomUUID()), T0), T0)).after();
        payments().insert(paid);
        return paid;
    }

    private Refund aRefund(Payment payment, long amount, Instant at) {
        Refund refund = Refund.request(new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")), payment,
                Money.of(amount, "CNY"), "damaged", at);
        refunds().insert(refund);
        return refund;
    }

    @Test
    void aRefundReadsBackEqualInEveryFieldAndOnlyForItsTenant() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund refund = aRefund(payment, 300, T0);

        assertThat(refunds().find(tenant, refund.id())).contains(refund);
        assertThat(refunds().findByPayment(tenant, payment.id())).containsExactly(refund);
        assertThat(refunds().find(aTenant(), refund.id())).isEmpty();
        assertThat(refunds().findByPayment(aTenant(), payment.id())).isEmpty();
        assertThatThrownBy(() -> refunds().insert(refund)).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void onlyPendingAndUnknownRefundsHoldTheirAmount() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        aRefund(payment, 100, T0);
        Refund unknown = aRefund(payment, 200, T0);
        Refund failed = aRefund(payment, 300, T0);
        Refund succeeded = aRefund(payment, 50, T0);
        assertThat(refunds().markUnknown(unknown, T0.plusSeconds(1))).isTrue();
        assertThat(refunds().markFailed(failed, "REFUND_REFUSED: no", T0.plusSeconds(1))).isTrue();
        assertThat(refunds().markSucceeded(succeeded, "R-1", T0.plusSeconds(1))).isTrue();

        assertThat(refunds().heldMinor(tenant, payment.id())).isEqualTo(300);
        assertThat(refunds().heldMinor(aTenant(), payment.id())).isZero();
    }

    @Test
    void theOpenRefundsOfATenantAreListedOldestFirstAndSettledOnesAreNot() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund later = aRefund(payment, 100, T0.plusSeconds(2));
        Refund earlier = aRefund(payment, 200, T0.plusSeconds(1));
        Refund settled = aRefund(payment, 50, T0);
        refunds().markUnknown(earlier, T0.plusSeconds(3));
        refunds().markSucceeded(settled, "R-list-" + UUID.randomUUID(), T0.plusSeconds(3));

        assertThat(refunds().findOpen(tenant, 10)).extracting(Refund::id).containsExactly(earlier.id(), later.id());
        assertThat(refunds().findOpen(tenant, 10)).extracting(Refund::status)
                .containsExactly(RefundStatus.UNKNOWN, RefundStatus.PENDING);
        assertThat(refunds().findOpen(tenant, 1)).extracting(Refund::id).containsExactly(earlier.id());
        assertThat(refunds().findOpen(aTenant(), 10)).as("another tenant's").isEmpty();
        assertThat(refunds().findOpen(null, 1_000)).extracting(Refund::id).contains(earlier.id(), later.id())
                .doesNotContain(settled.id());
    }

    @Test
    void pendingAndUnknownRefundsAreCountedAsOpenAndSettledOnesAreNot() {
        RefundStore.OpenRefunds before = refunds().countOpen();
        Payment payment = aPaidPayment(aTenant());
        aRefund(payment, 100, T0);
        Refund unknown = aRefund(payment, 200, T0);
        Refund succeeded = aRefund(payment, 50, T0);
        refunds().markUnknown(unknown, T0.plusSeconds(1));
        refunds().markSucceeded(succeeded, "R-open-" + UUID.randomUUID(), T0.plusSeconds(1));

        RefundStore.OpenRefunds after = refunds().countOpen();
        assertThat(after.pending() - before.pending()).isEqualTo(1);
        assertThat(after.unknown() - before.unknown()).isEqualTo(1);
    }

    @Test
    void aRefundSettlesOnceAndTheRowCountSaysWho() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund refund = aRefund(payment, 300, T0);
        Instant at = T0.plusSeconds(10);

        assertThat(refunds().markUnknown(refund, at)).isTrue();
        assertThat(refunds().markUnknown(refund, at)).as("only from PENDING").isFalse();
        assertThat(refunds().markSucceeded(refund, "R-" + refund.id().value(), at)).isTrue();
        assertThat(refunds().markSucceeded(refund, "R-other", at)).isFalse();
        assertThat(refunds().markFailed(refund, "late refusal", at)).isFalse();
        assertThat(refunds().markUnknown(refund, at)).isFalse();

        Refund settled = refunds().find(tenant, refund.id()).orElseThrow();
        assertThat(settled.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(settled.channelRefundNo()).isEqualTo("R-" + refund.id().value());
        assertThat(settled.failureReason()).isNull();
        assertThat(settled.updatedAt()).isEqualTo(at);
        assertThat(refunds().findByChannelRefundNo(tenant, "sandbox", "R-" + refund.id().value())).contains(settled);
        assertThat(refunds().findByChannelRefundNo(tenant, "otherpay", "R-" + refund.id().value())).isEmpty();
        assertThat(refunds().findSucceeded(tenant, "sandbox", at, at.plusSeconds(1))).containsExactly(settled);
        assertThat(refunds().findSucceeded(tenant, "sandbox", at.plusSeconds(1), at.plusSeconds(2))).isEmpty();
    }

    @Test
    void aFailedRefundKeepsWhy() {
        TenantId tenant = aTenant();
        Refund refund = aRefund(aPaidPayment(tenant), 300, T0);

        assertThat(refunds().markFailed(refund, "REFUND_REFUSED: no", T0.plusSeconds(1))).isTrue();

        Refund failed = refunds().find(tenant, refund.id()).orElseThrow();
        assertThat(failed.status()).isEqualTo(RefundStatus.FAILED);
        assertThat(failed.failureReason()).isEqualTo("REFUND_REFUSED: no");
        assertThat(refunds().markSucceeded(refund, "R-1", T0.plusSeconds(2))).isFalse();
    }

    @Test
    void staleOpenRefundsAreFoundForTheResolver() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund stale = aRefund(payment, 100, T0);
        Refund fresh = aRefund(payment, 100, T0.plusSeconds(600));
        Refund settled = aRefund(payment, 100, T0);
        refunds().markFailed(settled, "refused", T0);

        List<PaymentOrRefundId> found = refunds().findStale(T0.plusSeconds(60), 10_000).stream()
                .map(ResolutionCases.Candidate::paymentId).toList();

        assertThat(found).contains(stale.id()).doesNotContain(fresh.id(), settled.id());
    }

    @Test
    void aRefundKeepsTheChannelsLatestAnswerWithoutChangingItsStatusOrWhenItSettled() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund refund = aRefund(payment, 300, T0);
        Instant settledAt = T0.plusSeconds(1);
        refunds().markSucceeded(refund, "R-kept-" + refund.id().value(), settledAt);
        ChannelWords words = ChannelWords.of("{\"code\":\"10000\",\"msg\":\"退款成功\"}" + "x".repeat(5_000),
                T0.plusSeconds(2));

        assertThat(refunds().keepAnswer(refund, words)).isTrue();

        Refund kept = refunds().find(tenant, refund.id()).orElseThrow();
        assertThat(kept.lastAnswer()).isEqualTo(words);
        assertThat(kept.lastAnswer().text()).startsWith("{\"code\":\"10000\",\"msg\":\"退款成功\"}")
                .hasSize(ChannelWords.MAX_TEXT);
        assertThat(kept.lastAnswer().cut()).isTrue();
        assertThat(kept.status()).isEqualTo(RefundStatus.SUCCEEDED);
        assertThat(kept.updatedAt()).as("when it settled, which the statement's day reads").isEqualTo(settledAt);
        assertThat(refunds().findByPayment(tenant, payment.id())).containsExactly(kept);
        assertThat(refunds().findSucceeded(tenant, "sandbox", settledAt, settledAt.plusSeconds(1)))
                .containsExactly(kept);
    }

    @Test
    void anOlderAnswerDoesNotReplaceANewerOne() {
        TenantId tenant = aTenant();
        Refund refund = aRefund(aPaidPayment(tenant), 300, T0);
        ChannelWords newer = ChannelWords.of("{\"status\":\"PROCESSING\"}", T0.plusSeconds(5));

        assertThat(refunds().keepAnswer(refund, newer)).isTrue();
        assertThat(refunds().keepAnswer(refund, ChannelWords.of("older", T0.plusSeconds(3)))).isFalse();
        assertThat(refunds().find(tenant, refund.id()).orElseThrow().lastAnswer()).isEqualTo(newer);

        ChannelWords latest = ChannelWords.of("{\"status\":\"SUCCESS\"}", T0.plusSeconds(6));
        assertThat(refunds().keepAnswer(refund, latest)).isTrue();
        Refund read = refunds().find(tenant, refund.id()).orElseThrow();
        assertThat(read.lastAnswer()).isEqualTo(latest);
        assertThat(read.lastAnswer().cut()).isFalse();
        assertThat(read.status()).as("an answer is no settlement").isEqualTo(RefundStatus.PENDING);
    }

    @Test
    void anAnswerIsKeptOnlyWithinTheRefundsTenant() {
        TenantId tenant = aTenant();
        Refund refund = aRefund(aPaidPayment(tenant), 300, T0);
        Refund asAnotherTenant = new Refund(refund.id(), aTenant(), refund.paymentId(), refund.channel(),
                refund.amount(), refund.reason(), refund.status(), null, null, refund.createdAt(), refund.updatedAt(),
                null);

        assertThat(refunds().keepAnswer(asAnotherTenant, ChannelWords.of("x", T0.plusSeconds(1)))).isFalse();
        assertThat(refunds().find(tenant, refund.id()).orElseThrow().lastAnswer()).isNull();
    }

    @Test
    void aRefundInsertedWithAnAnswerReadsItBack() {
        TenantId tenant = aTenant();
        Payment payment = aPaidPayment(tenant);
        Refund refund = Refund.request(new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")), payment,
                Money.of(100, "CNY"), "", T0).withLastAnswer(ChannelWords.of("", T0.plusSeconds(1)));

        refunds().insert(refund);

        assertThat(refunds().find(tenant, refund.id())).contains(refund);
    }
}
