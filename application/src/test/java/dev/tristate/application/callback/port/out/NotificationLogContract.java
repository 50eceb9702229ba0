package dev.tristate.application.callback.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.out.NotificationLog.Completion;
import dev.tristate.application.callback.port.out.NotificationLog.Entry;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.domain.console.NotificationView;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link NotificationLog} must do, run against the MyBatis adapter and the in-memory fake. */
public abstract class NotificationLogContract {

    protected static final Instant T0 = Instant.parse("2026-11-30T10:00:00.000001Z");

    protected abstract NotificationLog log();

    private final TenantId tenant = new TenantId("t-log-" + UUID.randomUUID().toString().substring(0, 8));
    private final String payment = "pay_" + UUID.randomUUID().toString().replace("-", "");

    private Entry entry(TenantId t, String notifyId, NotificationOutcome outcome, String reason, Instant at) {
        return new Entry("sandbox", "CALLBACK", t, notifyId, payment, "T-1", "SUCCESS", 1999L, "CNY", "trace-1",
                SignatureResult.VALID, outcome, reason, null, "content-type: application/json\n", new byte[]{'{', '}'},
                at, null);
    }

    @Test
    void aFirstArrivalIsFoundByItsDedupKey() {
        long id = log().recordFirstArrival(entry(tenant, "n-1", NotificationOutcome.IN_PROGRESS, null, T0));

        assertThat(log().findFirstArrival("sandbox", tenant, "n-1"))
                .contains(new NotificationLog.FirstArrival(id, NotificationOutcome.IN_PROGRESS));
        assertThat(log().findFirstArrival("sandbox", tenant, "n-2")).isEmpty();
        assertThat(log().findFirstArrival("alipay", tenant, "n-1")).as("another channel").isEmpty();
    }

    @Test
    void aReSentNotificationIsAlreadyExistsButAnotherTenantsSameNotifyIdIsNot() {
        long id = log().recordFirstArrival(entry(tenant, "n-1", NotificationOutcome.IN_PROGRESS, null, T0));
        TenantId other = new TenantId("t-log-" + UUID.randomUUID().toString().substring(0, 8));

        assertThatThrownBy(() -> log().recordFirstArrival(entry(tenant, "n-1", NotificationOutcome.IN_PROGRESS, null,
                T0.plusSeconds(1)))).isInstanceOf(PersistenceFailure.AlreadyExists.class);
        long others = log().recordFirstArrival(entry(other, "n-1", NotificationOutcome.IN_PROGRESS, null, T0));

        assertThat(others).isNotEqualTo(id);
        assertThat(log().findFirstArrival("sandbox", tenant, "n-1")).map(NotificationLog.FirstArrival::id).contains(id);
        assertThat(log().findFirstArrival("sandbox", other, "n-1")).map(NotificationLog.FirstArrival::id)
                .contains(others);
    }

    @Test
    void aFirstArrivalIsFoundWithWhatBecameOfIt() {
        long id = log().recordFirstArrival(entry(tenant, "n-h", NotificationOutcome.IN_PROGRESS, null, T0));
        log().complete(id, new Completion(NotificationOutcome.HELD_FOR_REVIEW, PaymentStatus.PENDING,
                PaymentStatus.PENDING, "AMOUNT_MISMATCH", 400, "{}", 10));

        assertThat(log().findFirstArrival("sandbox", tenant, "n-h"))
                .contains(new NotificationLog.FirstArrival(id, NotificationOutcome.HELD_FOR_REVIEW));
    }

    @Test
    void anArrivalWithoutADedupKeyIsRecordedEveryTimeAndIsNoFirstArrival() {
        long first = log().record(entry(tenant, "n-d", NotificationOutcome.DUPLICATE, "seen before", T0));
        long second = log().record(entry(tenant, "n-d", NotificationOutcome.DUPLICATE, "seen before", T0));

        assertThat(second).isNotEqualTo(first);
        assertThat(log().findFirstArrival("sandbox", tenant, "n-d")).isEmpty();
        assertThat(log().forPayment(tenant, new PaymentId(payment))).extracting(NotificationView::id)
                .containsExactly(first, second);
    }

    @Test
    void aPaymentsNotificationsAreShownInArrivalOrderAsRecorded() {
        long first = log().recordFirstArrival(entry(tenant, "n-1", NotificationOutcome.IN_PROGRESS, null, T0));
        long rejected = log().record(entry(tenant, "n-2", NotificationOutcome.REJECTED, "bad signature",
                T0.plusSeconds(1)));

        assertThat(log().forPayment(tenant, new PaymentId(payment))).containsExactly(
                new NotificationView(first, "sandbox", "CALLBACK", "n-1", "SUCCESS", SignatureResult.VALID,
                        NotificationOutcome.IN_PROGRESS, null, null, null, T0),
                new NotificationView(rejected, "sandbox", "CALLBACK", "n-2", "SUCCESS", SignatureResult.VALID,
                        NotificationOutcome.REJECTED, null, null, "bad signature", T0.plusSeconds(1)));
    }

    @Test
    void anotherTenantsNotificationsAboutTheSamePaymentIdAreNotShown() {
        log().record(entry(new TenantId("t-log-" + UUID.randomUUID().toString().substring(0, 8)), "n-1",
                NotificationOutcome.REJECTED, "unknown", T0));

        assertThat(log().forPayment(tenant, new PaymentId(payment))).isEmpty();
    }

    @Test
    void aCompletionSaysWhatBecameOfTheNotification() {
        long id = log().recordFirstArrival(entry(tenant, "n-1", NotificationOutcome.IN_PROGRESS, null, T0));

        log().complete(id, new Completion(NotificationOutcome.APPLIED, PaymentStatus.PENDING,
                PaymentStatus.SUCCEEDED, "paid", 200, "{\"code\":\"SUCCESS\"}", 1234));

        assertThat(log().forPayment(tenant, new PaymentId(payment))).singleElement().satisfies(v -> {
            assertThat(v.id()).isEqualTo(id);
            assertThat(v.outcome()).isEqualTo(NotificationOutcome.APPLIED);
            assertThat(v.statusBefore()).isEqualTo(PaymentStatus.PENDING);
            assertThat(v.statusAfter()).isEqualTo(PaymentStatus.SUCCEEDED);
            assertThat(v.reason()).isEqualTo("paid");
            assertThat(v.transitioned()).isTrue();
        });
    }

    @Test
    void theRawBodiesOfOneSourceAreReadByIdAndNoOtherSourcesOrTenants() {
        long callback = log().record(entry(tenant, "n-1", NotificationOutcome.APPLIED, null, T0));
        Entry query = new Entry("sandbox", "QUERY", tenant, null, payment, "T-1", "SUCCESS", 1999L, "CNY", "trace-q",
                SignatureResult.NOT_CHECKED, NotificationOutcome.APPLIED, null, null, "",
                "{\"trade_status\":\"成功\"}".getBytes(StandardCharsets.UTF_8), T0.plusSeconds(1), null);
        long first = log().record(query);
        long second = log().record(new Entry("sandbox", "QUERY", tenant, null, payment, null, "NOT_FOUND", null, null,
                "trace-r", SignatureResult.NOT_CHECKED, NotificationOutcome.APPLIED, null, null, "",
                new byte[0], T0.plusSeconds(2), null));
        log().record(new Entry("sandbox", "QUERY", new TenantId("t-log-" + UUID.randomUUID().toString()
                .substring(0, 8)), null, payment, null, "SUCCESS", null, null, "trace-o",
                SignatureResult.NOT_CHECKED, NotificationOutcome.APPLIED, null, null, "", new byte[]{'x'}, T0, null));

        Map<Long, byte[]> bodies = log().rawBodies(tenant, new PaymentId(payment), "QUERY");

        assertThat(bodies.keySet()).containsExactly(first, second).doesNotContain(callback);
        assertThat(new String(bodies.get(first), StandardCharsets.UTF_8)).isEqualTo("{\"trade_status\":\"成功\"}");
        assertThat(bodies.get(second)).isEmpty();
        assertThat(log().rawBodies(tenant, new PaymentId(payment), "CALLBACK").keySet()).containsExactly(callback);
    }
}
