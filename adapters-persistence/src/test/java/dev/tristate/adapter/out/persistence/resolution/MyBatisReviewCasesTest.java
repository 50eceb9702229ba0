package dev.tristate.adapter.out.persistence.resolution;

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
}
