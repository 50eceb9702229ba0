package dev.tristate.bootstrap.callback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The callbacks' own handler mapping (CallbackHandlerMapping), over real HTTP: it answers what it takes exactly as
 * the annotated mappings did (request metrics tagged with the pattern, not the raw path), and leaves the rest to
 * Spring MVC (a GET is refused with 405 and records nothing).
 */
class CallbackRoutingTest extends ApplicationOverHttpTest {

    @Autowired
    MeterRegistry meters;

    @Test
    void aCallbackIsCountedUnderItsPatternNotItsPath() throws Exception {
        HttpResponse<String> answer = post("/callbacks/routing-test-nowhere");
        HttpResponse<String> withAccount = post("/callbacks/routing-test-nowhere/acct-1");

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.body()).isEqualTo("{\"code\":\"UNKNOWN_CHANNEL\"}");
        assertThat(withAccount.statusCode()).isEqualTo(404);
        // The observation stops after the response has gone out: the client can see the answer before the timer.
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(meters.find("http.server.requests").tag("uri", "/callbacks/{channel}").tag("status", "404")
                    .timer()).isNotNull();
            assertThat(meters.find("http.server.requests").tag("uri", "/callbacks/{channel}/{account}")
                    .tag("status", "404").timer()).isNotNull();
        });
        assertThat(meters.find("http.server.requests").tag("uri", "/callbacks/routing-test-nowhere").timer())
                .isNull();
    }

    @Test
    void aGetIsLeftToSpringMvcAndRefusedWith405() throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        long before = jdbc.queryForObject("SELECT COUNT(*) FROM channel_notifications", Long.class);

        HttpResponse<String> answer = CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/callbacks/sandbox")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(405);
        assertThat(answer.headers().firstValue("Allow")).hasValueSatisfying(allow -> assertThat(allow).contains("POST"));
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM channel_notifications", Long.class)).isEqualTo(before);
    }

    private HttpResponse<String> post(String path) throws Exception {
        return CallbackTestSupport.HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
