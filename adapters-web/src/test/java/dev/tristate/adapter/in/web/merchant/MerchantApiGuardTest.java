package dev.tristate.adapter.in.web.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The guard on a real server: the bulkhead (here one slot) and the body limit for a body whose length is not declared
 * (chunked), which only the counting stream can catch.
 */
@SpringBootTest(classes = MerchantApiTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "tristate.merchant-api.max-concurrent-requests=1")
class MerchantApiGuardTest {

    private static final String BODY = "{\"merchant_order_id\":\"o-1\",\"amount_minor\":100,\"currency\":\"CNY\","
            + "\"channel\":\"sandbox\",\"user_id\":\"u\",\"sku\":\"course:s\"}";

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @LocalServerPort
    int port;

    @Autowired
    MerchantApiDouble api;

    private HttpRequest.Builder create(HttpRequest.BodyPublisher body) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/payments"))
                .header("Authorization", "Bearer " + MerchantApiDouble.KEY_A.value())
                .header("Idempotency-Key", "k-" + UUID.randomUUID())
                .header("Content-Type", "application/json")
                .POST(body);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void whenEverySlotIsBusyTheNextRequestIs503OverloadedAndTheSlotComesBackAfterwards() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        api.holdNextCreate(entered, release);
        CompletableFuture<HttpResponse<String>> first = http.sendAsync(
                create(HttpRequest.BodyPublishers.ofString(BODY)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();

        HttpResponse<String> rejected = send(create(HttpRequest.BodyPublishers.ofString(BODY)));

        assertThat(rejected.statusCode()).isEqualTo(503);
        assertThat(rejected.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("application/problem+json"));
        assertThat(rejected.headers().firstValue("Retry-After")).contains("1");
        assertThat(rejected.body()).contains("\"code\":\"OVERLOADED\"");
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(201);
        assertThat(send(create(HttpRequest.BodyPublishers.ofString(BODY))).statusCode()).isEqualTo(201);
    }

    @Test
    void aChunkedBodyThatPassesTheLimitIs413() throws Exception {
        byte[] huge = ("{\"pad\":\"" + "x".repeat(100 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> response = send(create(
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(huge))));

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("\"code\":\"PAYLOAD_TOO_LARGE\"");
    }

    @Test
    void aChunkedBodyWithinTheLimitIsRead() throws Exception {
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);

        HttpResponse<String> response = send(create(
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));

        assertThat(response.statusCode()).isEqualTo(201);
    }
}
