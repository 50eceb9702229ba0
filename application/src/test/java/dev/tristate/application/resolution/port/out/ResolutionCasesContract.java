package dev.tristate.application.resolution.port.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ResolutionCases.Attempt;
import dev.tristate.application.resolution.port.out.ResolutionCases.CaseView;
import dev.tristate.application.resolution.port.out.ResolutionCases.ClaimedCase;
import dev.tristate.application.resolution.port.out.ResolutionCases.Completion;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentOrRefundId;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResolutionCases} must do, run against the MyBatis adapter (MariaDB or H2) and the in-memory fake.
 * Each test uses a channel name of its own, so that only its cases are ever claimed from a shared database, and times
 * in 2001, before anything else a shared database holds.
 */
public abstract class ResolutionCasesContract {

    protected static final Instant T0 = Instant.parse("2001-03-04T05:06:07.123456Z");
    private static final Duration LEASE = Duration.ofSeconds(60);

    protected abstract ResolutionCases cases();

    protected abstract PaymentRepository payments();

    protected abstract Transactions transactions();

    /** A tenant the payments table accepts (the database adapter provisions it). */
    protected abstract TenantId aTenant();

    private final String channel = "rc" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    private static PaymentId aPaymentId() {
        return new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private static LeaseToken aLease() {
        return new LeaseToken(UUID.randomUUID());
    }

    private boolean open(TenantId tenant, PaymentOrRefundId paymentId, Instant due) {
        return transactions().inTransaction(() -> cases().open(tenant, paymentId, channel, "CALLBACK_COMMIT", due));
    }

    private List<ClaimedCase> claim(LeaseToken lease, Instant now) {
        return transactions().inTransaction(() -> cases().claim(List.of(channel), 10, lease, now, now.plus(LEASE)));
    }

    private boolean complete(PaymentOrRefundId paymentId, LeaseToken lease, Completion completion) {
        return transactions().inTransaction(() -> cases().complete(paymentId, lease, completion));
    }

    @Test
    void anOpenCaseIsClaimedWhenDueAndByOneLeaseOnly() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        assertThat(open(tenant, payment, T0.plusSeconds(30))).isTrue();

        assertThat(claim(aLease(), T0)).as("not yet due").isEmpty();
        LeaseToken mine = aLease();
        assertThat(claim(mine, T0.plusSeconds(30))).singleElement().satisfies(c -> {
            assertThat(c.paymentId()).isEqualTo(payment);
            assertThat(c.tenantId()).isEqualTo(tenant);
            assertThat(c.channel()).isEqualTo(channel);
            assertThat(c.attempts()).isZero();
        });
        assertThat(claim(aLease(), T0.plusSeconds(31))).as("leased to someone else").isEmpty();
        assertThat(cases().find(tenant, payment)).hasValueSatisfying(v -> assertThat(v.leased()).isTrue());
        assertThat(transactions().inTransaction(() -> cases().claim(List.of("another-channel"), 10, aLease(),
                T0.plus(LEASE).plusSeconds(60), T0.plus(LEASE).plusSeconds(120)))).as("other channels' cases")
                .isEmpty();
    }

    @Test
    void anExpiredLeaseMakesTheCaseDueAgainAndTheFirstHoldersWriteBackIsRefused() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        open(tenant, payment, T0);
        LeaseToken first = aLease();
        claim(first, T0);
        LeaseToken second = aLease();

        assertThat(claim(second, T0.plus(LEASE))).hasSize(1);

        assertThat(complete(payment, first, new Completion(ResolutionStatus.RESOLVED, 1, null, "late", T0.plus(LEASE))))
                .isFalse();
        assertThat(complete(payment, second, new Completion(ResolutionStatus.OPEN, 1, T0.plus(LEASE).plusSeconds(60),
                "PROCESSING", T0.plus(LEASE)))).isTrue();
        assertThat(cases().find(tenant, payment)).hasValueSatisfying(v -> {
            assertThat(v.status()).isEqualTo(ResolutionStatus.OPEN);
            assertThat(v.attempts()).isEqualTo(1);
            assertThat(v.nextAttemptAt()).isEqualTo(T0.plus(LEASE).plusSeconds(60));
            assertThat(v.lastResult()).isEqualTo("PROCESSING");
            assertThat(v.leased()).isFalse();
        });
    }

    @Test
    void aResolvedCaseIsNotClaimedAndOpeningItAgainStartsAfresh() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        open(tenant, payment, T0);
        LeaseToken lease = aLease();
        claim(lease, T0);
        complete(payment, lease, new Completion(ResolutionStatus.RESOLVED, 2, null, "SUCCEEDED", T0.plusSeconds(1)));

        assertThat(claim(aLease(), T0.plusSeconds(3600))).isEmpty();
        assertThat(open(tenant, payment, T0.plusSeconds(7200))).isTrue();
        assertThat(cases().find(tenant, payment)).hasValueSatisfying(v -> {
            assertThat(v.status()).isEqualTo(ResolutionStatus.OPEN);
            assertThat(v.attempts()).isZero();
        });
    }

    @Test
    void casesAreCountedByStatusWithTheOldestOpenOne() {
        ResolutionCases.CaseCounts before = cases().countByStatus();
        TenantId tenant = aTenant();
        PaymentId flagged = aPaymentId();
        // A year before T0: older than any case the other tests open in a shared database.
        Instant longAgo = T0.minus(Duration.ofDays(365));
        open(tenant, flagged, T0);
        open(tenant, aPaymentId(), longAgo);
        LeaseToken lease = aLease();
        assertThat(claim(lease, T0)).extracting(ClaimedCase::paymentId).contains(flagged);
        complete(flagged, lease, new Completion(ResolutionStatus.FLAGGED, 7, null, "schedule used up", T0));

        ResolutionCases.CaseCounts after = cases().countByStatus();

        assertThat(after.byStatus()).containsOnlyKeys(ResolutionStatus.values());
        assertThat(after.byStatus().get(ResolutionStatus.FLAGGED))
                .isEqualTo(before.byStatus().get(ResolutionStatus.FLAGGED) + 1);
        assertThat(after.byStatus().get(ResolutionStatus.OPEN))
                .isEqualTo(before.byStatus().get(ResolutionStatus.OPEN) + 1);
        assertThat(after.oldestOpenSince()).isEqualTo(longAgo);
    }

    @Test
    void aFlaggedCaseStaysWithThePersonUntilSomeoneAsksNow() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        open(tenant, payment, T0);
        LeaseToken lease = aLease();
        claim(lease, T0);
        complete(payment, lease, new Completion(ResolutionStatus.FLAGGED, 7, null, "schedule used up", T0));

        assertThat(open(tenant, payment, T0)).isFalse();
        assertThat(claim(aLease(), T0.plusSeconds(3600))).isEmpty();
        assertThat(cases().list(tenant, List.of(ResolutionStatus.FLAGGED), 10)).extracting(CaseView::paymentId)
                .containsExactly(payment);

        LeaseToken operator = aLease();
        assertThat(transactions().inTransaction(() -> cases().claimNow(tenant, payment, operator, T0.plusSeconds(5),
                T0.plusSeconds(65)))).hasValueSatisfying(c -> assertThat(c.attempts()).isEqualTo(7));
        assertThat(transactions().inTransaction(() -> cases().claimNow(tenant, payment, aLease(), T0.plusSeconds(6),
                T0.plusSeconds(66)))).as("held by the operator's query").isEmpty();
        assertThat(transactions().inTransaction(() -> cases().claimNow(aTenant(), payment, aLease(),
                T0.plusSeconds(600), T0.plusSeconds(660)))).as("another tenant's case").isEmpty();
    }

    @Test
    void openingAnOpenCaseAgainBringsItForwardButNeverPostponesIt() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        open(tenant, payment, T0.plusSeconds(600));

        assertThat(open(tenant, payment, T0.plusSeconds(30))).isTrue();
        assertThat(open(tenant, payment, T0.plusSeconds(900))).isTrue();

        assertThat(cases().find(tenant, payment)).hasValueSatisfying(
                v -> assertThat(v.nextAttemptAt()).isEqualTo(T0.plusSeconds(30)));
    }

    @Test
    void staleUnresolvedPaymentsWithoutAnOpenCaseAreFound() {
        TenantId tenant = aTenant();
        Payment stale = insertPayment(tenant, T0);
        Payment fresh = insertPayment(tenant, T0.plusSeconds(3600));
        Payment withCase = insertPayment(tenant, T0);
        open(tenant, withCase.id(), T0);

        List<PaymentOrRefundId> found = cases().findStalePayments(T0.plusSeconds(60), 10_000).stream()
                .map(ResolutionCases.Candidate::paymentId).toList();

        assertThat(found).contains(stale.id()).doesNotContain(fresh.id(), withCase.id());
    }

    @Test
    void theHistoryKeepsEveryQueryInOrder() {
        TenantId tenant = aTenant();
        PaymentId payment = aPaymentId();
        transactions().inTransaction(() -> {
            cases().recordAttempt(new Attempt(tenant, payment, 1, T0, "TIMEOUT", "NONE", "no answer in 5s"));
            cases().recordAttempt(new Attempt(tenant, payment, 2, T0.plusSeconds(30), "SUCCESS", "APPLIED", null));
        });

        assertThat(cases().history(tenant, payment)).extracting(Attempt::answer).containsExactly("TIMEOUT", "SUCCESS");
        assertThat(cases().history(tenant, payment).get(0).detail()).isEqualTo("no answer in 5s");
        assertThat(cases().history(aTenant(), payment)).isEmpty();
    }

    @Test
    void aRefundsCaseComesBackNamedByItsRefundId() {
        TenantId tenant = aTenant();
        RefundId refund = new RefundId(RefundId.PREFIX + UUID.randomUUID().toString().replace("-", ""));
        open(tenant, refund, T0);

        assertThat(claim(aLease(), T0)).singleElement()
                .satisfies(c -> assertThat(c.paymentId()).isInstanceOf(RefundId.class).isEqualTo(refund));
        assertThat(cases().find(tenant, refund)).hasValueSatisfying(v -> assertThat(v.paymentId()).isEqualTo(refund));
    }

    @Test
    void concurrentClaimersNeverGetTheSameCase() throws Exception {
        TenantId tenant = aTenant();
        for (int i = 0; i < 40; i++) {
            open(tenant, aPaymentId(), T0);
        }
        int claimers = 4;
        ExecutorService pool = Executors.newFixedThreadPool(claimers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<String>>> results = new ArrayList<>();
        try {
            for (int i = 0; i < claimers; i++) {
                Callable<List<String>> claimer = () -> {
                    start.await();
                    List<String> mine = new ArrayList<>();
                    for (int round = 0; round < 10; round++) {
                        claim(aLease(), T0.plusSeconds(1)).forEach(c -> mine.add(c.paymentId().value()));
                    }
                    return mine;
                };
                results.add(pool.submit(claimer));
            }
            start.countDown();
            Set<String> seen = new HashSet<>();
            int total = 0;
            for (Future<List<String>> result : results) {
                List<String> claimed = result.get(60, TimeUnit.SECONDS);
                total += claimed.size();
                seen.addAll(claimed);
            }
            assertThat(total).as("no case claimed twice").isEqualTo(seen.size());
            assertThat(seen).hasSize(40);
        } finally {
            pool.shutdownNow();
        }
    }

    private Payment insertPayment(TenantId tenant, Instant at) {
        Payment payment = Payment.initiate(aPaymentId(), tenant, new MerchantOrderId("o-rc"),
                Money.of(1999, "CNY"), channel, "u-1", "sku-1", "", at);
        transactions().inTransaction(() -> payments().insert(payment));
        return payment;
    }
}
