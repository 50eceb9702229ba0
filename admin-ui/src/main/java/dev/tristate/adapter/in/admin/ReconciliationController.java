package dev.tristate.adapter.in.admin;

import dev.tristate.application.reconciliation.port.in.ReconciliationQuery;
import dev.tristate.application.reconciliation.port.in.ReconciliationRunView;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase.RepairDiscrepancyAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.RepairDiscrepancyAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase.StartReconciliationAsOperatorCommand;
import dev.tristate.application.reconciliation.port.in.StartReconciliationAsOperatorUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase.StatementSource;
import dev.tristate.application.reconciliation.port.in.StatementRejected;
import dev.tristate.application.reconciliation.port.in.StatementUnavailable;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.tenant.port.in.TenantsQuery;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PageRequest;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.reconciliation.DiscrepancyClass;
import dev.tristate.domain.tenant.TenantId;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/** Reconciliation runs, a run's discrepancies by class with their repair button, and starting a run. */
@Controller
class ReconciliationController {

    private final ReconciliationQuery reconciliation;
    private final StartReconciliationAsOperatorUseCase runs;
    private final RepairDiscrepancyAsOperatorUseCase repairs;
    private final TenantsQuery tenants;

    ReconciliationController(ReconciliationQuery reconciliation, StartReconciliationAsOperatorUseCase runs,
                             RepairDiscrepancyAsOperatorUseCase repairs, TenantsQuery tenants) {
        this.reconciliation = reconciliation;
        this.runs = runs;
        this.repairs = repairs;
        this.tenants = tenants;
    }

    @GetMapping("/admin/reconciliation")
    String list(@RequestParam(required = false) String tenant, @RequestParam(defaultValue = "0") int page,
                Model model) {
        TenantId tenantId = ConsoleInput.optionalTenant(tenant);
        PageRequest request = ConsoleModel.page(page);
        // The query lists newest first up to a limit: one row past this page says whether there is a next one.
        int upTo = (int) Math.min(request.offset() + request.size() + 1, Integer.MAX_VALUE);
        List<ReconciliationRunView> upToHere = reconciliation.listRuns(tenantId, upTo);
        List<ReconciliationRunView> items = upToHere.stream().skip(request.offset()).limit(request.size()).toList();
        model.addAttribute("runs", new Page<>(items, request, upToHere.size()));
        model.addAttribute("tenant", tenant);
        // Pick lists rather than typed ids: a tenant id mistyped would start nothing or find no runs.
        model.addAttribute("tenants", tenants.tenants().stream().map(t -> t.id().value()).sorted().toList());
        if (!model.containsAttribute("day")) {
            // Statements are per UTC day; yesterday is the newest complete one.
            model.addAttribute("day", LocalDate.now(ZoneOffset.UTC).minusDays(1));
        }
        return "admin/reconciliation";
    }

    @GetMapping("/admin/reconciliation/{tenant}/{runId}")
    String run(@PathVariable String tenant, @PathVariable long runId,
               @RequestParam(required = false) DiscrepancyClass kind, Model model) {
        TenantId tenantId = ConsoleInput.read(() -> new TenantId(tenant));
        model.addAttribute("run", reconciliation.run(tenantId, runId)
                .orElseThrow(() -> new NotFoundInConsole("no reconciliation run " + runId + " of tenant " + tenant)));
        model.addAttribute("discrepancies", reconciliation.listDiscrepancies(tenantId, runId, kind));
        model.addAttribute("kind", kind);
        model.addAttribute("classes", DiscrepancyClass.values());
        return "admin/reconciliation-run";
    }

    /** Starts a run from the channel's statement or an uploaded file; a rejected file is shown with its problems. */
    @PostMapping("/admin/reconciliation/start")
    String start(@RequestParam String tenant, @RequestParam String channel, @RequestParam LocalDate day,
                 @RequestParam String source, @RequestParam(required = false) MultipartFile file,
                 @RequestParam String actionKey, Authentication authentication, Model model,
                 HttpServletResponse response, RedirectAttributes redirect) {
        TenantId tenantId = ConsoleInput.read(() -> new TenantId(tenant.strip()));
        StatementSource statement;
        if ("UPLOAD".equals(source)) {
            if (file == null || file.isEmpty()) {
                return refused(model, response, tenant, channel, day, List.of(), "reconciliation.noFile", null);
            }
            byte[] content = bytes(file);
            statement = ConsoleInput.read(() -> new StatementSource.Upload(file.getOriginalFilename(), content));
        } else {
            statement = new StatementSource.FetchFromChannel();
        }
        StartReconciliationAsOperatorCommand command = ConsoleInput.read(() -> new StartReconciliationAsOperatorCommand(
                tenantId, channel.strip(), day, statement, ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
        ActionResult result;
        try {
            result = runs.startReconciliationAsOperator(command);
        } catch (StatementRejected e) {
            return refused(model, response, tenant, channel, day, e.problems(), "reconciliation.rejected", null);
        } catch (StatementUnavailable e) {
            return refused(model, response, tenant, channel, day, List.of(), "reconciliation.unavailable",
                    e.getMessage());
        }
        ConsoleModel.flash(redirect, result);
        if (!result.entry().subjectType().equals("reconciliation-run")) {
            return "redirect:/admin/reconciliation";
        }
        redirect.addAttribute("tenant", tenantId.value());
        redirect.addAttribute("runId", result.entry().subjectId());
        return "redirect:/admin/reconciliation/{tenant}/{runId}";
    }

    @PostMapping("/admin/reconciliation/{tenant}/{runId}/discrepancies/{id}/repair")
    String repair(@PathVariable String tenant, @PathVariable long runId, @PathVariable long id,
                  @RequestParam String reason, @RequestParam String actionKey, Authentication authentication,
                  RedirectAttributes redirect) {
        RepairDiscrepancyAsOperatorCommand command = ConsoleInput.read(() -> new RepairDiscrepancyAsOperatorCommand(
                new TenantId(tenant), id, new Reason(reason), ConsoleModel.operatorOf(authentication),
                ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, repairs.repairDiscrepancyAsOperator(command));
        redirect.addAttribute("tenant", tenant);
        redirect.addAttribute("runId", runId);
        return "redirect:/admin/reconciliation/{tenant}/{runId}";
    }

    private String refused(Model model, HttpServletResponse response, String tenant, String channel, LocalDate day,
                           List<StatementRejected.Problem> problems, String message, String detail) {
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        model.addAttribute("startError", message);
        model.addAttribute("startErrorDetail", detail);
        model.addAttribute("problems", problems);
        model.addAttribute("channel", channel);
        model.addAttribute("startTenant", tenant);
        model.addAttribute("day", day);
        return list(null, 0, model);
    }

    private static byte[] bytes(MultipartFile file) {
        try {
            return file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("the uploaded file could not be read", e);
        }
    }
}
