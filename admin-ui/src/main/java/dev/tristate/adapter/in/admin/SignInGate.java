package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase.SignInLockout;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.domain.console.ConsoleUser;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Stands before the sign-in check: a sign-in form larger than any real one, a user name longer than any user's, or a
 * password longer than the form takes is refused before its fields are read further or any user is looked up; a user
 * name that failed too often from this address waits (the sign-in page says how long) before the password is even
 * checked.
 */
final class SignInGate extends OncePerRequestFilter {

    /** The sign-in form's largest body: the token, two fields at their longest and their names, with room to spare. */
    static final long MAX_FORM_BYTES = 16 * 1024;

    private static final Logger log = LoggerFactory.getLogger(SignInGate.class);
    private static final String LAST_USERNAME = SignInGate.class.getName() + ".LAST_USERNAME";

    private final LoginThrottle throttle;

    SignInGate(LoginThrottle throttle) {
        this.throttle = throttle;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!"POST".equals(request.getMethod()) || !"/admin/login".equals(request.getServletPath())) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getContentLengthLong() > MAX_FORM_BYTES) {
            // Not read: the connection is closed rather than the whole body swallowed.
            response.setHeader("Connection", "close");
            response.sendRedirect(request.getContextPath() + "/admin/login?error");
            return;
        }
        String username = request.getParameter("username");
        if (!LoginThrottle.acceptable(username, request.getParameter("password"))) {
            response.sendRedirect(request.getContextPath() + "/admin/login?error");
            return;
        }
        Optional<Duration> wait = throttle.waitFor(username, request.getRemoteAddr());
        if (wait.isPresent()) {
            long seconds = Math.max(1, (wait.get().toMillis() + 999) / 1000);
            rememberUsername(request, username);
            response.sendRedirect(request.getContextPath() + "/admin/login?locked=" + seconds);
            return;
        }
        chain.doFilter(request, response);
    }

    /**
     * The user name of a sign-in that failed, for the sign-in page to show it again (once) so that only the password
     * is typed anew. Kept in the session the form's CSRF token already lives in, never in the address.
     */
    static void rememberUsername(HttpServletRequest request, String username) {
        if (username != null && username.length() <= ConsoleUser.MAX_USERNAME_LENGTH) {
            request.getSession().setAttribute(LAST_USERNAME, username);
        }
    }

    /** The user name {@link #rememberUsername} kept, taken out of the session, or null. */
    static String takeRememberedUsername(HttpServletRequest request) {
        jakarta.servlet.http.HttpSession session = request.getSession(false);
        if (session == null || !(session.getAttribute(LAST_USERNAME) instanceof String username)) {
            return null;
        }
        session.removeAttribute(LAST_USERNAME);
        return username;
    }

    /** A lockout that began goes into the audit log; if that fails the lockout still holds (it is in memory). */
    static void audit(RecordSignInLockoutUseCase lockouts, String username, String address,
                      LoginThrottle.Lockout lockout) {
        try {
            lockouts.recordLockout(new SignInLockout(username.strip(), address, lockout.failures(), lockout.delay()));
        } catch (RuntimeException e) {
            log.warn("a sign-in lockout from {} could not be audited", address, e);
        }
    }
}
