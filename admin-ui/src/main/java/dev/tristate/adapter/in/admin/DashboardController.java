package dev.tristate.adapter.in.admin;

import dev.tristate.application.port.in.PaymentStatisticsQuery;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

@Controller
class DashboardController {

    private final PaymentStatisticsQuery statistics;

    DashboardController(PaymentStatisticsQuery statistics) {
        this.statistics = statistics;
    }

    @GetMapping("/admin/login")
    String login() {
        return "admin/login";
    }

    @GetMapping({"/admin", "/admin/"})
    String dashboard(Model model) {
        model.addAttribute("paymentsByStatus", statistics.paymentsByStatus());
        return "admin/dashboard";
    }
}
