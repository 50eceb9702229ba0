package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.ConsoleDashboardQuery;
import dev.tristate.application.console.port.in.DashboardChartsQuery;
import dev.tristate.application.console.port.in.RecentSignInLockoutsQuery;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.outbox.port.in.OutboxBacklogQuery;
import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.tenant.port.in.UnusableCredentialsQuery;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
class DashboardController {

    private final ConsoleDashboardQuery dashboard;
    private final ObjectProvider<ReconciliationQuery> reconciliation;
    private final ObjectProvider<WorkQuarantineQuery> work;
    private final RecentSignInLockoutsQuery lockouts;
    private final ObjectProvider<UnusableCredentialsQuery> unusableCredentials;
    private final DashboardChartsQuery charts;
    private final OutboxBacklogQuery backlog;

    /** The dashboard's sign-in lockouts: of the last day, the newest few (the audit log has them all). */
    static final Duration RECENT_LOCKOUTS = Duration.ofHours(24);
    static final int LOCKOUTS_SHOWN = 10;

    DashboardController(ConsoleDashboardQuery dashboard, ObjectProvider<ReconciliationQuery> reconciliation,
                        ObjectProvider<WorkQuarantineQuery> work, RecentSignInLockoutsQuery lockouts,
                        ObjectProvider<UnusableCredentialsQuery> unusableCredentials, DashboardChartsQuery charts,
                        OutboxBacklogQuery backlog) {
        this.dashboard = dashboard;
        this.reconciliation = reconciliation;
        this.work = work;
        this.lockouts = lockouts;
        this.unusableCredentials = unusableCredentials;
        this.charts = charts;
        this.backlog = backlog;
    }

    /** {@code locked}: the seconds to wait, as {@link SignInGate} says them; anything else reads as a short while. */
    @GetMapping("/admin/login")
    String login(@RequestParam(required = false) String locked, HttpServletRequest request, Model model) {
        model.addAttribute("waitSeconds", locked != null && locked.matches("[0-9]{1,6}") ? locked : "60");
        model.addAttribute("username", SignInGate.takeRememberedUsername(request));
        return "admin/login";
    }

    @GetMapping({"/admin", "/admin/"})
    String dashboard(Model model) {
        model.addAttribute("dashboard", dashboard.dashboard());
        model.addAttribute("charts", charts.dashboardCharts());
        model.addAttribute("backlogHistory", backlog.history());
        model.addAttribute("signInLockouts", lockouts.recentLockouts(RECENT_LOCKOUTS, LOCKOUTS_SHOWN));
        ReconciliationQuery runs = reconciliation.getIfAvailable();
        model.addAttribute("lastRun", runs == null ? null : runs.lastRunSummary(null).orElse(null));
        WorkQuarantineQuery quarantined = work.getIfAvailable();
        model.addAttribute("quarantinedDeliveries", quarantined == null ? null
                : quarantined.countQuarantinedDeliveries());
        model.addAttribute("quarantinedTasks", quarantined == null ? null : quarantined.countQuarantinedTasks());
        UnusableCredentialsQuery unusable = unusableCredentials.getIfAvailable();
        model.addAttribute("unusableCredentials", unusable == null ? List.of() : unusable.unusableCredentials());
        return "admin/dashboard";
    }

    /** Where Spring Security forwards a request the role does not allow. */
    @RequestMapping("/admin/denied")
    String denied(jakarta.servlet.http.HttpServletResponse response) {
        response.setStatus(jakarta.servlet.http.HttpServletResponse.SC_FORBIDDEN);
        return "admin/denied";
    }
}
