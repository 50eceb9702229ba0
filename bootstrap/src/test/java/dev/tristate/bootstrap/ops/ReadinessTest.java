package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.bootstrap.support.TcpProxy;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Readiness follows what taking a callback needs: with the broker gone the instance stays ready (the outbox keeps
 * the events) and only the {@code rabbit} component says so; with the database gone it is not ready. The services
 * are taken away through TCP proxies this test starts and stops.
 */
class ReadinessTest {

    private static final String TOKEN = "scrape-token-for-the-readiness-test-0123456789";
    private static final Pattern JDBC = Pattern.compile("(jdbc:[a-z]+://)([^/:]+)(?::(\\d+))?(/.*)");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void readyWithoutTheBrokerAndNotReadyWithoutTheDatabase() throws Exception {
        assumeTrue(IntegrationEnvironment.realDatabase(),
                "needs a database reached over TCP (TRISTATE_IT_DB_URL, as .ci/run sets it); H2 runs in-process");
        Matcher url = JDBC.matcher(IntegrationEnvironment.jdbcUrl());
        assertThat(url.matches()).as("a JDBC URL with host and port: " + url).isTrue();
        int dbPort = url.group(3) == null ? 3306 : Integer.parseInt(url.group(3));
        try (TcpProxy db = TcpProxy.to(url.group(2), dbPort);
             TcpProxy broker = TcpProxy.to(IntegrationEnvironment.rabbitHost(), IntegrationEnvironment.rabbitPort());
             ConfigurableApplicationContext app = new SpringApplicationBuilder(TristateApplication.class)
                     .profiles("prod")
                     .run("--server.port=0",
                             "--spring.datasource.url=" + url.group(1) + "127.0.0.1:" + db.port() + url.group(4),
                             "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                             "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                             "--spring.datasource.hikari.connection-timeout=2000",
                             "--tristate.datasource.statement-timeout=1s",
                             "--spring.rabbitmq.host=127.0.0.1", "--spring.rabbitmq.port=" + broker.port(),
                             "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                             "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                             "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost(),
                             "--tristate.broker.kind=" + (IntegrationEnvironment.realBroker() ? "RABBITMQ"
                                     : "EMBEDDED_QPID"),
                             "--tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                             "--tristate.management.scrape-token=" + TOKEN)) {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            assertThat(get(port, "/actuator/health/readiness").statusCode()).isEqualTo(200);

            broker.close();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThat(get(port, "/actuator/health/rabbit").body()).contains("\"status\":\"DOWN\""));
            HttpResponse<String> withoutBroker = get(port, "/actuator/health/readiness");
            assertThat(withoutBroker.statusCode()).as(withoutBroker.body()).isEqualTo(200);
            assertThat(withoutBroker.body()).contains("\"status\":\"UP\"");

            db.close();
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                HttpResponse<String> withoutDatabase = get(port, "/actuator/health/readiness");
                assertThat(withoutDatabase.statusCode()).as(withoutDatabase.body()).isEqualTo(503);
                assertThat(withoutDatabase.body()).contains("\"db\"").contains("\"status\":\"DOWN\"");
            });
            assertThat(get(port, "/actuator/health/liveness").statusCode()).as("alive all along").isEqualTo(200);
        }
    }

    private static HttpResponse<String> get(int port, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", "Bearer " + TOKEN).timeout(Duration.ofSeconds(20)).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
