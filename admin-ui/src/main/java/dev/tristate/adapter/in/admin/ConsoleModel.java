package dev.tristate.adapter.in.admin;

import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.shared.port.in.ActionResult;
import dev.tristate.application.shared.port.in.InvalidInput;
import dev.tristate.application.shared.port.in.NotFoundInConsole;
import dev.tristate.application.shared.port.in.NotPermitted;
import dev.tristate.domain.console.ActionKey;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.console.Operator;
import dev.tristate.domain.console.PageRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Locale;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.MessageSource;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.ui.Model;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.support.MissingServletRequestPartException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * What every console page has: the signed-in person, a fresh action key for the forms it renders (a form submitted
 * twice carries the same key and acts once), and the translation of refusals into pages.
 */
@ControllerAdvice(basePackageClasses = ConsoleModel.class)
class ConsoleModel {

    private static final Logger log = LoggerFactory.getLogger(ConsoleModel.class);
    static final int PAGE_SIZE = 25;

    private final MessageSource messages;
    private final ConsoleTexts texts;

    ConsoleModel(MessageSource messages, ConsoleTexts texts) {
        this.messages = messages;
        this.texts = texts;
    }

    @ModelAttribute("operator")
    Operator operator(Authentication authentication) {
        return authentication == null ? null : operatorOf(authentication);
    }

    @ModelAttribute("actionKey")
    String actionKey() {
        return UUID.randomUUID().toString();
    }

    /** Links to other pages of a list that keep its filters (the pager uses them). */
    @ModelAttribute("pageLinks")
    PageLinks pageLinks(HttpServletRequest request) {
        return PageLinks.of(request);
    }

    static Operator operatorOf(Authentication authentication) {
        boolean operator = authentication.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .anyMatch(a -> a.equals("ROLE_" + ConsoleRole.OPERATOR.name()));
        return new Operator(authentication.getName(), operator ? ConsoleRole.OPERATOR : ConsoleRole.SUPPORT);
    }

    static PageRequest page(int page) {
        return new PageRequest(Math.max(0, page), PAGE_SIZE);
    }

    static ActionKey key(String value) {
        return ConsoleInput.read(() -> new ActionKey(value));
    }

    /** After an action: the result for the next page (post, redirect, get), repeated submissions said so. */
    static void flash(RedirectAttributes redirect, ActionResult result) {
        redirect.addFlashAttribute("actionResult", result);
    }

    @ExceptionHandler(NotPermitted.class)
    String notPermitted(NotPermitted e, Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        return "admin/denied";
    }

    @ExceptionHandler({NotFoundInConsole.class, PaymentNotFound.class})
    String notFound(RuntimeException e, Locale locale, Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        model.addAttribute("problem", texts.text(e.getMessage(), locale));
        return "admin/problem";
    }

    /**
     * A parameter that is missing or does not parse (a status that is none, a page that is not a number, a date that
     * is not one): the person's mistake, said in their language and naming the parameter only, never the Java type or
     * the parser's message.
     */
    @ExceptionHandler({MethodArgumentTypeMismatchException.class, MissingServletRequestParameterException.class,
            MissingServletRequestPartException.class})
    String badParameter(Exception e, Locale locale, Model model, HttpServletResponse response) {
        String name = e instanceof MethodArgumentTypeMismatchException mismatch ? mismatch.getName()
                : e instanceof MissingServletRequestParameterException missing ? missing.getParameterName()
                : ((MissingServletRequestPartException) e).getRequestPartName();
        String key = e instanceof MethodArgumentTypeMismatchException ? "problem.badParameter"
                : "problem.missingParameter";
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        model.addAttribute("problem", messages.getMessage(key, new Object[] {name}, locale));
        return "admin/problem";
    }

    /** The use case's refusal, in the person's words where {@link ConsoleTexts} knows it. */
    @ExceptionHandler(InvalidInput.class)
    String badInput(InvalidInput e, Locale locale, Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
        model.addAttribute("problem", texts.text(e.getMessage(), locale));
        return "admin/problem";
    }

    /**
     * A rule of the application broke: our fault, not the person's. The page says so and gives a reference to find
     * the cause in the log; the cause itself (its class, message and stack) is for the log only.
     */
    @ExceptionHandler({IllegalArgumentException.class, IllegalStateException.class})
    String brokenInvariant(RuntimeException e, HttpServletRequest request, Model model,
                           HttpServletResponse response) {
        String reference = UUID.randomUUID().toString();
        log.error("{} {}: broken invariant, reference {}", request.getMethod(), request.getRequestURI(), reference, e);
        response.setStatus(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
        model.addAttribute("reference", reference);
        return "admin/error";
    }
}
