package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.in.DashboardChartsQuery;
import dev.tristate.application.console.port.in.DashboardChartsQuery.AgeCount;
import dev.tristate.application.console.port.in.DashboardChartsQuery.DashboardCharts;
import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.outbox.port.out.BacklogSampleStore;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.notification.NotificationOutcome;
import dev.tristate.domain.outbox.BacklogSample;
import dev.tristate.domain.notification.SignatureResult;
import dev.tristate.domain.payment.Payment;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The dashboard's charts count in the database what the pages show (notifications per hour and outcome, the
 * resolver's unsettled cases by age), each chart with its table; uPlot is served by the application.
 */
class ConsoleChartsTest extends ConsoleTestBase {

    @Autowired
    NotificationLog notifications;
    @Autowired
    DashboardChartsQuery charts;
    @Autowired
    OutboxBacklogQuery backlog;
    @Autowired
    BacklogSampleStore samples;

    private void notification(Payment p, NotificationOutcome outcome, Instant at) {
        notifications.record(new NotificationLog.Entry("sandbox", "CALLBACK", p.tenantId(), null, p.id().value(),
                "T-" + UUID.randomUUID(), "SUCCESS", 1999L, "CNY", unique("trace-"), SignatureResult.VALID,
                outcome, null, null, "", "{}".getBytes(StandardCharsets.UTF_8), at, null));
    }

    private void resolverCase(Payment p, String status, Duration openFor) {
        LocalDateTime opened = LocalDateTime.ofInstant(Instant.now().minus(openFor), ZoneOffset.UTC);
        new JdbcTemplate(dataSource).update("""
                INSERT INTO payment_resolutions (payment_id, tenant_id, channel, status, reason, attempts,
                  next_attempt_at, opened_at, updated_at) VALUES (?, ?, 'sandbox', ?, 'STALE_PAYMENT', 0, ?, ?, ?)""",
                p.id().value(), p.tenantId().value(), status, opened, opened, opened);
    }

    private static long outcomeInLastHour(DashboardCharts c, NotificationOutcome outcome) {
        List<Long> counts = c.perOutcome().get(outcome.name());
        return counts == null ? 0 : counts.get(counts.size() - 1);
    }

    private static long cases(DashboardCharts c, String key) {
        return c.caseAges().stream().filter(a -> a.key().equals(key)).mapToLong(AgeCount::count).sum();
    }

    /**
     * The charts count by clock hour: two notifications a second apart, and the reads before and after them, fall in
     * one hour only away from its turn, so a test started in the last seconds of an hour waits for the next one.
     */
    private static void awayFromTheTurnOfAnHour() throws InterruptedException {
        Instant now = Instant.now();
        Instant hour = now.truncatedTo(ChronoUnit.HOURS);
        Instant next = hour.plus(Duration.ofHours(1));
        if (now.isBefore(hour.plusSeconds(2)) || now.isAfter(next.minusSeconds(10))) {
            Instant resume = now.isBefore(hour.plusSeconds(2)) ? hour.plusSeconds(2) : next.plusSeconds(2);
            Thread.sleep(Duration.between(now, resume).toMillis());
        }
    }

    @Test
    void notificationsPerHourAndUnsettledCasesByAgeAreCountedByTheDatabase() throws InterruptedException {
        awayFromTheTurnOfAnHour();
        DashboardCharts before = charts.dashboardCharts();
        Payment p = payment(tenant());
        notification(p, NotificationOutcome.DUPLICATE, Instant.now());
        notification(p, NotificationOutcome.DUPLICATE, Instant.now().minusSeconds(1));
        notification(p, NotificationOutcome.DUPLICATE, Instant.now().minus(Duration.ofDays(2)));
        resolverCase(p, "FLAGGED", Duration.ofHours(3));
        resolverCase(payment(p.tenantId()), "OPEN", Duration.ofDays(10));
        resolverCase(payment(p.tenantId()), "RESOLVED", Duration.ofHours(3));

        DashboardCharts after = charts.dashboardCharts();

        assertThat(after.hours()).hasSize(24);
        assertThat(outcomeInLastHour(after, NotificationOutcome.DUPLICATE))
                .isEqualTo(outcomeInLastHour(before, NotificationOutcome.DUPLICATE) + 2);
        assertThat(after.caseAges()).extracting(AgeCount::key)
                .containsExactly("underHour", "hours1to6", "hours6to24", "days1to7", "overWeek");
        assertThat(cases(after, "hours1to6")).as("open and flagged count, resolved do not")
                .isEqualTo(cases(before, "hours1to6") + 1);
        assertThat(cases(after, "overWeek")).isEqualTo(cases(before, "overWeek") + 1);
    }

    @Test
    void eachChartHasItsTableAndUplotIsServedByTheApplication() throws Exception {
        Payment p = payment(tenant());
        notification(p, NotificationOutcome.APPLIED, Instant.now());
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String english = support.get("/admin").body();
        String chinese = support.get("/admin?lang=zh-CN").body();
        support.get("/admin?lang=en");
        HttpResponse<String> uplot = support.get("/admin/assets/uplot/uPlot.iife.min.js");

        assertThat(english).contains("<table class=\"counts\" id=\"by-status-table\" data-chart=\"bars\">")
                .contains("<table class=\"counts\" id=\"notifications-table\" data-chart=\"hours\">")
                .contains("<table class=\"counts\" id=\"case-ages-table\" data-chart=\"bars\">")
                .contains("<th scope=\"col\" title=\"APPLIED\">APPLIED</th>")
                .contains("<script src=\"/admin/assets/uplot/uPlot.iife.min.js\" defer></script>");
        assertThat(chinese).contains("最近 24 小时的渠道通知").contains("结果未知案件（按已开时长）");
        assertThat(uplot.statusCode()).isEqualTo(200);
        assertThat(uplot.body()).contains("uPlot");
        assertThat(support.get("/admin/assets/uplot/uPlot.min.css").statusCode()).isEqualTo(200);
    }

    @Test
    void theOutboxBacklogOverTheLastDayIsChartedFromTheReadsOfTheMetricsSchedule() throws Exception {
        // The relay (and so its metrics schedule) is off in these tests: read the backlog as that schedule does.
        quarantinedEvent(payment(tenant()), "{}");
        long waiting = backlog.backlog().pending();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String english = support.get("/admin").body();
        String chinese = support.get("/admin?lang=zh-CN").body();
        support.get("/admin?lang=en");

        assertThat(backlog.history()).isNotEmpty();
        assertThat(english).contains("The outbox backlog over the last day")
                .contains("<table class=\"counts\" id=\"backlog-waiting-table\" data-chart=\"hours\">")
                .contains("<table class=\"counts\" id=\"backlog-age-table\" data-chart=\"hours\">")
                .contains("data-value=\"" + backlog.history().get(backlog.history().size() - 1).waiting() + "\"")
                .doesNotContain("id=\"no-backlog-history\"");
        assertThat(backlog.history().get(backlog.history().size() - 1).waiting()).isGreaterThanOrEqualTo(waiting);
        assertThat(chinese).contains("过去一天的发件箱积压").contains("最早等待（秒）");
    }

    @Test
    void theBacklogChartShowsTheStoredSamplesOfTheLastDayWhicheverInstanceWroteThem() throws Exception {
        // Written to the table as another instance, or this one before a restart, would have: not read here.
        Instant hourAgo = Instant.ofEpochSecond(Instant.now().minus(Duration.ofHours(1)).getEpochSecond() / 300 * 300);
        long shown = 7_000_000 + ThreadLocalRandom.current().nextLong(1_000_000);
        long tooOld = shown + 1_000_000;
        assertThat(samples.addIfAbsent(new BacklogSample(hourAgo, shown, 4321))).isTrue();
        assertThat(samples.addIfAbsent(new BacklogSample(hourAgo.minus(Duration.ofHours(30)), tooOld, 1)))
                .isTrue();
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin").body();

        assertThat(page).contains("data-value=\"" + shown + "\"").doesNotContain("data-value=\"" + tooOld + "\"")
                .doesNotContain("id=\"no-backlog-history\"");
    }

    @Test
    void zeroTilesAreQuietAndProblemTilesStandOut() throws Exception {
        Payment waiting = payment(tenant());
        reviewCase(waiting);
        pendingEvent(waiting);
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin").body();

        // Payments are pending (the tests' payments), a review case is open, an event waits: all stand out.
        assertThat(page).contains("<a class=\"tile alert\" href=\"/admin/unresolved\">")
                .contains("<a class=\"tile alert\" href=\"/admin/review-cases\">")
                .contains("<div class=\"tile alert\" id=\"outbox-backlog\">");
        // Whatever the other tests left: every tile is quiet or stands out, quiet exactly when its figure is zero
        // (or there is none yet).
        Matcher tiles = Pattern.compile("class=\"tile([^\"]*)\"[^>]*>\\s*<span class=\"figure\"[^>]*>([^<]*)<")
                .matcher(page);
        int seen = 0;
        while (tiles.find()) {
            seen++;
            boolean nothing = tiles.group(2).equals("0") || tiles.group(2).equals("—");
            assertThat(tiles.group(1)).as(tiles.group()).isEqualTo(nothing ? " quiet" : " alert");
        }
        assertThat(seen).isGreaterThanOrEqualTo(8);
    }
}
