package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.tenant.TenantId;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The README's first command in miniature: the application on the embedded default, with no external service, a
 * file-backed H2 and the in-process broker; health UP, the metrics readable from this machine, the console's login
 * page served, the demo tenant created once and kept across a restart.
 */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddedDefaultTest {

    private static ConfigurableApplicationContext start(Path dataDir, String... more) {
        String[] args = new String[more.length + 2];
        args[0] = "--server.port=0";
        args[1] = "--tristate.data-dir=" + dataDir;
        System.arraycopy(more, 0, args, 2, more.length);
        return new SpringApplicationBuilder(TristateApplication.class).profiles("embedded").run(args);
    }

    private static HttpResponse<String> get(ConfigurableApplicationContext app, String path) throws Exception {
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        return HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void startsWithNoExternalServiceAndKeepsItsStateAcrossARestart(@TempDir Path dataDir, CapturedOutput output)
            throws Exception {
        try (ConfigurableApplicationContext first = start(dataDir)) {
            HttpResponse<String> health = get(first, "/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"status\":\"UP\"");
            assertThat(get(first, "/admin/login").statusCode()).isEqualTo(200);
            HttpResponse<String> metrics = get(first, "/actuator/prometheus");
            assertThat(metrics.statusCode()).as("the README's one command for the metrics, from this machine")
                    .isEqualTo(200);
            assertThat(metrics.body()).contains("tristate_outbox_pending");
            assertThat(first.getBean(TenantRepository.class).findById(new TenantId("demo"))).isPresent();
            assertThat(first.getBean(ServerProperties.class).getAddress())
                    .as("the embedded default listens on this machine only")
                    .isEqualTo(InetAddress.getByName("127.0.0.1"));
        }
        assertThat(output.getOut()).contains("Admin console : http://localhost:")
                .containsPattern("password    : \\S{20}   \\(generated, shown this once\\)")
                .containsPattern("API key     : tsk_[0-9a-f]{64}")
                .contains("sandbox secret: whsec_");
        assertThat(Files.exists(dataDir.resolve("master.key"))).isTrue();
        int printedBefore = output.getOut().length();

        try (ConfigurableApplicationContext second = start(dataDir, "--server.address=0.0.0.0")) {
            assertThat(second.getBean(TenantRepository.class).findById(new TenantId("demo"))).isPresent();
            assertThat(second.getBean(ServerProperties.class).getAddress()).as("told otherwise")
                    .isEqualTo(InetAddress.getByName("0.0.0.0"));
        }
        String secondRun = output.getOut().substring(printedBefore);
        assertThat(secondRun).contains("already provisioned").contains("not shown again")
                .doesNotContainPattern("API key     : tsk_")
                .doesNotContain("generated, shown this once");
    }
}
