package dev.tristate.bootstrap.console;

import dev.tristate.application.port.in.ProvisionTenantUseCase;
import dev.tristate.application.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.port.out.ConsoleUserRepository;
import dev.tristate.application.port.out.PasswordHasher;
import dev.tristate.application.port.out.PaymentRepository;
import dev.tristate.application.port.out.ReviewCases;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.ConsoleUser;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
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
                "tristate.relay.enabled=false", "tristate.admin.login.max-failures=3"})
@ActiveProfiles("prod")
abstract class ConsoleTestBase {

    static final String PASSWORD = "correct-horse-battery";

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
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
        EventId id = new EventId(UUID.randomUUID());
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        new JdbcTemplate(dataSource).update("""
                INSERT INTO outbox_events (event_id, event_key, tenant_id, aggregate_type, aggregate_id, event_type,
                  payload, status, attempts, next_attempt_at, last_error, created_at, first_failed_at, quarantined_at)
                VALUES (?, ?, ?, 'payment', ?, 'PaymentSucceeded', ?, 'QUARANTINED', 9, ?, ?, ?, ?, ?)""",
                id.toString(), "test|" + id, p.tenantId().value(), p.id().value(), payload,
                now.toString().replace('T', ' '), "broker returned the message: NO_ROUTE",
                now.minusDays(1).toString().replace('T', ' '), now.minusDays(1).toString().replace('T', ' '),
                now.toString().replace('T', ' '));
        return id;
    }

    void reviewCase(Payment p) {
        reviewCases.open(new ReviewCases.NewCase(p.tenantId(), p.id().value(),
                ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50), AnomalyReason.AMOUNT_MISMATCH,
                "reported 1.00 CNY, expected 19.99 CNY", Instant.now()));
    }

}
