package dev.tristate.bootstrap.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant API against its fuzz corpus ({@code fuzz/merchant-api.cases}): each case sent as raw bytes to the
 * running application. For every case: no 5xx; an error answer to an {@code /api} request is problem JSON with a
 * {@code code}; and the payments and refunds of the two tenants the corpus can reach are the same before and after.
 * The rate limit is lifted so that the cases test what they are written for, and the read deadlines are short so that
 * the slow cases take a second each.
 */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.merchant-api.rate-limit.requests=1000000",
                "tristate.merchant-api.body-read-timeout=1s",
                "tristate.http.connection-timeout=2s"})
@ActiveProfiles("prod")
@Import(FuzzChannel.Configuration.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MerchantApiFuzzTest {

    static final String CORPUS = "/fuzz/merchant-api.cases";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    ProvisionTenantUseCase provisioning;

    @Autowired
    ChannelCredentialStore credentials;

    @Autowired
    PaymentRepository payments;

    @Autowired
    DataSource dataSource;

    private FuzzChannel.Merchant merchant;
    private FuzzChannel.Merchant other;
    private Map<String, String> values;

    static List<FuzzCorpus.Case> cases() {
        return FuzzCorpus.load(CORPUS);
    }

    @BeforeAll
    void tenantsAndPayments() throws IOException {
        merchant = FuzzChannel.provision(provisioning, credentials, "fuzz");
        other = FuzzChannel.provision(provisioning, credentials, "fuzz");
        values = Map.of("key", merchant.apiKey(), "otherKey", other.apiKey(),
                "pending", createPayment(merchant), "paid", pay(merchant, createPayment(merchant)),
                "foreignPaid", pay(other, createPayment(other)));
    }

    @Test
    void theCorpusHoldsAtLeastTwoHundredCases() {
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(200);
        assertThat(cases()).extracting(FuzzCorpus.Case::name).doesNotHaveDuplicates();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aBadRequestGetsA4xxProblemAndChangesNothing(FuzzCorpus.Case c) throws IOException {
        List<Map<String, Object>> before = state();
        FuzzCorpus.Request request = FuzzCorpus.expand(c, values);

        RawHttp.Answer answer;
        try {
            answer = c.slowPause() == null
                    ? RawHttp.send("127.0.0.1", port, request.all(), TIMEOUT)
                    : RawHttp.sendSlowly("127.0.0.1", port, request.head(), request.body(), c.slowPause(), TIMEOUT);
        } catch (EOFException closed) {
            assertThat(c.mayClose()).as("%s: closed without an answer", c.name()).isTrue();
            assertThat(state()).as("%s changed the payments or refunds", c.name()).isEqualTo(before);
            return;
        }

        assertThat(answer.status()).as("%s: %s", c.name(), answer).isLessThan(500);
        if (answer.status() >= 400 && c.target().contains("/api")) {
            assertThat(answer.header("content-type")).as("%s: %s", c.name(), answer)
                    .startsWith("application/problem+json");
            if (!c.head().get(0).startsWith("HEAD ")) {
                JsonNode problem = JSON.readTree(answer.text());
                assertThat(problem.path("code").isString()).as("%s: %s", c.name(), answer).isTrue();
                assertThat(problem.path("status").asInt()).isEqualTo(answer.status());
            }
        }
        assertThat(state()).as("%s changed the payments or refunds: %s", c.name(), answer).isEqualTo(before);
    }

    /** Every payment and refund of the two tenants, with its status and amounts. */
    private List<Map<String, Object>> state() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        List<Map<String, Object>> rows = new java.util.ArrayList<>(jdbc.queryForList(
                "SELECT id, status, amount_minor, refunded_minor FROM payments WHERE tenant_id IN (?, ?) ORDER BY id",
                merchant.tenant().value(), other.tenant().value()));
        rows.addAll(jdbc.queryForList(
                "SELECT id, status, amount_minor FROM refunds WHERE tenant_id IN (?, ?) ORDER BY id",
                merchant.tenant().value(), other.tenant().value()));
        return rows;
    }

    private String createPayment(FuzzChannel.Merchant m) throws IOException {
        RawHttp.Answer created = RawHttp.send("127.0.0.1", port, FuzzChannel.post("/api/v1/payments", m.apiKey(),
                "k-" + UUID.randomUUID(), FuzzChannel.order("course:java-101")).getBytes(StandardCharsets.UTF_8),
                TIMEOUT);
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        return JSON.readTree(created.text()).get("payment_id").stringValue();
    }

    /** The channel's success applied as a callback applies it. */
    private String pay(FuzzChannel.Merchant m, String id) {
        Payment pending = payments.findById(m.tenant(), new PaymentId(id)).orElseThrow();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        TransitionOutcome.Applied applied = (TransitionOutcome.Applied) pending.apply(new ChannelReport(
                ChannelTradeStatus.SUCCESS, pending.amount(), new ChannelTxnId("txn-" + UUID.randomUUID()), now), now);
        assertThat(payments.update(applied.before(), applied.after())).isTrue();
        return id;
    }
}
