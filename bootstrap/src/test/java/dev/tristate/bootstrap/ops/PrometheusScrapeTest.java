package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A real Prometheus (Debian's package) scrapes the running application with the scrape token and the alert rules of
 * docs/ops/alerts.yml loaded: the target is up, the tristate series are stored, and every rule evaluates without error.
 * Checked through Prometheus' HTTP API.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.management.scrape-token=" + PrometheusScrapeTest.TOKEN})
@ActiveProfiles("prod")
class PrometheusScrapeTest {

    static final String TOKEN = "scrape-token-for-the-prometheus-scrape-test";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern RULE_HEALTH = Pattern.compile("\"health\":\"(ok|err|unknown)\"");

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void prometheusScrapesTheApplicationAndEvaluatesTheRules(@TempDir Path dir) throws Exception {
        Path prometheus = PrometheusTools.require("prometheus");
        int prometheusPort = freePort();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                rule_files:
                  - %s
                scrape_configs:
                  - job_name: tristate
                    metrics_path: /actuator/prometheus
                    authorization:
                      credentials: %s
                    static_configs:
                      - targets: ['127.0.0.1:%d']
                """.formatted(PrometheusTools.RULES.resolve("alerts.yml"), TOKEN, port));
        Path log = dir.resolve("prometheus.log");
        Process process = new ProcessBuilder(prometheus.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + prometheusPort)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            String api = "http://127.0.0.1:" + prometheusPort + "/api/v1/";
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                assertThat(process.isAlive()).as(Files.readString(log)).isTrue();
                assertThat(get(api + "query?query=" + encode("up{job=\"tristate\"}")))
                        .as("the target is up").contains("\"value\":[").contains(",\"1\"]");
            });
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                for (String series : new String[] {"tristate_outbox_pending", "tristate_resolver_cases",
                        "tristate_durability_verdict", "tristate_payments_unresolved",
                        "hikaricp_connections_pending"}) {
                    assertThat(get(api + "query?query=" + series)).as(series).contains("\"__name__\":\"" + series);
                }
                String rules = get(api + "rules");
                Matcher health = RULE_HEALTH.matcher(rules);
                int ok = 0;
                while (health.find()) {
                    assertThat(health.group(1)).as(rules).isEqualTo("ok");
                    ok++;
                }
                assertThat(ok).as("every rule of alerts.yml evaluated: " + rules).isEqualTo(ruleCount());
            });
        } finally {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    private static int ruleCount() throws Exception {
        return (int) Files.readAllLines(PrometheusTools.RULES.resolve("alerts.yml")).stream()
                .filter(line -> line.strip().startsWith("- alert:")).count();
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url + ": " + response.body()).isEqualTo(200);
        return response.body();
    }

    private static String encode(String query) {
        return URLEncoder.encode(query, StandardCharsets.UTF_8);
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
