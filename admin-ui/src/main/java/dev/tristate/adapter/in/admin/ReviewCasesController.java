package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.AuditLogQuery;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase.DecideReviewCaseCommand;
import dev.tristate.application.resolution.port.in.DecideReviewCaseUseCase;
import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.console.ReviewDecision;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

@Controller
class ReviewCasesController {

    private final ReviewCasesQuery cases;
    private final DecideReviewCaseUseCase decide;
    private final AuditLogQuery audit;

    ReviewCasesController(ReviewCasesQuery cases, DecideReviewCaseUseCase decide, AuditLogQuery audit) {
        this.cases = cases;
        this.decide = decide;
        this.audit = audit;
    }

    @GetMapping("/admin/review-cases")
    String list(@RequestParam(defaultValue = "false") boolean all, @RequestParam(defaultValue = "0") int page,
                Model model) {
        model.addAttribute("cases", cases.reviewCases(!all, ConsoleModel.page(page)));
        model.addAttribute("all", all);
        return "admin/review-cases";
    }

    @GetMapping("/admin/review-cases/{id}")
    String reviewCase(@PathVariable long id, Model model) {
        model.addAttribute("reviewCase", cases.reviewCase(id)
                .orElseThrow(() -> new NotFoundInConsole("no review case " + id)));
        // What a "refund at the channel" decision did: the refund it made (its id and status) or why it made none.
        model.addAttribute("caseRefund", audit.auditLog(null, DecideReviewCaseUseCase.REFUND_ACTION,
                Long.toString(id), ConsoleModel.page(0)).items().stream()
                .filter(e -> e.subjectType().equals(DecideReviewCaseUseCase.SUBJECT)).findFirst().orElse(null));
        return "admin/review-case";
    }

    /**
     * Decides with the decision chosen. The form chooses none for the person (a reason and Enter must not decide by
     * default), so a form sent without one comes back with its reason kept and says to choose.
     */
    @PostMapping("/admin/review-cases/{id}/decide")
    String decide(@PathVariable long id, @RequestParam(required = false) ReviewDecision decision,
                  @RequestParam String reason, @RequestParam String actionKey, Authentication authentication,
                  Model model, HttpServletResponse response, RedirectAttributes redirect) {
        Operator operator = ConsoleModel.operatorOf(authentication);
        if (decision == null) {
            if (!operator.mayRepair()) {
                throw new NotPermitted(operator.username() + " may not decide review cases");
            }
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("decisionMissing", true);
            model.addAttribute("typedReason", reason);
            return reviewCase(id, model);
        }
        DecideReviewCaseCommand command = ConsoleInput.read(() -> new DecideReviewCaseCommand(id, decision,
                new Reason(reason), operator, ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, decide.decide(command));
        redirect.addAttribute("id", id);
        return "redirect:/admin/review-cases/{id}";
    }
}
