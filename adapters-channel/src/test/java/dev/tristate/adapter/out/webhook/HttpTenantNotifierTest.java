package dev.tristate.adapter.out.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.tristate.application.consumer.port.out.TenantNotifier.Delivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.GrantNotice;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotDelivered;
import dev.tristate.application.consumer.port.out.TenantNotifier.NotifyOutcome;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.TaskKey;
import dev.tristate.domain.tenant.TenantId;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The notifier against a local HTTP server that succeeds, fails, refuses, answers slowly and times out. */
class HttpTenantNotifierTest {

    private static final TaskKey KEY = new TaskKey("entitlement-granted:pay_1:course:java-101");
    private static final GrantNotice NOTICE = new GrantNotice(new TenantId("t-1"), new PaymentId("pay_1"), "SUCCEEDED",
            "u-42", "course:java-101");

    private final HttpTenantNotifier notifier = new HttpTenantNotifier(Duration.ofMillis(500), Duration.ofMillis(700));
    private final List<String> keys = new CopyOnWriteArrayList<>();
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private HttpServer server;
    private volatile int status = 200;
    private volatile long delayMillis;

    @BeforeEach
    void aLocalServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/hooks", exchange -> {
            keys.add(exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private NotifyOutcome send() {
        return notifier.notify(URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hooks"), KEY,
                NOTICE);
    }

    private static OutcomeClass classOf(NotifyOutcome outcome) {
        assertThat(outcome).isInstanceOf(NotDelivered.class);
        return ((NotDelivered) outcome).outcomeClass();
    }

    @Test
    void aSuccessIsDeliveredWithTheTaskKeyAsIdempotencyKeyAndTheNoticeAsJson() {
        assertThat(send()).isEqualTo(new Delivered(200));

        assertThat(keys).containsExactly(KEY.value());
        assertThat(bodies.get(0)).isEqualTo("{\"type\":\"entitlement.granted\",\"idempotency_key\":\""
                + KEY.value() + "\",\"tenant_id\":\"t-1\",\"payment_id\":\"pay_1\",\"payment_status\":\"SUCCEEDED\","
                + "\"user_id\":\"u-42\",\"sku\":\"course:java-101\"}");
    }

    @Test
    void aSlowAnswerWithinTheTimeoutIsDelivered() {
        delayMillis = 300;
        status = 204;

        assertThat(send()).isEqualTo(new Delivered(204));
    }

    @Test
    void anAnswerTooSlowIsUnknownNotFailed() {
        delayMillis = 2_000;

        assertThat(classOf(send())).isEqualTo(OutcomeClass.UNKNOWN);
        assertThat(keys).hasSize(1);
    }

    @Test
    void serverErrorsAndTooManyRequestsAreRetryable() {
        for (int failing : new int[] {500, 503, 429, 408}) {
            status = failing;
            assertThat(classOf(send())).as("HTTP " + failing).isEqualTo(OutcomeClass.RETRYABLE);
        }
    }

    @Test
    void aRefusalIsDefinite() {
        for (int refusing : new int[] {400, 404, 410, 302}) {
            status = refusing;
            assertThat(classOf(send())).as("HTTP " + refusing).isEqualTo(OutcomeClass.DEFINITE);
        }
    }

    @Test
    void nobodyListeningIsRetryable() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        NotifyOutcome outcome = notifier.notify(URI.create("http://127.0.0.1:" + closed + "/hooks"), KEY, NOTICE);

        assertThat(classOf(outcome)).isEqualTo(OutcomeClass.RETRYABLE);
    }
}
