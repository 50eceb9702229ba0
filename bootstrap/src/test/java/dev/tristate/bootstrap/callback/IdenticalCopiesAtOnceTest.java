package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.relay.RelayTestDatabase;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * As many identical copies of one signed notification at once as the callback pool has connections, on MariaDB, each
 * on a database of its own: every copy is answered success, one is applied and the rest are recorded as duplicates.
 * On a fresh database the notification's dedup key is the smallest in its unique index, so every copy that finds it
 * there holds a shared lock on the gap where the duplicates' own rows (without a dedup key) go: recording those rows
 * in that same transaction deadlocked the copies against each other until some ran out of tries (a 503).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IdenticalCopiesAtOnceTest {

    private static final int POOL = 30;

    private RelayTestDatabase database;
    private ConfigurableApplicationContext app;

    @BeforeAll
    void start() {
        assumeTrue(IntegrationEnvironment.realDatabase(),
                "the lock behaviour under test is InnoDB's (TRISTATE_IT_DB_URL, as .ci/run sets it)");
        database = RelayTestDatabase.create("copies");
        app = new SpringApplicationBuilder(TristateApplication.class).profiles("prod").run("--server.port=0",
                "--spring.datasource.url=" + database.url(),
                "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                "--spring.rabbitmq.host=" + IntegrationEnvironment.rabbitHost(),
                "--spring.rabbitmq.port=" + IntegrationEnvironment.rabbitPort(),
                "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost(),
                "--tristate.datasource.callback-pool-size=" + POOL,
                "--tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
    }

    @AfterAll
    void stop() {
        if (app != null) {
            app.close();
        }
        if (database != null) {
            database.drop();
        }
    }

    @RepeatedTest(5)
    void asManyCopiesAsTheCallbackPoolHasConnectionsAreAllAnsweredSuccess() throws Exception {
        DataSource dataSource = app.getBean(DataSource.class);
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        // Each repetition starts from an empty notification log, so its key is the smallest in the index.
        jdbc.update("DELETE FROM channel_notifications");
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        CallbackTestSupport.SandboxTenant tenant = CallbackTestSupport.tenant(
                app.getBean(ProvisionTenantUseCase.class), "copies", "Copies shop");
        String secret = tenant.secret();
        String payment = CallbackTestSupport.insertPendingPayment(dataSource, tenant.tenant().value());
        String body = CallbackTestSupport.body("n-" + payment, tenant.merchantId(), payment, "T-" + payment,
                "SUCCESS", 1999);

        ExecutorService senders = Executors.newFixedThreadPool(POOL);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<HttpResponse<String>>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < POOL; i++) {
                answers.add(senders.submit(() -> {
                    go.await();
                    return CallbackTestSupport.post(port, secret, body);
                }));
            }
            go.countDown();
            List<String> notSuccess = new ArrayList<>();
            for (Future<HttpResponse<String>> answer : answers) {
                HttpResponse<String> response = answer.get();
                if (response.statusCode() != 200) {
                    notSuccess.add(response.statusCode() + " " + response.body());
                }
            }
            assertThat(notSuccess).as("copies not answered success").isEmpty();
        } finally {
            senders.shutdownNow();
        }
        assertThat(CallbackTestSupport.status(dataSource, payment)).isEqualTo("SUCCEEDED");
        assertThat(CallbackTestSupport.outboxRows(dataSource, payment)).isEqualTo(1);
        assertThat(CallbackTestSupport.notifications(dataSource, payment, "APPLIED")).isEqualTo(1);
        assertThat(CallbackTestSupport.notifications(dataSource, payment, "DUPLICATE")).isEqualTo(POOL - 1);
    }
}
