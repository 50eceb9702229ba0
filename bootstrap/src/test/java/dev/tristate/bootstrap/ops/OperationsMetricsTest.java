package dev.tristate.bootstrap.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewDiscrepancy;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.NewRun;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords.RepairSettlement;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ResolutionCases.Completion;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.bootstrap.TristateApplication;
import dev.tristate.domain.outbox.LeaseToken;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.reconciliation.RepairStatus;
import dev.tristate.domain.resolution.ResolutionStatus;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.testing.IntegrationEnvironment;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The operations meters as Prometheus scrapes them: callbacks by channel and answer, and the database gauges. */
@SpringBootTest(classes = TristateApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"tristate.security.master-key=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
                "tristate.management.scrape-token=" + OperationsMetricsTest.TOKEN,
                // Every scrape reads the database, so that what a test just did shows at once.
                "tristate.metrics.database-gauges.max-age=0s"})
@ActiveProfiles("prod")
class OperationsMetricsTest {

    static final String TOKEN = "scrape-token-for-the-operations-metrics-test";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void services(DynamicPropertyRegistry registry) {
        IntegrationEnvironment.register(registry);
    }

    @LocalServerPort
    int port;
    @Autowired
    ResolutionCases cases;
    @Autowired
    Transactions transactions;
    @Autowired
    ReconciliationRecords reconciliation;

    private String scrape() throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/actuator/prometheus"))
                .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    private static double value(String scrape, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(scrape);
        assertThat(m.find()).as(series + " in\n" + scrape).isTrue();
        return Double.parseDouble(m.group(1));
    }

    private int post(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode();
    }

    @Test
    void callbacksAreTimedByChannelAndAnswerAndAnInventedChannelIsOther() throws Exception {
        int sandbox = post("/callbacks/sandbox");
        int invented = post("/callbacks/made-up-" + UUID.randomUUID());

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            String scrape = scrape();
            assertThat(value(scrape, "tristate_callbacks_seconds_count{channel=\"sandbox\",outcome=\""
                    + (sandbox >= 500 ? "SERVER_ERROR" : "CLIENT_ERROR") + "\",status=\"" + sandbox + "\"}"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(value(scrape, "tristate_callbacks_seconds_count{channel=\"other\",outcome=\"CLIENT_ERROR\","
                    + "status=\"" + invented + "\"}")).isGreaterThanOrEqualTo(1);
            assertThat(scrape).contains("tristate_callbacks_seconds_bucket{channel=\"sandbox\"");
            assertThat(scrape).doesNotContain("made-up-");
        });
    }

    @Test
    void aFlaggedCaseAndAnOldOpenOneShowInTheResolverGauges() throws Exception {
        String before = scrape();
        double flaggedBefore = value(before, "tristate_resolver_cases{status=\"FLAGGED\"}");
        TenantId tenant = new TenantId("ops-metrics");
        PaymentId flagged = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
        PaymentId open = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
        String channel = "ops" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Instant now = Instant.now();
        transactions.inTransaction(() -> cases.open(tenant, flagged, channel, "CALLBACK_COMMIT", now));
        // Opened two hours ago, on a channel no resolver serves: it stays OPEN while the test looks.
        transactions.inTransaction(() -> cases.open(tenant, open, channel, "CALLBACK_COMMIT",
                now.minus(Duration.ofHours(2))));
        LeaseToken lease = new LeaseToken(UUID.randomUUID());
        transactions.inTransaction(() -> cases.claim(List.of(channel), 10, lease, now, now.plusSeconds(60)));
        transactions.inTransaction(() -> cases.complete(flagged, lease,
                new Completion(ResolutionStatus.FLAGGED, 7, null, "schedule used up", now)));

        String after = scrape();

        assertThat(value(after, "tristate_resolver_cases{status=\"FLAGGED\"}")).isEqualTo(flaggedBefore + 1);
        assertThat(value(after, "tristate_resolver_oldest_open_age_seconds")).isGreaterThanOrEqualTo(7200);
        assertThat(after).contains("tristate_payments_unresolved{status=\"UNKNOWN\"}")
                .contains("tristate_tasks_oldest_due_age_seconds").contains("tristate_consumer_quarantined")
                .contains("tristate_review_cases_open").contains("tristate_console_sign_in_failures_total");
        assertThat(value(after, "tristate_instance_profile{profile=\"prod\"}")).isEqualTo(1);
        assertThat(after).contains("tristate_consumer_lag_seconds_count{consumer=\"entitlements\"}")
                .contains("tristate_consumer_oldest_unacked_age_seconds{consumer=\"entitlements\"}")
                .contains("tristate_consumer_in_flight{consumer=\"entitlements\"}")
                .contains("tristate_consumer_retries_total{consumer=\"entitlements\"}")
                .contains("tristate_outbox_batch_size_events_count");
        assertThat(value(after, "tristate_durability_verdict{verdict=\"DURABLE\"}")
                + value(after, "tristate_durability_verdict{verdict=\"AT_RISK\"}")
                + value(after, "tristate_durability_verdict{verdict=\"UNKNOWN\"}")).as("one verdict").isEqualTo(1);
    }

    @Test
    void anOpenDiscrepancyCountsByClassWithItsAgeUntilItsRepairIsApplied() throws Exception {
        String open = "tristate_reconciliation_discrepancies_open{class=\"AMOUNT_OR_CURRENCY_MISMATCH\"}";
        String oldest = "tristate_reconciliation_discrepancies_oldest_open_age_seconds"
                + "{class=\"AMOUNT_OR_CURRENCY_MISMATCH\"}";
        double before = value(scrape(), open);
        Instant found = Instant.now().minus(Duration.ofDays(2));
        LocalDate day = LocalDate.ofInstant(found, ZoneOffset.UTC);
        TenantId tenant = new TenantId("ops-metrics");
        long id = transactions.inTransaction(() -> {
            long run = reconciliation.startRun(new NewRun(tenant, "sandbox", day, "TEST", null, null, "test", found));
            return reconciliation.recordDiscrepancy(new NewDiscrepancy(tenant, "sandbox", day,
                    DiscrepancyClass.AMOUNT_OR_CURRENCY_MISMATCH, "trade-" + UUID.randomUUID(), null, null, "PAID",
                    "amounts differ", run, found)).discrepancy().id();
        });

        String withIt = scrape();
        assertThat(value(withIt, open)).isEqualTo(before + 1);
        assertThat(value(withIt, oldest)).isGreaterThanOrEqualTo(Duration.ofDays(2).toSeconds());
        assertThat(withIt).contains("tristate_reconciliation_discrepancies_open{class=\"REFUND_MISMATCH\"}");

        transactions.inTransaction(() -> reconciliation.settleRepair(id, RepairStatus.PENDING,
                new RepairSettlement(RepairStatus.APPLIED, "applied by the test", "test", "test", Instant.now())));

        assertThat(value(scrape(), open)).isEqualTo(before);
    }

    /** Every metric the Grafana dashboard queries is one the application exports under that name. */
    @Test
    void everyMetricTheDashboardUsesIsInTheScrape() throws Exception {
        post("/callbacks/sandbox");
        tools.jackson.databind.JsonNode dashboard = tools.jackson.databind.json.JsonMapper.builder().build()
                .readTree(java.nio.file.Files.readString(PrometheusTools.RULES.resolve("grafana-dashboard.json")));
        java.util.Set<String> used = new java.util.TreeSet<>();
        Pattern name = Pattern.compile("\\b(?:tristate|hikaricp)_[a-z_]+");
        for (tools.jackson.databind.JsonNode panel : dashboard.get("panels")) {
            for (tools.jackson.databind.JsonNode target : panel.path("targets")) {
                Matcher m = name.matcher(target.get("expr").stringValue());
                while (m.find()) {
                    used.add(m.group());
                }
            }
        }
        assertThat(used).as("the dashboard's metrics").hasSizeGreaterThan(25);
        // Counted once a resolver round has had an answer: a counter per answer, registered with its first one.
        used.remove("tristate_resolver_queries_total");

        String scrape = scrape();
        assertThat(used).allSatisfy(metric -> assertThat(scrape).as(metric)
                .containsPattern("(?m)^" + Pattern.quote(metric) + "[{ ]"));
    }
}
