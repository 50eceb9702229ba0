package dev.tristate.adapter.in.admin;

import dev.tristate.application.port.in.ConsoleDashboardQuery;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;

@Controller
class DashboardController {

    private final ConsoleDashboardQuery dashboard;

    DashboardController(ConsoleDashboardQuery dashboard) {
        this.dashboard = dashboard;
    }

    @GetMapping("/admin/login")
    String login() {
        return "admin/login";
    }

    @GetMapping({"/admin", "/admin/"})
    String dashboard(Model model) {
        model.addAttribute("dashboard", dashboard.dashboard());
        return "admin/dashboard";
    }

    /** Where Spring Security forwards a request the role does not allow. */
    @RequestMapping("/admin/denied")
    String denied(jakarta.servlet.http.HttpServletResponse response) {
        response.setStatus(jakarta.servlet.http.HttpServletResponse.SC_FORBIDDEN);
        return "admin/denied";
    }
}
