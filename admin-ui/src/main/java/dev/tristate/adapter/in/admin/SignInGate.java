package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase.SignInLockout;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
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
            response.sendRedirect(request.getContextPath() + "/admin/login?locked=" + seconds);
            return;
        }
        chain.doFilter(request, response);
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
