package dev.tristate.adapter.in.admin;

import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase.DeliveryCommand;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase.TaskCommand;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase.DiscardCommand;
import dev.tristate.application.outbox.port.in.DiscardQuarantinedMessageUseCase;
import dev.tristate.application.outbox.port.in.QuarantineQuery;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.BulkReplayCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase.ReplayCommand;
import dev.tristate.application.outbox.port.in.ReplayQuarantinedMessageUseCase;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.domain.console.Reason;
import dev.tristate.domain.consumer.ConsumerDelivery;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.task.TaskKey;
import java.nio.charset.StandardCharsets;
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
    private final WorkQuarantineQuery work;
    private final ReleaseQuarantinedWorkUseCase release;

    /** How many consumer messages and tasks the quarantine page lists (the newest; the heading counts them all). */
    static final int WORK_SHOWN = 100;

    QuarantineController(QuarantineQuery quarantine, ReplayQuarantinedMessageUseCase replay,
                         DiscardQuarantinedMessageUseCase discard, WorkQuarantineQuery work,
                         ReleaseQuarantinedWorkUseCase release) {
        this.quarantine = quarantine;
        this.replay = replay;
        this.discard = discard;
        this.work = work;
        this.release = release;
    }

    @GetMapping("/admin/quarantine")
    String list(@RequestParam(required = false) String tenant, @RequestParam(required = false) String eventType,
                @RequestParam(defaultValue = "0") int page, Model model) {
        model.addAttribute("events", quarantine.quarantinedEvents(ConsoleInput.optionalTenant(tenant), eventType,
                ConsoleModel.page(page)));
        model.addAttribute("deliveries", work.quarantinedDeliveries(WORK_SHOWN));
        model.addAttribute("deliveryCount", work.countQuarantinedDeliveries());
        model.addAttribute("tasks", work.quarantinedTasks(WORK_SHOWN));
        model.addAttribute("taskCount", work.countQuarantinedTasks());
        model.addAttribute("shownLimit", WORK_SHOWN);
        // "Replay all" covers every tenant whatever the filter shows: with none quarantined its button is off.
        model.addAttribute("quarantinedTotal", quarantine.countQuarantined());
        return "admin/quarantine";
    }

    @GetMapping("/admin/quarantine/delivery")
    String delivery(@RequestParam String consumer, @RequestParam String key, Model model) {
        ConsumerDelivery d = work.delivery(consumer, key)
                .orElseThrow(() -> new NotFoundInConsole("no delivery " + key + " of consumer " + consumer));
        model.addAttribute("delivery", d);
        model.addAttribute("auditSubject", ReleaseQuarantinedWorkUseCase.auditSubject(d.deliveryKey()));
        // Shown as text (Thymeleaf escapes it); bytes that are not UTF-8 show as replacement characters.
        model.addAttribute("body", new String(d.message().body(), StandardCharsets.UTF_8));
        return "admin/quarantine-delivery";
    }

    @PostMapping("/admin/quarantine/delivery/replay")
    String replayDelivery(@RequestParam String consumer, @RequestParam String key, @RequestParam String reason,
                          @RequestParam String actionKey, Authentication authentication,
                          RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.replayDelivery(deliveryCommand(consumer, key, reason, actionKey,
                authentication)));
        return toDelivery(consumer, key, redirect);
    }

    @PostMapping("/admin/quarantine/delivery/discard")
    String discardDelivery(@RequestParam String consumer, @RequestParam String key, @RequestParam String reason,
                           @RequestParam String actionKey, Authentication authentication,
                           RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.discardDelivery(deliveryCommand(consumer, key, reason, actionKey,
                authentication)));
        return toDelivery(consumer, key, redirect);
    }

    @GetMapping("/admin/quarantine/task")
    String task(@RequestParam String key, Model model) {
        model.addAttribute("task", work.task(ConsoleInput.read(() -> new TaskKey(key)))
                .orElseThrow(() -> new NotFoundInConsole("no task " + key)));
        model.addAttribute("auditSubject", ReleaseQuarantinedWorkUseCase.auditSubject(key));
        return "admin/quarantine-task";
    }

    @PostMapping("/admin/quarantine/task/replay")
    String replayTask(@RequestParam String key, @RequestParam String reason, @RequestParam String actionKey,
                      Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.replayTask(taskCommand(key, reason, actionKey, authentication)));
        redirect.addAttribute("key", key);
        return "redirect:/admin/quarantine/task";
    }

    @PostMapping("/admin/quarantine/task/discard")
    String discardTask(@RequestParam String key, @RequestParam String reason, @RequestParam String actionKey,
                       Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.discardTask(taskCommand(key, reason, actionKey, authentication)));
        redirect.addAttribute("key", key);
        return "redirect:/admin/quarantine/task";
    }

    private static DeliveryCommand deliveryCommand(String consumer, String key, String reason, String actionKey,
                                                   Authentication authentication) {
        return ConsoleInput.read(() -> new DeliveryCommand(consumer, key, new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
    }

    private static TaskCommand taskCommand(String key, String reason, String actionKey,
                                           Authentication authentication) {
        return ConsoleInput.read(() -> new TaskCommand(new TaskKey(key), new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
    }

    private static String toDelivery(String consumer, String key, RedirectAttributes redirect) {
        redirect.addAttribute("consumer", consumer);
        redirect.addAttribute("key", key);
        return "redirect:/admin/quarantine/delivery";
    }

    @GetMapping("/admin/quarantine/{eventId}")
    String event(@PathVariable String eventId, Model model) {
        model.addAttribute("event", quarantine.outboxEvent(ConsoleInput.read(() -> EventId.of(eventId)))
                .orElseThrow(() -> new NotFoundInConsole("no outbox event " + eventId)));
        return "admin/quarantine-event";
    }

    @PostMapping("/admin/quarantine/{eventId}/replay")
    String replay(@PathVariable String eventId, @RequestParam String reason, @RequestParam String actionKey,
                  Authentication authentication, RedirectAttributes redirect) {
        ReplayCommand command = ConsoleInput.read(() -> new ReplayCommand(EventId.of(eventId), new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, replay.replay(command));
        redirect.addAttribute("eventId", eventId);
        return "redirect:/admin/quarantine/{eventId}";
    }

    @PostMapping("/admin/quarantine/{eventId}/discard")
    String discard(@PathVariable String eventId, @RequestParam String reason, @RequestParam String actionKey,
                   Authentication authentication, RedirectAttributes redirect) {
        DiscardCommand command = ConsoleInput.read(() -> new DiscardCommand(EventId.of(eventId), new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
        ConsoleModel.flash(redirect, discard.discard(command));
        redirect.addAttribute("eventId", eventId);
        return "redirect:/admin/quarantine/{eventId}";
    }

    /** The confirmation: how many events a bulk replay would send again. */
    @GetMapping("/admin/quarantine/replay-all")
    String confirmReplayAll(Model model) {
        return confirmBulk(model, quarantine.countQuarantined(), "/admin/quarantine/replay-all", "");
    }

    /** The confirmation: how many quarantined consumer messages a bulk replay would make due again. */
    @GetMapping("/admin/quarantine/delivery/replay-all")
    String confirmReplayAllDeliveries(Model model) {
        return confirmBulk(model, work.countQuarantinedDeliveries(), "/admin/quarantine/delivery/replay-all",
                "Deliveries");
    }

    /** The confirmation: how many quarantined tasks a bulk replay would make due again. */
    @GetMapping("/admin/quarantine/task/replay-all")
    String confirmReplayAllTasks(Model model) {
        return confirmBulk(model, work.countQuarantinedTasks(), "/admin/quarantine/task/replay-all", "Tasks");
    }

    /** One confirmation page for every bulk replay: the count it covers, the form that posts it (with a reason). */
    private static String confirmBulk(Model model, long total, String action, String what) {
        model.addAttribute("count", Math.min(total, BulkReplayCommand.MAX));
        model.addAttribute("total", total);
        model.addAttribute("bulkAction", action);
        model.addAttribute("confirmKey", "quarantine.confirm" + what);
        model.addAttribute("buttonKey", "quarantine.confirmButton" + what);
        return "admin/quarantine-replay-all";
    }

    @PostMapping("/admin/quarantine/delivery/replay-all")
    String replayAllDeliveries(@RequestParam int confirmedCount, @RequestParam String reason,
                               @RequestParam String actionKey, Authentication authentication,
                               RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.replayAllDeliveries(bulk(confirmedCount, reason, actionKey,
                authentication)));
        return "redirect:/admin/quarantine#consumer-messages";
    }

    @PostMapping("/admin/quarantine/task/replay-all")
    String replayAllTasks(@RequestParam int confirmedCount, @RequestParam String reason,
                          @RequestParam String actionKey, Authentication authentication,
                          RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, release.replayAllTasks(bulk(confirmedCount, reason, actionKey, authentication)));
        return "redirect:/admin/quarantine#tasks";
    }

    private static BulkReplayCommand bulk(int confirmedCount, String reason, String actionKey,
                                          Authentication authentication) {
        return ConsoleInput.read(() -> new BulkReplayCommand(confirmedCount, new Reason(reason),
                ConsoleModel.operatorOf(authentication), ConsoleModel.key(actionKey)));
    }

    @PostMapping("/admin/quarantine/replay-all")
    String replayAll(@RequestParam int confirmedCount, @RequestParam String reason, @RequestParam String actionKey,
                     Authentication authentication, RedirectAttributes redirect) {
        ConsoleModel.flash(redirect, replay.replayAll(bulk(confirmedCount, reason, actionKey, authentication)));
        return "redirect:/admin/quarantine";
    }
}
