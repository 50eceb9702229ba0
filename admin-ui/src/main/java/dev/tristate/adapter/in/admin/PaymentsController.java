package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.PaymentTimelineQuery;
import dev.tristate.application.console.port.in.SearchPaymentsQuery;
import dev.tristate.application.refund.port.in.OpenRefundsQuery;
import dev.tristate.application.resolution.port.in.AskChannelAsOperatorUseCase;
import dev.tristate.application.resolution.port.in.ReviewCasesQuery;
import dev.tristate.application.resolution.port.in.UnknownCaseView;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.domain.console.Page;
import dev.tristate.domain.console.PaymentCriteria;
import dev.tristate.domain.console.ReviewCase;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

@Controller
class PaymentsController {

    private final SearchPaymentsQuery search;
    private final PaymentTimelineQuery timeline;
    private final ObjectProvider<AskChannelAsOperatorUseCase> askChannel;
    private final ObjectProvider<UnknownCasesQuery> unknownCases;
    private final OpenRefundsQuery openRefunds;
    private final ReviewCasesQuery reviewCases;

    PaymentsController(SearchPaymentsQuery search, PaymentTimelineQuery timeline,
                       ObjectProvider<AskChannelAsOperatorUseCase> askChannel,
                       ObjectProvider<UnknownCasesQuery> unknownCases,
                       OpenRefundsQuery openRefunds, ReviewCasesQuery reviewCases) {
        this.search = search;
        this.timeline = timeline;
        this.askChannel = askChannel;
        this.unknownCases = unknownCases;
        this.openRefunds = openRefunds;
        this.reviewCases = reviewCases;
    }

    /** How many open refunds the unresolved page lists (oldest first); the dashboard counts them all. */
    static final int OPEN_REFUNDS_SHOWN = 50;

    @GetMapping("/admin/payments")
    String payments(@RequestParam(required = false) String tenant, @RequestParam(required = false) String paymentId,
                    @RequestParam(required = false) String merchantOrderId,
                    @RequestParam(required = false) String channelTxnId,
                    @RequestParam(required = false) PaymentStatus status,
                    @RequestParam(required = false) LocalDate from, @RequestParam(required = false) LocalDate to,
                    @RequestParam(defaultValue = "0") int page, Model model, RedirectAttributes redirect) {
        TenantId tenantId = ConsoleInput.optionalTenant(tenant);
        PaymentCriteria criteria = ConsoleInput.read(() -> new PaymentCriteria(tenantId, paymentId, merchantOrderId,
                channelTxnId, status == null ? List.of() : List.of(status), startOf(from),
                to == null ? null : startOf(to.plusDays(1)), false));
        Page<Payment> found = search.searchPayments(criteria, ConsoleModel.page(page));
        // An id alone names one payment: a person who has only the id need not know its tenant to open it.
        if (byIdAlone(criteria) && found.items().size() == 1) {
            return toPaymentPage(found.items().get(0), redirect);
        }
        model.addAttribute("payments", found);
        model.addAttribute("statuses", PaymentStatus.values());
        return "admin/payments";
    }

    /** A payment's address without its tenant (an id passed on in a chat or a ticket): its page, in any tenant. */
    @GetMapping("/admin/payments/{paymentId}")
    String paymentById(@PathVariable String paymentId, RedirectAttributes redirect, Model model,
                       HttpServletResponse response) {
        PaymentCriteria criteria = new PaymentCriteria(null, paymentId, null, null, List.of(), null, null, false);
        Page<Payment> found = search.searchPayments(criteria, ConsoleModel.page(0));
        if (found.items().size() == 1) {
            return toPaymentPage(found.items().get(0), redirect);
        }
        if (found.items().isEmpty()) {
            response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        }
        model.addAttribute("payments", found);
        model.addAttribute("statuses", PaymentStatus.values());
        return "admin/payments";
    }

    private static boolean byIdAlone(PaymentCriteria c) {
        return c.paymentId() != null && c.tenantId() == null && c.merchantOrderId() == null
                && c.channelTxnId() == null && c.statuses().isEmpty() && c.createdFrom() == null
                && c.createdTo() == null;
    }

    private static String toPaymentPage(Payment payment, RedirectAttributes redirect) {
        redirect.addAttribute("tenant", payment.tenantId().value());
        redirect.addAttribute("paymentId", payment.id().value());
        return "redirect:/admin/payments/{tenant}/{paymentId}";
    }

    /**
     * Pending and unknown payments, oldest first: the ones nobody knows the end of yet; below them the refunds still
     * waiting for the channel's answer (PENDING and UNKNOWN), oldest first.
     */
    @GetMapping("/admin/unresolved")
    String unresolved(@RequestParam(required = false) String tenant, @RequestParam(defaultValue = "0") int page,
                      Model model) {
        TenantId tenantId = ConsoleInput.optionalTenant(tenant);
        PaymentCriteria criteria = new PaymentCriteria(tenantId, null, null, null, PaymentStatus.unresolved(), null,
                null, true);
        model.addAttribute("openRefunds", openRefunds.openRefunds(tenantId, OPEN_REFUNDS_SHOWN));
        model.addAttribute("openRefundsShown", OPEN_REFUNDS_SHOWN);
        Page<Payment> payments = search.searchPayments(criteria, ConsoleModel.page(page));
        model.addAttribute("payments", payments);
        model.addAttribute("askChannelAvailable", askChannel.getIfAvailable() != null);
        model.addAttribute("cases", casesOf(payments));
        model.addAttribute("reviewCases", reviewCasesOf(payments));
        return "admin/unresolved";
    }

    @GetMapping("/admin/payments/{tenant}/{paymentId}")
    String payment(@PathVariable String tenant, @PathVariable String paymentId, Model model) {
        TenantId tenantId = ConsoleInput.read(() -> new TenantId(tenant));
        PaymentId id = ConsoleInput.read(() -> new PaymentId(paymentId));
        model.addAttribute("timeline", timeline.timeline(tenantId, id));
        model.addAttribute("askChannelAvailable", askChannel.getIfAvailable() != null);
        UnknownCasesQuery resolver = unknownCases.getIfAvailable();
        model.addAttribute("resolverCase", resolver == null ? null : resolver.unknownCase(tenantId, id).orElse(null));
        return "admin/payment";
    }

    @PostMapping("/admin/ask")
    String ask(@RequestParam String tenant, @RequestParam String paymentId, @RequestParam String actionKey,
               Authentication authentication, RedirectAttributes redirect) {
        AskChannelAsOperatorUseCase resolver = askChannel.getIfAvailable();
        if (resolver == null) {
            redirect.addFlashAttribute("askUnavailable", true);
        } else {
            TenantId tenantId = ConsoleInput.read(() -> new TenantId(tenant));
            PaymentId id = ConsoleInput.read(() -> new PaymentId(paymentId));
            ActionResult result = resolver.askChannel(tenantId, id, ConsoleModel.operatorOf(authentication),
                    ConsoleModel.key(actionKey));
            ConsoleModel.flash(redirect, result);
        }
        redirect.addAttribute("tenant", tenant);
        redirect.addAttribute("paymentId", paymentId);
        return "redirect:/admin/payments/{tenant}/{paymentId}";
    }

    /** The resolver's case of each payment on the page (by payment id); none where the resolver has none. */
    private Map<String, UnknownCaseView> casesOf(Page<Payment> payments) {
        UnknownCasesQuery resolver = unknownCases.getIfAvailable();
        Map<String, UnknownCaseView> cases = new HashMap<>();
        if (resolver != null) {
            for (Payment p : payments.items()) {
                resolver.unknownCase(p.tenantId(), p.id()).ifPresent(c -> cases.put(p.id().value(), c));
            }
        }
        return cases;
    }

    /** The open review cases of each payment on the page (by payment id): one indexed read per payment. */
    private Map<String, List<ReviewCase>> reviewCasesOf(Page<Payment> payments) {
        Map<String, List<ReviewCase>> open = new HashMap<>();
        for (Payment p : payments.items()) {
            open.put(p.id().value(), reviewCases.openReviewCases(p.tenantId(), p.id()));
        }
        return open;
    }

    private static Instant startOf(LocalDate day) {
        return day == null ? null : day.atStartOfDay().toInstant(ZoneOffset.UTC);
    }
}
