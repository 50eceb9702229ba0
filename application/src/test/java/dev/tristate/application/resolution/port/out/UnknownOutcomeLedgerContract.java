package dev.tristate.application.resolution.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger.Entry;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger.NewEntry;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link UnknownOutcomeLedger} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class UnknownOutcomeLedgerContract {

    private static final Instant T0 = Instant.parse("2001-02-03T04:05:06.123456Z");

    protected abstract UnknownOutcomeLedger ledger();

    protected abstract Transactions transactions();

    private final TenantId tenant = new TenantId("t-ledger-" + UUID.randomUUID().toString().substring(0, 8));
    private final TenantId otherTenant = new TenantId("t-ledger-" + UUID.randomUUID().toString().substring(0, 8));

    private static PaymentId aPaymentId() {
        return new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private long record(TenantId t, PaymentOrRefundId paymentId, UnknownOutcomeOrigin origin, Instant at) {
        return transactions().inTransaction(() -> ledger().record(new NewEntry(t, paymentId, "sandbox", origin,
                "ref-1", "timeout during COMMIT", at)));
    }

    @Test
    void aRecordedEntryIsOpenAndReadBackAsWritten() {
        PaymentId payment = aPaymentId();
        long id = record(tenant, payment, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0);

        assertThat(ledger().forPayment(tenant, payment)).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo(id);
            assertThat(e.tenantId()).isEqualTo(tenant);
            assertThat(e.channel()).isEqualTo("sandbox");
            assertThat(e.origin()).isEqualTo(UnknownOutcomeOrigin.CALLBACK_COMMIT);
            assertThat(e.reference()).isEqualTo("ref-1");
            assertThat(e.detail()).isEqualTo("timeout during COMMIT");
            assertThat(e.occurredAt()).isEqualTo(T0);
            assertThat(e.open()).isTrue();
        });
    }

    @Test
    void resolvingClosesEveryOpenEntryOfThePaymentAndOnlyThose() {
        PaymentId payment = aPaymentId();
        PaymentId other = aPaymentId();
        record(tenant, payment, UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT, T0);
        record(tenant, payment, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0.plusSeconds(1));
        record(tenant, other, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0);

        int resolved = transactions().inTransaction(() -> ledger().resolve(tenant, payment, "SUCCEEDED per query",
                T0.plusSeconds(60)));

        assertThat(resolved).isEqualTo(2);
        assertThat(ledger().forPayment(tenant, payment)).extracting(Entry::origin).containsExactly(
                UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT, UnknownOutcomeOrigin.CALLBACK_COMMIT);
        assertThat(ledger().forPayment(tenant, payment)).allSatisfy(e -> {
            assertThat(e.open()).isFalse();
            assertThat(e.resolution()).isEqualTo("SUCCEEDED per query");
            assertThat(e.resolvedAt()).isEqualTo(T0.plusSeconds(60));
        });
        assertThat(ledger().forPayment(tenant, other)).allSatisfy(e -> assertThat(e.open()).isTrue());
        assertThat(transactions().inTransaction(() -> ledger().resolve(tenant, payment, "again", T0)))
                .as("resolving twice changes nothing").isZero();
    }

    @Test
    void aRefundsEntryIsReadBackNamedByItsRefundId() {
        RefundId refund = new RefundId(RefundId.PREFIX + UUID.randomUUID().toString().replace("-", ""));
        record(tenant, refund, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0);

        assertThat(ledger().forPayment(tenant, refund)).singleElement()
                .satisfies(e -> assertThat(e.paymentId()).isInstanceOf(RefundId.class).isEqualTo(refund));
    }

    @Test
    void recentIsPerTenantNewestFirstAndCanBeLimitedToOpenEntries() {
        PaymentId a = aPaymentId();
        PaymentId b = aPaymentId();
        record(tenant, a, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0);
        record(tenant, b, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0.plusSeconds(5));
        record(otherTenant, aPaymentId(), UnknownOutcomeOrigin.CALLBACK_COMMIT, T0.plusSeconds(9));
        transactions().inTransaction(() -> ledger().resolve(tenant, a, "CLOSED", T0.plusSeconds(10)));

        assertThat(ledger().recent(tenant, false, 10)).extracting(Entry::paymentId).containsExactly(b, a);
        assertThat(ledger().recent(tenant, true, 10)).extracting(Entry::paymentId).containsExactly(b);
        assertThat(ledger().recent(tenant, false, 1)).hasSize(1);
    }

    @Test
    void aResolutionLongerThanTheColumnIsKeptShortenedRatherThanLost() {
        PaymentId payment = aPaymentId();
        record(tenant, payment, UnknownOutcomeOrigin.CALLBACK_COMMIT, T0);

        transactions().inTransaction(() -> ledger().resolve(tenant, payment, "x".repeat(2000), T0));

        assertThat(ledger().forPayment(tenant, payment).get(0).resolution()).startsWith("xxx").hasSizeLessThan(600);
    }
}
