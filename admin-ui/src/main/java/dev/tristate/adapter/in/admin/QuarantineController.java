package dev.tristate.adapter.in.admin;

import dev.tristate.application.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.port.in.DiscardQuarantinedMessageUseCase.DiscardCommand;
import dev.tristate.application.port.in.NotFoundInConsole;
import dev.tristate.application.port.in.QuarantineQuery;
import dev.tristate.application.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.port.in.ReplayQuarantinedMessageUseCase.ReplayCommand;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.tenant.TenantId;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

@Controller
class QuarantineController {

    private final QuarantineQuery quarantine;
    private final ReplayQuarantinedMessageUseCase replay;
    private final DiscardQuarantinedMessageUseCase discard;

    QuarantineController(QuarantineQuery quarantine, ReplayQuarantinedMessageUseCase replay,
                         DiscardQuarantinedMessageUseCase discard) {
        this.quarantine = quarantine;
        this.replay = replay;
        this.discard = discard;
    }

    @GetMapping("/admin/quarantine")
    String list(@RequestParam(required = false) String tenant, @RequestParam(required = false) String eventType,
                @RequestParam(defaultValue = "0") int page, Model model) {
        model.addAttribute("events", quarantine.quarantinedEvents(
                tenant == null || tenant.isBlank() ? null : new TenantId(tenant.strip()), eventType,
                ConsoleModel.page(page)));
        return "admin/quarantine";
    }

    @GetMapping("/admin/quarantine/{eventId}")
    String event(@PathVariable String eventId, Model model) {
        model.addAttribute("event", quarantine.outboxEvent(EventId.of(eventId))
                .orElseThrow(() -> new NotFoundInConsole("no outbox event " + eventId)));
        return "admin/quarantine-event";
    }

    @PostMapping("/admin/quarantine/{eventId}/replay")
    String replay(@PathVariable String eventId, @RequestParam String reason, @RequestParam String actionKey,
                  Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, replay.replay(new ReplayCommand(EventId.of(eventId), new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey))));
        redirect.addAttribute("eventId", eventId);
        return "redirect:/admin/quarantine/{eventId}";
    }

    @PostMapping("/admin/quarantine/{eventId}/discard")
    String discard(@PathVariable String eventId, @RequestParam String reason, @RequestParam String actionKey,
                   Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, discard.discard(new DiscardCommand(EventId.of(eventId), new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey))));
        redirect.addAttribute("eventId", eventId);
        return "redirect:/admin/quarantine/{eventId}";
    }

    /** The confirmation: how many events a bulk replay would send again. */
    @GetMapping("/admin/quarantine/replay-all")
    String confirmReplayAll(Model model) {
        long count = quarantine.countQuarantined();
        model.addAttribute("count", Math.min(count, BulkReplayCommand.MAX));
        model.addAttribute("total", count);
        return "admin/quarantine-replay-all";
    }

    @PostMapping("/admin/quarantine/replay-all")
    String replayAll(@RequestParam int confirmedCount, @RequestParam String reason, @RequestParam String actionKey,
                     Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, replay.replayAll(new BulkReplayCommand(confirmedCount, new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey))));
        return "redirect:/admin/quarantine";
    }
}
