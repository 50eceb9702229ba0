package dev.tristate.bootstrap.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.callback.CallbackTestSupport;
import dev.tristate.bootstrap.support.TcpProxy;
import dev.tristate.testing.IntegrationEnvironment;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * An instance started on the prod profile while the broker is down starts, takes callbacks into the outbox, says the
 * broker is down in health and metrics while staying ready, and relays what waited once the broker is back. The
 * broker is taken away through a TCP proxy on a fixed port that refuses connections until the test lets them through.
 */
class StartWithoutTheBrokerTest {

    private static final String TOKEN = "scrape-token-for-the-start-without-broker-test-0123";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void startsWhileTheBrokerIsDownTakesCallbacksAndRelaysThemWhenItReturns() throws Exception {
        assumeTrue(IntegrationEnvironment.realDatabase() && IntegrationEnvironment.realBroker(),
                "needs MariaDB and RabbitMQ (TRISTATE_IT_DB_URL and TRISTATE_IT_RABBIT_HOST, as .ci/run sets them)");
        RelayTestDatabase database = RelayTestDatabase.create("nobroker");
        try (TcpProxy broker = TcpProxy.to(IntegrationEnvironment.rabbitHost(), IntegrationEnvironment.rabbitPort())
                     .refuse();
             ConfigurableApplicationContext app = new SpringApplicationBuilder(TristateApplication.class)
                     .profiles("prod")
                     .run("--server.port=0",
                             "--spring.datasource.url=" + database.url(),
                             "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                             "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                             "--spring.rabbitmq.host=127.0.0.1", "--spring.rabbitmq.port=" + broker.port(),
                             "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                             "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                             "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost(),
                             "--tristate.broker.kind=RABBITMQ",
                             "--tristate.relay.interval=200ms", "--tristate.relay.max-pause=1s",
                             "--tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                             "--tristate.management.scrape-token=" + TOKEN)) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            DataSource dataSource = app.getBean(DataSource.class);
            JdbcTemplate jdbc = new JdbcTemplate(dataSource);

            CallbackTestSupport.SandboxTenant tenant = CallbackTestSupport.tenant(
                    app.getBean(ProvisionTenantUseCase.class), "nobroker", "No broker shop");
            String payment = CallbackTestSupport.insertPendingPayment(dataSource, tenant.tenant().value());
            HttpResponse<String> answer = CallbackTestSupport.post(port, tenant.secret(), CallbackTestSupport.body(
                    "n-" + payment, tenant.merchantId(), payment, "T-" + payment, "SUCCESS", 1999));
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            String eventId = jdbc.queryForObject("SELECT event_id FROM outbox_events WHERE aggregate_id = ?",
                    String.class, payment);

            HttpResponse<String> readiness = get(port, "/actuator/health/readiness");
            assertThat(readiness.statusCode()).as(readiness.body()).isEqualTo(200);
            assertThat(get(port, "/actuator/health/rabbit").body()).contains("\"status\":\"DOWN\"");
            assertThat(app.getBean(MeterRegistry.class).get("rabbitmq.connections").gauge().value())
                    .as("no connection to the broker").isZero();
            Thread.sleep(1_000);
            assertThat(status(jdbc, eventId)).as("waits in the outbox while the broker is away").isEqualTo("PENDING");

            broker.serve();
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> "SENT".equals(status(jdbc, eventId)));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(get(port, "/actuator/health/rabbit").body()).contains("\"status\":\"UP\""));
            assertThat(app.getBean(MeterRegistry.class).get("rabbitmq.connections").gauge().value()).isPositive();
        } finally {
            database.drop();
        }
    }

    private static String status(JdbcTemplate jdbc, String eventId) {
        return jdbc.queryForObject("SELECT status FROM outbox_events WHERE event_id = ?", String.class, eventId);
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
