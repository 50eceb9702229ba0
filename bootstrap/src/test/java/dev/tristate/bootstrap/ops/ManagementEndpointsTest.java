package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The management side on the prod profile: the scrape and health details need the scrape token, even from this
 * machine; health status and the probes are public; readiness holds the database only.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.management.scrape-token=" + ManagementEndpointsTest.TOKEN})
@ActiveProfiles("prod")
class ManagementEndpointsTest {

    static final String TOKEN = "scrape-token-for-the-management-endpoints-test";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    private HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theScrapeNeedsTheTokenEvenFromThisMachine() throws Exception {
        assertThat(get("/actuator/prometheus", null).statusCode()).isIn(401, 403);
        assertThat(get("/actuator/prometheus", TOKEN + "x").statusCode()).isIn(401, 403);
        assertThat(get("/actuator/metrics", TOKEN).statusCode()).as("not exposed").isIn(401, 403, 404);

        HttpResponse<String> scrape = get("/actuator/prometheus", TOKEN);

        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.body()).contains("tristate_outbox_pending").contains("tristate_outbox_oldest_pending_age")
                .as("Hikari's meters for each pool")
                .contains("hikaricp_connections_pending{pool=\"tristate-general\"}")
                .contains("hikaricp_connections_pending{pool=\"tristate-general-callback\"}");
    }

    @Test
    void healthShowsItsComponentsOnlyToTheManagementSide() throws Exception {
        HttpResponse<String> anonymous = get("/actuator/health", null);
        assertThat(anonymous.statusCode()).isEqualTo(200);
        assertThat(anonymous.body()).contains("\"status\":\"UP\"").doesNotContain("components")
                .doesNotContain("durability");

        HttpResponse<String> management = get("/actuator/health", TOKEN);
        assertThat(management.body()).contains("\"db\"").contains("\"rabbit\"").contains("\"durability\"")
                .contains("\"outboxRelay\"").contains("\"verdict\"");
    }

    @Test
    void readinessIsTheDatabaseAndNotTheBroker() throws Exception {
        HttpResponse<String> readiness = get("/actuator/health/readiness", TOKEN);
        assertThat(readiness.statusCode()).isEqualTo(200);
        assertThat(readiness.body()).contains("\"db\"").contains("\"readinessState\"").doesNotContain("rabbit");
        assertThat(get("/actuator/health/liveness", null).statusCode()).isEqualTo(200);
    }
}
