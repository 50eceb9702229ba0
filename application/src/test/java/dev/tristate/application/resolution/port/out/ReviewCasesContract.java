package dev.tristate.application.resolution.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.tristate.application.resolution.port.out.ReviewCases.NewCase;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link ReviewCases} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class ReviewCasesContract {

    /** Older than anything else a test writes, so that this test's open cases come first among the open ones. */
    protected static final Instant T0 = Instant.parse("2000-01-02T03:04:05.123456Z");

    protected abstract ReviewCases reviews();

    /** The id of a recorded notification no case points to yet. */
    protected abstract long aNotificationId();

    private final TenantId tenant = new TenantId("t-rev-" + UUID.randomUUID().toString().substring(0, 8));

    private static PaymentId aPaymentId() {
        return new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private NewCase open(PaymentId paymentId, Instant at) {
        return open(paymentId, AnomalyReason.AMOUNT_MISMATCH, at);
    }

    private NewCase open(PaymentId paymentId, AnomalyReason reason, Instant at) {
        NewCase newCase = new NewCase(tenant, paymentId, aNotificationId(), reason, "channel reported 0.01 CNY", at);
        reviews().open(newCase);
        return newCase;
    }

    private ReviewCase caseOf(NewCase newCase) {
        return reviews().forPayment(newCase.tenantId(), newCase.paymentId()).stream()
                .filter(c -> c.notificationId() == newCase.notificationId()).findFirst().orElseThrow();
    }

    @Test
    void anOpenedCaseIsOpenAndReadBackAsWritten() {
        NewCase opened = open(aPaymentId(), T0);

        ReviewCase found = caseOf(opened);

        assertThat(reviews().find(found.id())).contains(found);
        assertThat(found.tenantId()).isEqualTo(tenant);
        assertThat(found.paymentId()).isEqualTo(opened.paymentId().value());
        assertThat(found.reason()).isEqualTo(AnomalyReason.AMOUNT_MISMATCH);
        assertThat(found.detail()).isEqualTo("channel reported 0.01 CNY");
        assertThat(found.createdAt()).isEqualTo(T0);
        assertThat(found.open()).isTrue();
        assertThat(found.resolvedBy()).isNull();
        assertThat(found.resolution()).isNull();
        assertThat(found.resolvedAt()).isNull();
    }

    @Test
    void aCaseWithoutAPaymentCanBeOpened() {
        long notification = aNotificationId();
        long before = reviews().countOpen();

        reviews().open(new NewCase(tenant, null, notification, AnomalyReason.UNKNOWN_PAYMENT, "no such payment",
                T0));

        assertThat(reviews().countOpen()).isEqualTo(before + 1);
    }

    @Test
    void aSecondCaseForTheSameNotificationIsAlreadyExists() {
        NewCase opened = open(aPaymentId(), T0);

        assertThatThrownBy(() -> reviews().open(new NewCase(tenant, opened.paymentId(), opened.notificationId(),
                AnomalyReason.CURRENCY_MISMATCH, "again", T0))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(reviews().forPayment(tenant, opened.paymentId())).hasSize(1);
    }

    @Test
    void theSameMismatchWhileItsCaseIsOpenJoinsThatCase() {
        PaymentId payment = aPaymentId();
        NewCase first = open(payment, T0);
        long openBefore = reviews().countOpen();

        open(payment, T0.plusSeconds(60));
        open(payment, T0.plusSeconds(120));

        assertThat(reviews().forPayment(tenant, payment)).extracting(ReviewCase::notificationId)
                .containsExactly(first.notificationId());
        assertThat(reviews().countOpen()).isEqualTo(openBefore);
    }

    @Test
    void anotherReasonOrAnotherTenantIsAnotherMismatchWithACaseOfItsOwn() {
        PaymentId payment = aPaymentId();
        open(payment, T0);
        open(payment, AnomalyReason.SUCCESS_AFTER_CLOSE, T0);
        TenantId otherTenant = new TenantId("t-rev-" + UUID.randomUUID().toString().substring(0, 8));
        reviews().open(new NewCase(otherTenant, payment, aNotificationId(), AnomalyReason.AMOUNT_MISMATCH, "x", T0));

        assertThat(reviews().forPayment(tenant, payment)).extracting(ReviewCase::reason)
                .containsExactly(AnomalyReason.AMOUNT_MISMATCH, AnomalyReason.SUCCESS_AFTER_CLOSE);
        assertThat(reviews().forPayment(otherTenant, payment)).hasSize(1);
    }

    @Test
    void onceTheCaseIsDecidedTheSameMismatchOpensANewOne() {
        PaymentId payment = aPaymentId();
        ReviewCase decided = caseOf(open(payment, T0));
        reviews().resolve(decided.id(), "olivia", "DISMISS: explained", T0.plusSeconds(1));

        NewCase again = open(payment, T0.plusSeconds(2));
        open(payment, T0.plusSeconds(3));

        assertThat(reviews().forPayment(tenant, payment)).extracting(ReviewCase::notificationId, ReviewCase::open)
                .containsExactly(tuple(decided.notificationId(), false), tuple(again.notificationId(), true));
    }

    @Test
    void casesWithoutAPaymentAreNeverJoined() {
        long before = reviews().countOpen();

        reviews().open(new NewCase(tenant, null, aNotificationId(), AnomalyReason.UNKNOWN_PAYMENT, "no such", T0));
        reviews().open(new NewCase(tenant, null, aNotificationId(), AnomalyReason.UNKNOWN_PAYMENT, "no such", T0));

        assertThat(reviews().countOpen()).isEqualTo(before + 2);
    }

    @Test
    void anUnknownCaseIsNotFound() {
        assertThat(reviews().find(Long.MAX_VALUE)).isEmpty();
    }

    @Test
    void resolvingClosesAnOpenCaseOnceWithTheDecision() {
        ReviewCase opened = caseOf(open(aPaymentId(), T0));
        long openBefore = reviews().countOpen();

        boolean first = reviews().resolve(opened.id(), "olivia", "ACCEPT: refund by hand", T0.plusSeconds(60));
        boolean second = reviews().resolve(opened.id(), "sam", "REJECT", T0.plusSeconds(120));

        assertThat(first).isTrue();
        assertThat(second).as("decided already").isFalse();
        assertThat(reviews().find(opened.id()).orElseThrow()).satisfies(c -> {
            assertThat(c.open()).isFalse();
            assertThat(c.resolvedBy()).isEqualTo("olivia");
            assertThat(c.resolution()).isEqualTo("ACCEPT: refund by hand");
            assertThat(c.resolvedAt()).isEqualTo(T0.plusSeconds(60));
        });
        assertThat(reviews().countOpen()).isEqualTo(openBefore - 1);
    }

    @Test
    void resolvingAnUnknownCaseIsFalse() {
        assertThat(reviews().resolve(Long.MAX_VALUE, "olivia", "ACCEPT", T0)).isFalse();
    }

    @Test
    void aPaymentsCasesAreItsOwnInTheOrderTheyWereOpened() {
        PaymentId payment = aPaymentId();
        NewCase first = open(payment, T0.plusSeconds(5));
        NewCase second = open(payment, AnomalyReason.CURRENCY_MISMATCH, T0);
        open(aPaymentId(), T0);

        assertThat(reviews().forPayment(tenant, payment)).extracting(ReviewCase::notificationId)
                .containsExactly(first.notificationId(), second.notificationId());
        assertThat(reviews().forPayment(new TenantId("t-other-" + UUID.randomUUID().toString().substring(0, 8)),
                payment)).isEmpty();
    }

    @Test
    void openCasesComeOldestFirstAndResolvedOnesAreLeftOut() {
        NewCase later = open(aPaymentId(), T0.plusSeconds(2));
        NewCase earlier = open(aPaymentId(), T0.plusSeconds(1));
        ReviewCase resolved = caseOf(open(aPaymentId(), T0));
        reviews().resolve(resolved.id(), "olivia", "REJECT", T0.plusSeconds(3));

        List<Long> mine = reviews().search(true, PageRequest.first(PageRequest.MAX_SIZE)).items().stream()
                .filter(c -> c.tenantId().equals(tenant)).map(ReviewCase::notificationId).toList();

        assertThat(mine).containsExactly(earlier.notificationId(), later.notificationId());
        // Closed again, so that the open cases of earlier runs on a kept database stay few.
        reviews().resolve(caseOf(later).id(), "cleanup", "REJECT", T0);
        reviews().resolve(caseOf(earlier).id(), "cleanup", "REJECT", T0);
    }

    @Test
    void everyCaseComesNewestOpenedFirstWithTheTotal() {
        ReviewCase first = caseOf(open(aPaymentId(), T0));
        ReviewCase second = caseOf(open(aPaymentId(), T0));
        reviews().resolve(first.id(), "olivia", "REJECT", T0.plusSeconds(1));

        var page = reviews().search(false, PageRequest.first(2));

        assertThat(page.items()).extracting(ReviewCase::id).containsExactly(second.id(), first.id());
        assertThat(page.total()).isGreaterThanOrEqualTo(2);
    }
}
