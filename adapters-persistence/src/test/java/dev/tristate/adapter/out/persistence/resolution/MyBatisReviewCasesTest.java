package dev.tristate.adapter.out.persistence.resolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.persistence.PersistenceTestApplication;
import dev.tristate.testing.IntegrationEnvironment;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.ReviewCasesContract;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.application.resolution.port.out.ReviewCases.NewCase;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The review cases' contract on MyBatis (MariaDB under .ci/run, H2 elsewhere), each case about a real notification. */
@SpringBootTest(classes = PersistenceTestApplication.class, properties = {
        "tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="})
// Its own context (its own property source): closed after the class, so that the pools of the contexts cached for
// earlier classes do not exhaust a shared MariaDB's connections.
@DirtiesContext
class MyBatisReviewCasesTest extends ReviewCasesContract {

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @Autowired ReviewCases reviews;
    @Autowired NotificationLog log;
    @Autowired Transactions transactions;

    @Override
    protected ReviewCases reviews() {
        return reviews;
    }

    @Override
    protected long aNotificationId() {
        return log.record(new NotificationLog.Entry("sandbox", "CALLBACK", new TenantId("t-review"), "n-1", "pay_x",
                "T-1", "SUCCESS", 1L, "CNY", "trace-1", SignatureResult.VALID, NotificationOutcome.HELD_FOR_REVIEW,
                null, null, "", new byte[0], T0, null));
    }

    @Test
    void twoOpeningsOfTheSameMismatchAtOnceLeaveOneCase() throws Exception {
        TenantId tenant = new TenantId("t-rev-" + UUID.randomUUID().toString().substring(0, 8));
        PaymentId payment = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
        long first = aNotificationId();
        long second = aNotificationId();
        CountDownLatch openedNotCommitted = new CountDownLatch(1);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Future<?> firstOpening = other.submit(() -> transactions.inTransaction(() -> {
                reviews.open(new NewCase(tenant, payment, first, AnomalyReason.AMOUNT_MISMATCH, "first", T0));
                openedNotCommitted.countDown();
                // Long enough for the second opening to meet this uncommitted case at the unique index.
                sleep(Duration.ofMillis(500));
            }));
            assertThat(openedNotCommitted.await(10, TimeUnit.SECONDS)).isTrue();

            transactions.inTransaction(() -> reviews.open(new NewCase(tenant, payment, second,
                    AnomalyReason.AMOUNT_MISMATCH, "second", T0)));
            firstOpening.get(10, TimeUnit.SECONDS);
        } finally {
            other.shutdownNow();
        }

        assertThat(reviews.forPayment(tenant, payment)).singleElement()
                .satisfies(c -> assertThat(c.notificationId()).isEqualTo(first));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
