package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.callback.port.out.NotificationLog.Completion;
import dev.tristate.application.callback.port.out.NotificationLog.Entry;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.Workload;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.TransitionOutcome.AnomalyReason;
import dev.tristate.domain.payment.TransitionOutcome;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

class CallbackPathStoresTest extends PersistenceIntegrationTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00.000001Z");
    private static final LocalDateTime NOW_UTC = LocalDateTime.of(2026, 11, 30, 10, 0, 0, 1_000);

    @Autowired NotificationLog log;
    @Autowired OutboxStore outbox;
    @Autowired ReviewCases reviews;
    @Autowired ChannelCredentialStore credentials;
    @Autowired TenantRepository tenants;
    @Autowired PaymentRepository payments;
    @Autowired Transactions transactions;
    @Autowired WorkloadRoutingDataSource dataSource;
    @Autowired JdbcTemplate jdbc;

    private TenantId newTenant() {
        String s = UUID.randomUUID().toString().substring(0, 18);
        TenantId id = new TenantId("t-" + s);
        tenants.insert(new Tenant(id, "Shop", new MerchantId("m-" + s), NOW));
        return id;
    }

    private static Entry entry(TenantId tenant, String notifyId, byte[] body) {
        return new Entry("sandbox", "CALLBACK", tenant, notifyId, "pay_x", "T-1", "SUCCESS", 1999L, "CNY", "trace-1",
                SignatureResult.VALID, NotificationOutcome.IN_PROGRESS, null, null, "content-type: application/json\n",
                body, NOW, null);
    }

    @Test
    void aReSentNotificationIsADuplicateByTheUniqueKeyAndItsRawBytesAreKept() {
        TenantId tenant = newTenant();
        byte[] notUtf8 = {'{', (byte) 0xC3, (byte) 0x28, '}'};
        long id = log.recordFirstArrival(entry(tenant, "n-1", notUtf8));
        Map<String, Object> first = jdbc.queryForMap("SELECT * FROM channel_notifications WHERE id = ?", id);
        assertThat(jdbc.queryForObject("SELECT received_at FROM channel_notifications WHERE id = ?",
                LocalDateTime.class, id)).as("microseconds kept").isEqualTo(NOW_UTC);
        assertThat(first.get("DEDUP_KEY")).isEqualTo("sandbox|" + tenant.value() + "|n-1");
        assertThat(((Number) first.get("REPORTED_AMOUNT_MINOR")).longValue()).isEqualTo(1999L);
        assertThat(first.get("OUTCOME")).isEqualTo("IN_PROGRESS");
        assertThat(first).containsEntry("DUPLICATE_OF", null).containsEntry("ANSWER_STATUS", null)
                .containsEntry("HANDLING_MICROS", null).containsEntry("STATUS_BEFORE", null);

        assertThatThrownBy(() -> log.recordFirstArrival(entry(tenant, "n-1", notUtf8)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(log.findFirstArrival("sandbox", tenant, "n-1")).map(NotificationLog.FirstArrival::id).contains(id);
        assertThat(log.findFirstArrival("sandbox", newTenant(), "n-1")).as("another tenant's notify id").isEmpty();
        long duplicate = log.record(entry(tenant, "n-1", notUtf8));
        assertThat(duplicate).isNotEqualTo(id);

        log.complete(id, new Completion(NotificationOutcome.APPLIED, PaymentStatus.PENDING, PaymentStatus.SUCCEEDED,
                null, 200, "{\"code\":\"SUCCESS\"}", 1234));
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM channel_notifications WHERE id = ?", id);
        assertThat(row.get("OUTCOME")).isEqualTo("APPLIED");
        assertThat(row.get("STATUS_AFTER")).isEqualTo("SUCCEEDED");
        assertThat(((Number) row.get("ANSWER_STATUS")).intValue()).isEqualTo(200);
        assertThat(((Number) row.get("HANDLING_MICROS")).longValue()).isEqualTo(1234L);
        assertThat(row).containsEntry("REASON", null).containsEntry("ANSWER_BODY", "{\"code\":\"SUCCESS\"}");
        assertThat(jdbc.queryForObject("SELECT raw_body FROM channel_notifications WHERE id = ?", byte[].class, id))
                .isEqualTo(notUtf8);
    }

    @Test
    void anEventIsInTheOutboxOnceWithItsStableIdAndPayload() {
        TenantId tenant = newTenant();
        Payment pending = Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")),
                tenant, new MerchantOrderId("o-1"), Money.of(1999, "CNY"), "sandbox", "u-42", "course:java-101", "",
                NOW);
        TransitionOutcome.Applied applied = (TransitionOutcome.Applied) pending.apply(new ChannelReport(
                ChannelTradeStatus.SUCCESS, Money.of(1999, "CNY"), new ChannelTxnId("T-" + UUID.randomUUID()), NOW),
                NOW);

        outbox.append(applied.events(), NOW);

        assertThatThrownBy(() -> outbox.append(applied.events(), NOW))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM outbox_events WHERE aggregate_id = ?",
                pending.id().value());
        assertThat(row.get("EVENT_ID")).isEqualTo(applied.events().get(0).eventId().toString());
        assertThat(row.get("STATUS")).isEqualTo("PENDING");
        assertThat(row.get("EVENT_KEY")).isEqualTo("PaymentSucceeded|" + pending.id().value() + "|");
        assertThat(((Number) row.get("ATTEMPTS")).intValue()).isZero();
        assertThat(jdbc.queryForList("SELECT created_at FROM outbox_events WHERE aggregate_id = ?"
                + " UNION ALL SELECT next_attempt_at FROM outbox_events WHERE aggregate_id = ?", LocalDateTime.class,
                pending.id().value(), pending.id().value())).as("microseconds kept").containsExactly(NOW_UTC, NOW_UTC);
        assertThat((String) row.get("PAYLOAD")).contains("\"event_type\":\"PaymentSucceeded\"")
                .contains("\"amount_minor\":1999").contains("\"amount_currency\":\"CNY\"")
                .contains("\"sku\":\"course:java-101\"");
    }

    @Test
    void theCallbackStatementsRunOnTheUnitOfWorksConnectionAndRollBackWithIt() {
        TenantId tenant = newTenant();
        Payment pending = aPendingPayment(tenant);
        payments.insert(pending);
        Payment paid = paid(pending);
        RuntimeException failure = new IllegalStateException("after the writes");
        int[] activeConnections = new int[2];

        assertThatThrownBy(() -> transactions.inTransaction(Workload.CALLBACK, () -> {
            long id = log.recordFirstArrival(entry(tenant, "n-tx", new byte[0]));
            assertThat(payments.findById(tenant, pending.id())).isPresent();
            assertThat(payments.update(pending, paid)).isTrue();
            outbox.append(((TransitionOutcome.Applied) pending.apply(report(pending), NOW)).events(), NOW);
            log.complete(id, new Completion(NotificationOutcome.APPLIED, PaymentStatus.PENDING,
                    PaymentStatus.SUCCEEDED, null, 200, "{}", 1));
            activeConnections[0] = dataSource.pool(Workload.CALLBACK).getHikariPoolMXBean().getActiveConnections();
            activeConnections[1] = dataSource.pool(Workload.GENERAL).getHikariPoolMXBean().getActiveConnections();
            throw failure;
        })).isSameAs(failure);

        assertThat(activeConnections).as("the transaction's one connection, of the callback pool").containsExactly(1, 0);
        assertThat(log.findFirstArrival("sandbox", tenant, "n-tx")).isEmpty();
        assertThat(payments.findById(tenant, pending.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM outbox_events WHERE aggregate_id = ?", Integer.class,
                pending.id().value())).isZero();
    }

    @Test
    void aMyBatisReadAfterAPlainJdbcWriteInTheSameTransactionSeesTheWrite() {
        TenantId tenant = newTenant();
        Payment pending = aPendingPayment(tenant);
        payments.insert(pending);
        Payment paid = paid(pending);

        PaymentStatus reread = transactions.inTransaction(() -> {
            assertThat(payments.lockById(tenant, pending.id()).orElseThrow().status()).isEqualTo(PaymentStatus.PENDING);
            assertThat(payments.update(pending, paid)).isTrue();
            // MyBatis' session cache holds the first lockById's row unless the write cleared it, as a MyBatis write does.
            return payments.lockById(tenant, pending.id()).orElseThrow().status();
        });

        assertThat(reread).isEqualTo(PaymentStatus.SUCCEEDED);
    }

    private static Payment aPendingPayment(TenantId tenant) {
        return Payment.initiate(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")), tenant,
                new MerchantOrderId("o-1"), Money.of(1999, "CNY"), "sandbox", "u-42", "course:java-101", "", NOW);
    }

    private static ChannelReport report(Payment pending) {
        return new ChannelReport(ChannelTradeStatus.SUCCESS, pending.amount(),
                new ChannelTxnId("T-" + UUID.randomUUID()), NOW);
    }

    private static Payment paid(Payment pending) {
        return ((TransitionOutcome.Applied) pending.apply(report(pending), NOW)).after();
    }

    @Test
    void aReviewCaseIsOpenedOncePerNotification() {
        TenantId tenant = newTenant();
        long notification = log.record(entry(tenant, "n-r", new byte[0]));
        ReviewCases.NewCase newCase = new ReviewCases.NewCase(tenant, new PaymentId("pay_x"), notification,
                AnomalyReason.AMOUNT_MISMATCH, "channel reported 0.01 CNY", NOW);

        reviews.open(newCase);
        reviews.open(newCase);

        assertThatThrownBy(() -> reviews.open(new ReviewCases.NewCase(tenant, new PaymentId("pay_x"), notification,
                AnomalyReason.CURRENCY_MISMATCH, "the same notification, another mismatch", NOW)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(jdbc.queryForList("SELECT status FROM review_cases WHERE tenant_id = ?", String.class,
                tenant.value())).containsExactly("OPEN");
    }

    @Test
    void aChannelAccountBelongsToOneTenant() {
        TenantId tenant = newTenant();
        String account = "acct-" + UUID.randomUUID();
        credentials.bindAccount(tenant, "alipay", account, NOW);

        assertThat(credentials.tenantForAccount("alipay", account)).contains(tenant);
        assertThat(credentials.tenantForAccount("stripe", account)).isEmpty();
        assertThat(credentials.accountOf(tenant, "alipay")).contains(account);
        assertThat(credentials.accounts("alipay")).contains(
                new ChannelCredentialStore.ChannelAccount(tenant, "alipay", account));
        assertThatThrownBy(() -> credentials.bindAccount(newTenant(), "alipay", account, NOW))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void callbackWorkDrawsOnItsOwnConnectionPool() {
        int callbackActive = transactions.inTransaction(Workload.CALLBACK, () -> {
            jdbc.queryForObject("SELECT 1", Integer.class);
            return dataSource.pool(Workload.CALLBACK).getHikariPoolMXBean().getActiveConnections();
        });
        int generalActiveDuringCallbackWork = transactions.inTransaction(Workload.CALLBACK, () -> {
            jdbc.queryForObject("SELECT 1", Integer.class);
            return dataSource.pool(Workload.GENERAL).getHikariPoolMXBean().getActiveConnections();
        });
        int generalActive = transactions.inTransaction(Workload.GENERAL, () -> {
            jdbc.queryForObject("SELECT 1", Integer.class);
            return dataSource.pool(Workload.GENERAL).getHikariPoolMXBean().getActiveConnections();
        });

        assertThat(callbackActive).isEqualTo(1);
        assertThat(generalActiveDuringCallbackWork).isZero();
        assertThat(generalActive).isEqualTo(1);
    }

    @Test
    void onlyTheGeneralPoolHandsOutConnectionsInAutocommit() throws Exception {
        try (Connection callback = dataSource.pool(Workload.CALLBACK).getConnection();
             Connection general = dataSource.pool(Workload.GENERAL).getConnection()) {
            assertThat(callback.getAutoCommit()).isFalse();
            assertThat(general.getAutoCommit()).isTrue();
        }
    }

    @Test
    void onMySqlCallbackTransactionsSendNoAutocommitSwitches() {
        org.junit.jupiter.api.Assumptions.assumeTrue(dataSource.pool(Workload.GENERAL).getJdbcUrl()
                .startsWith("jdbc:mysql:"), "the server's session counters");
        // Hikari hands a thread back the connection it last returned, so consecutive transactions share one session
        // and its counter of SET statements; a switch to autocommit and back between them would count two.
        long[] previous = sessionConnectionAndSetStatements();
        for (int attempt = 0; attempt < 10; attempt++) {
            long[] now = sessionConnectionAndSetStatements();
            if (now[0] == previous[0]) {
                assertThat(now[1]).as("SET statements between two callback transactions").isEqualTo(previous[1]);
                return;
            }
            previous = now;
        }
        throw new AssertionError("no two consecutive callback transactions shared a connection");
    }

    private long[] sessionConnectionAndSetStatements() {
        return transactions.inTransaction(Workload.CALLBACK, () -> new long[] {
                jdbc.queryForObject("SELECT CONNECTION_ID()", Long.class),
                jdbc.queryForObject("SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS"
                        + " WHERE VARIABLE_NAME = 'COM_SET_OPTION'", Long.class)});
    }

    @Test
    void onMySqlBothPoolsCacheTheParseOfPreparedStatements() {
        org.junit.jupiter.api.Assumptions.assumeTrue(dataSource.pool(Workload.GENERAL).getJdbcUrl()
                .startsWith("jdbc:mysql:"), "Connector/J only");
        for (Workload workload : Workload.values()) {
            assertThat(dataSource.pool(workload).getDataSourceProperties()).as(workload.name())
                    .containsEntry("cachePrepStmts", "true").containsEntry("prepStmtCacheSqlLimit", "4096");
        }
    }
}
