package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.AuditLogQuery;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

@Controller
class AuditController {

    private final AuditLogQuery audit;

    AuditController(AuditLogQuery audit) {
        this.audit = audit;
    }

    @GetMapping("/admin/audit")
    String audit(@RequestParam(required = false) String operator, @RequestParam(required = false) String action,
                 @RequestParam(required = false) String subject, @RequestParam(defaultValue = "0") int page,
                 Model model) {
        model.addAttribute("entries", audit.auditLog(operator, action, subject, ConsoleModel.page(page)));
        return "admin/audit";
    }
}
