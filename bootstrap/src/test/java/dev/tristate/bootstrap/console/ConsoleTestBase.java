package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.console.port.out.ConsoleUserRepository;
import dev.tristate.application.console.port.out.PasswordHasher;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.consumer.ConsumerFailure;
import dev.tristate.domain.consumer.ConsumerRetryPolicy;
import dev.tristate.domain.consumer.InboundMessage;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.Backoff;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.ByteArrayOutputStream;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole application for the console's tests (one Spring context shared by every subclass: same annotations),
 * on the test run's database (MariaDB under .ci/run, else H2) with the relay off, so that what a test quarantines
 * stays quarantined until the console replays it. Data is seeded through the ports, with unique ids per test.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.relay.enabled=false", "tristate.admin.login.max-failures=3",
                // Short waits make growing delays testable; forwarded headers let a test sign in "from" an address.
                "tristate.admin.login.delay=2s", "tristate.admin.login.max-delay=1m",
                "server.forward-headers-strategy=native",
                // Repairs wait for the console's button; a small statement limit makes "too large" cheap to test.
                "tristate.reconciliation.auto-repair=false", "tristate.reconciliation.max-statement-size=64KB"})
@ActiveProfiles("prod")
abstract class ConsoleTestBase {

    static final String PASSWORD = "correct-horse-battery";

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    /**
     * A browser: cookies kept, redirects not followed (so that we see where they go). {@link #from} makes it come
     * through a proxy on this machine that forwards the given client address.
     */
    final class Browser {
        final CookieManager cookies = new CookieManager();
        final HttpClient http = HttpClient.newBuilder().cookieHandler(cookies)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        String forwardedFor;

        Browser from(String clientAddress) {
            forwardedFor = clientAddress;
            return this;
        }

        private HttpRequest.Builder request(String path) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + path));
            return forwardedFor == null ? request : request.header("X-Forwarded-For", forwardedFor);
        }

        HttpResponse<String> get(String path) throws Exception {
            return http.send(request(path).build(), HttpResponse.BodyHandlers.ofString());
        }

        HttpResponse<String> post(String path, Map<String, String> form) throws Exception {
            String body = form.entrySet().stream().map(e -> e.getKey() + "="
                    + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
            return http.send(request(path)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        }

        /** A multipart form (as a file upload sends it): the fields, then one file part named {@code file}. */
        HttpResponse<String> postMultipart(String path, Map<String, String> fields, String fileName, byte[] file)
                throws Exception {
            String boundary = "----tristate" + UUID.randomUUID().toString().replace("-", "");
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            for (Map.Entry<String, String> field : fields.entrySet()) {
                body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + field.getKey()
                        + "\"\r\n\r\n" + field.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                    + fileName + "\"\r\nContent-Type: text/csv\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            body.writeBytes(file);
            body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
            return http.send(HttpRequest.newBuilder(URI.create(base() + path))
                    .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                    .header("Accept", "text/html")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(),
                    HttpResponse.BodyHandlers.ofString());
        }

        String csrf(String path) throws Exception {
            Matcher m = CSRF.matcher(get(path).body());
            assertThat(m.find()).as("a CSRF token in the form of " + path).isTrue();
            return m.group(1);
        }

        HttpResponse<String> logIn(String username, String password) throws Exception {
            return post("/admin/login", Map.of("username", username, "password", password,
                    "_csrf", csrf("/admin/login")));
        }

        String session() {
            return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID"))
                    .map(HttpCookie::getValue).findFirst().orElse(null);
        }
    }

    @LocalServerPort
    int port;
    @Autowired
    ConsoleUserRepository users;
    @Autowired
    PasswordHasher hasher;
    @Autowired
    ProvisionTenantUseCase tenants;
    @Autowired
    PaymentRepository payments;
    @Autowired
    ReviewCases reviewCases;
    @Autowired
    DataSource dataSource;

    String base() {
        return "http://localhost:" + port;
    }

    static String unique(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    }

    String user(ConsoleRole role) {
        String name = unique(role == ConsoleRole.OPERATOR ? "op" : "sup");
        users.insert(new ConsoleUser(name, hasher.hash(PASSWORD), role, true, Instant.now()));
        return name;
    }

    TenantId tenant() {
        TenantId id = new TenantId(unique("t"));
        tenants.provision(new ProvisionTenantCommand(id, "Shop " + id.value(), new MerchantId(unique("m")),
                Optional.empty(), Optional.empty()));
        return id;
    }

    Payment payment(TenantId tenant) {
        Payment p = Payment.initiate(new PaymentId(unique("pay_")), tenant, new MerchantOrderId(unique("order")),
                Money.of(1999, "CNY"), "sandbox", "user1", "sku1", "console test", Instant.now().minusSeconds(600));
        payments.insert(p);
        return p;
    }

    /** A quarantined outbox event for the payment, as the relay leaves one after its retry window. */
    EventId quarantinedEvent(Payment p, String payload) {
        return outboxEvent(p, payload, "QUARANTINED");
    }

    /** An outbox event of the payment waiting to be sent (the relay is off here, so it keeps waiting). */
    EventId pendingEvent(Payment p) {
        return outboxEvent(p, "{}", "PENDING");
    }

    private EventId outboxEvent(Payment p, String payload, String status) {
        EventId id = new EventId(UUID.randomUUID());
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        boolean quarantined = status.equals("QUARANTINED");
        new JdbcTemplate(dataSource).update("""
                INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id, event_type,
                  payload, status, attempts, next_attempt_at, last_error, created_at, first_failed_at, quarantined_at)
                VALUES (?, ?, ?, 'payment', ?, 'PaymentSucceeded', ?, ?, ?, ?, ?, ?, ?, ?)""",
                id.toString(), "test|" + id, p.tenantId().value(), p.id().value(), payload, status,
                quarantined ? 9 : 0, now.toString().replace('T', ' '),
                quarantined ? "broker returned the message: NO_ROUTE" : null,
                now.minusDays(1).toString().replace('T', ' '),
                quarantined ? now.minusDays(1).toString().replace('T', ' ') : null,
                quarantined ? now.toString().replace('T', ' ') : null);
        return id;
    }

    /** No consumer of this name runs in the application: what the console replays stays due, untouched. */
    static final String CONSUMER = "console-test";
    static final ConsumerRetryPolicy POLICY = new ConsumerRetryPolicy(
            new Backoff(Duration.ofSeconds(1), Duration.ofMinutes(1), 2.0), 3, Duration.ofHours(1));

    @Autowired
    ConsumerDeliveryStore deliveries;

    /** A consumer message quarantined at once (a permanent failure), as the consumer leaves one. */
    ConsumerDelivery quarantinedDelivery(String body) {
        InboundMessage message = new InboundMessage(UUID.randomUUID().toString(), "PaymentSucceeded",
                Map.of("amqp.routing-key", "payment.succeeded"), body.getBytes(StandardCharsets.UTF_8));
        ConsumerDelivery d = ConsumerDelivery.firstFailure(CONSUMER, message,
                ConsumerFailure.permanent("unknown SKU kind"), POLICY, Instant.now(), 0.5);
        deliveries.insert(d);
        return d;
    }

    void reviewCase(Payment p) {
        reviewCases.open(new ReviewCases.NewCase(p.tenantId(), p.id(),
                ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), AnomalyReason.AMOUNT_MISMATCH,
                "channel reported 1.00 CNY, payment is for 19.99 CNY", Instant.now()));
    }

}
