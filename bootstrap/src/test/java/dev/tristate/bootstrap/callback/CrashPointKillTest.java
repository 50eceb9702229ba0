package dev.tristate.bootstrap.callback;

import static dev.tristate.bootstrap.callback.CallbackTestSupport.body;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.insertPendingPayment;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.notifications;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.outboxRows;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.post;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import dev.tristate.bootstrap.support.ChildApplication;
import dev.tristate.testing.IntegrationEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Crash points C1 and C2 proven by killing the JVM there: the application runs in a child process with
 * tristate.fault-injection.halt-at, which halts it on the spot (no rollback by the application, no shutdown hook);
 * then the database alone says what survived, and a restarted application receives the channel's re-send.
 */
class CrashPointKillTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @TempDir
    Path dir;

    private String jdbcUrl;
    private HikariDataSource db;
    private ChildApplication app;
    private int port;
    private final String suffix = UUID.randomUUID().toString().substring(0, 12);
    private final String merchantId = "m-crash-" + suffix;
    private final String secret = "crash-secret-" + suffix;
    private final String tenantId = "t-crash-" + suffix;

    @BeforeEach
    void database() {
        jdbcUrl = IntegrationEnvironment.realDatabase() ? IntegrationEnvironment.jdbcUrl()
                : "jdbc:h2:file:" + dir.resolve("db") + ";MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0;AUTO_SERVER=TRUE";
    }

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
        if (db != null) {
            db.close();
        }
    }

    @Test
    void aCrashAfterTheStateChangeAndOutboxInsertButBeforeCommitLeavesNothingBehind() throws Exception {
        start("C1");
        String paymentId = insertPendingPayment(db, tenantId);
        String notification = body("n-" + suffix, merchantId, paymentId, "T-" + suffix, "SUCCESS", 1999);

        assertThatThrownBy(() -> post(port, secret, notification)).as("the JVM died before answering")
                .isInstanceOf(IOException.class);
        assertThat(app.awaitExit(Duration.ofSeconds(30))).isEqualTo(137);
        assertThat(app.log()).contains("halting at crash point C1");

        reconnect();
        assertThat(status(db, paymentId)).isEqualTo("PENDING");
        assertThat(outboxRows(db, paymentId)).isZero();
        assertThat(new JdbcTemplate(db).queryForObject(
                "SELECT COUNT(*) FROM channel_notifications WHERE payment_id = ?", Long.class, paymentId)).isZero();

        start(null);
        assertThat(post(port, secret, notification).statusCode()).isEqualTo(200);
        assertThat(status(db, paymentId)).isEqualTo("SUCCEEDED");
        assertThat(outboxRows(db, paymentId)).isEqualTo(1);
    }

    @Test
    void aCrashAfterCommitBeforeTheAnswerMakesTheReSentNotificationADuplicate() throws Exception {
        start("C2");
        String paymentId = insertPendingPayment(db, tenantId);
        String notification = body("n-" + suffix, merchantId, paymentId, "T-" + suffix, "SUCCESS", 1999);

        assertThatThrownBy(() -> post(port, secret, notification)).isInstanceOf(IOException.class);
        assertThat(app.awaitExit(Duration.ofSeconds(30))).isEqualTo(137);
        assertThat(app.log()).contains("halting at crash point C2");

        reconnect();
        assertThat(status(db, paymentId)).isEqualTo("SUCCEEDED");
        assertThat(outboxRows(db, paymentId)).isEqualTo(1);
        assertThat(notifications(db, paymentId, "APPLIED")).isEqualTo(1);

        start(null);
        assertThat(post(port, secret, notification).statusCode()).isEqualTo(200);
        assertThat(outboxRows(db, paymentId)).isEqualTo(1);
        assertThat(notifications(db, paymentId, "DUPLICATE")).isEqualTo(1);
    }

    /** Starts the application in a child JVM (halting at {@code haltAt} if given) and provisions the tenant once. */
    private void start(String haltAt) throws Exception {
        if (db != null) {
            db.close();
            db = null;
        }
        List<String> arguments = new ArrayList<>(List.of(
                "--tristate.security.master-key=" + MASTER_KEY,
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                "--tristate.data-dir=" + dir.resolve("data"), "--tristate.demo.enabled=false"));
        if (IntegrationEnvironment.realDatabase()) {
            arguments.addAll(List.of("--spring.profiles.active=prod",
                    "--spring.rabbitmq.host=" + IntegrationEnvironment.rabbitHost(),
                    "--spring.rabbitmq.port=" + IntegrationEnvironment.rabbitPort(),
                    "--spring.rabbitmq.username=" + IntegrationEnvironment.rabbitUser(),
                    "--spring.rabbitmq.password=" + IntegrationEnvironment.rabbitPassword(),
                    "--spring.rabbitmq.virtual-host=" + IntegrationEnvironment.rabbitVirtualHost()));
        } else {
            arguments.add("--spring.profiles.active=embedded");
        }
        if (haltAt != null) {
            arguments.add("--tristate.fault-injection.halt-at=" + haltAt);
        }
        app = ChildApplication.start(dir, "app-" + (haltAt == null ? "clean" : haltAt), arguments);
        port = app.port();
        reconnect();
        provisionTenantOnce();
    }

    private void reconnect() {
        if (db != null) {
            db.close();
        }
        db = new HikariDataSource();
        db.setJdbcUrl(jdbcUrl);
        db.setUsername(IntegrationEnvironment.dbUser());
        db.setPassword(IntegrationEnvironment.dbPassword());
        db.setMaximumPoolSize(2);
    }

    private void provisionTenantOnce() {
        JdbcTemplate jdbc = new JdbcTemplate(db);
        if (jdbc.queryForObject("SELECT COUNT(*) FROM tenants WHERE id = ?", Long.class, tenantId) > 0) {
            return;
        }
        String now = "2026-11-30 10:00:00.000000";
        jdbc.update("INSERT INTO tenants (id, name, sandbox_merchant_id, created_at) VALUES (?, 'Crash shop', ?, ?)",
                tenantId, merchantId, now);
        jdbc.update("INSERT INTO channel_accounts (channel, account_id, tenant_id, created_at) VALUES"
                + " ('sandbox', ?, ?, ?)", merchantId, tenantId, now);
        jdbc.update("INSERT INTO channel_secrets (tenant_id, channel, name, ciphertext, created_at) VALUES"
                        + " (?, 'sandbox', 'signing-secret', ?, ?)", tenantId,
                SecretCipher.fromBase64(MASTER_KEY, new SecureRandom()).encrypt(secret), now);
    }
}
