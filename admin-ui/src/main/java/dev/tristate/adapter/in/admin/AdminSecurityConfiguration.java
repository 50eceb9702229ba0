package dev.tristate.adapter.in.admin;

import dev.tristate.application.console.port.in.FindConsoleUserQuery;
import dev.tristate.application.console.port.in.RecordSignInLockoutUseCase;
import dev.tristate.application.console.port.in.RecordSignInUseCase;
import dev.tristate.domain.console.ConsoleUser;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfFilter;
import org.springframework.security.web.session.DisableEncodeUrlFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter.ReferrerPolicy;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.RelativeRedirectFilter;

/**
 * The console's security: form login against users read through an inbound port, bcrypt hashes, CSRF on every form
 * (Spring Security's default, kept on purpose), a new session id at login (session fixation), security headers with a
 * strict content security policy (every asset is served by the application), HSTS on requests that came over TLS
 * (directly or, with {@code server.forward-headers-strategy}, through a proxy), relative redirects (never the Host
 * header's host), login throttling per user name and address ({@link SignInGate}, {@link LoginThrottle}), and the
 * role rules:
 * SUPPORT reads and asks the channel, OPERATOR also repairs (replay, discard, decide) and manages tenants.
 */
@Configuration(proxyBeanMethods = false)
public class AdminSecurityConfiguration {

    static final String OPERATOR = "OPERATOR";
    static final String SUPPORT = "SUPPORT";

    @Bean
    PasswordEncoder consolePasswordEncoder() {
        return new BCryptPasswordEncoder();
    }

    @Bean
    UserDetailsService consoleUsers(FindConsoleUserQuery users) {
        return username -> users.findConsoleUser(username)
                .map(u -> User.withUsername(u.username())
                        .password(u.passwordHash())
                        .roles(u.role().name())
                        .disabled(!u.enabled())
                        .build())
                .orElseThrow(() -> new UsernameNotFoundException("no such console user"));
    }

    @Bean
    LoginThrottle consoleLoginThrottle(@Value("${tristate.admin.login.max-failures:5}") int maxFailures,
                                       @Value("${tristate.admin.login.delay:30s}") Duration delay,
                                       @Value("${tristate.admin.login.max-delay:15m}") Duration maxDelay,
                                       @Value("${tristate.admin.login.max-tracked:10000}") long maxTracked,
                                       @Value("${tristate.admin.login.forget-after:1h}") Duration forgetAfter,
                                       Clock clock) {
        return new LoginThrottle(maxFailures, delay, maxDelay, maxTracked, forgetAfter, clock);
    }

    @Bean
    @Order(1)
    SecurityFilterChain adminConsole(HttpSecurity http, LoginThrottle throttle, FindConsoleUserQuery users,
                                     RecordSignInLockoutUseCase lockouts, RecordSignInUseCase signIns)
            throws Exception {
        // Redirects stay relative, so that none ever names the host a request claimed to be for (its Host header).
        LoginUrlAuthenticationEntryPoint toLogin = new LoginUrlAuthenticationEntryPoint("/admin/login");
        toLogin.setFavorRelativeUris(true);
        RelativeRedirectFilter relativeRedirects = new RelativeRedirectFilter();
        relativeRedirects.setRedirectStatus(HttpStatus.FOUND);
        http.securityMatcher("/admin/**")
                .authorizeHttpRequests(auth -> auth
                        // The refusal page is where a refused request is forwarded: it must not be refused itself.
                        .dispatcherTypeMatchers(DispatcherType.FORWARD, DispatcherType.ERROR).permitAll()
                        .requestMatchers("/admin/login", "/admin/assets/**", "/admin/denied").permitAll()
                        .requestMatchers("/admin/tenants", "/admin/tenants/**").hasRole(OPERATOR)
                        .requestMatchers("/admin/users", "/admin/users/**").hasRole(OPERATOR)
                        .requestMatchers(HttpMethod.POST, "/admin/ask").hasAnyRole(SUPPORT, OPERATOR)
                        .requestMatchers(HttpMethod.POST, "/admin/logout").authenticated()
                        .requestMatchers(HttpMethod.POST, "/admin/**").hasRole(OPERATOR)
                        .anyRequest().hasAnyRole(SUPPORT, OPERATOR))
                .addFilterBefore(relativeRedirects, DisableEncodeUrlFilter.class)
                // Before the CSRF check, which would read (parse) the whole form first.
                .addFilterBefore(new SignInGate(throttle), CsrfFilter.class)
                .addFilterBefore(new StillEnabledFilter(users), AuthorizationFilter.class)
                .formLogin(form -> form
                        .loginPage("/admin/login")
                        .loginProcessingUrl("/admin/login")
                        .successHandler((request, response, authentication) -> {
                            throttle.succeeded(authentication.getName(), request.getRemoteAddr());
                            signIns.recordSignIn(authentication.getName(), request.getRemoteAddr());
                            users.findConsoleUser(authentication.getName()).ifPresent(user -> request.getSession()
                                    .setAttribute(StillEnabledFilter.PASSWORD_MARK, passwordMark(user)));
                            response.sendRedirect(request.getContextPath() + "/admin");
                        })
                        .failureHandler((request, response, exception) -> {
                            String username = request.getParameter("username");
                            throttle.failed(username, request.getRemoteAddr()).ifPresent(lockout -> SignInGate.audit(
                                    lockouts, username, request.getRemoteAddr(), lockout));
                            SignInGate.rememberUsername(request, username);
                            response.sendRedirect(request.getContextPath() + "/admin/login?error");
                        })
                        .permitAll())
                .logout(logout -> logout.logoutUrl("/admin/logout").logoutSuccessUrl("/admin/login?logout"))
                .exceptionHandling(e -> e.accessDeniedPage("/admin/denied").authenticationEntryPoint(toLogin))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(
                                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                        + "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"))
                        .frameOptions(frame -> frame.deny())
                        .referrerPolicy(referrer -> referrer.policy(ReferrerPolicy.SAME_ORIGIN)))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .csrf(Customizer.withDefaults());
        return http.build();
    }

    /**
     * A digest of the user's stored password hash, kept in the session at sign-in: the session ends once the password
     * is reset. (A digest, so that the session never holds the hash itself.)
     */
    static String passwordMark(ConsoleUser user) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(user.passwordHash().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * Ends the session of a signed-in user who was disabled (or removed), or whose password was reset, since signing
     * in: every console request re-reads the user, so this takes effect at the user's next request, on every
     * instance, not only at their next sign-in. The user lands on the sign-in page with a notice.
     */
    private static final class StillEnabledFilter extends OncePerRequestFilter {
        static final String PASSWORD_MARK = StillEnabledFilter.class.getName() + ".passwordMark";

        private final FindConsoleUserQuery users;

        StillEnabledFilter(FindConsoleUserQuery users) {
            this.users = users;
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            Authentication signedIn = SecurityContextHolder.getContext().getAuthentication();
            if (signedIn == null || !signedIn.isAuthenticated() || signedIn instanceof AnonymousAuthenticationToken) {
                chain.doFilter(request, response);
                return;
            }
            Optional<ConsoleUser> user = users.findConsoleUser(signedIn.getName());
            HttpSession session = request.getSession(false);
            Object mark = session == null ? null : session.getAttribute(PASSWORD_MARK);
            String reason = user.isEmpty() || !user.get().enabled() ? "disabled"
                    : mark != null && !mark.equals(passwordMark(user.get())) ? "reset" : null;
            if (reason != null) {
                if (session != null) {
                    session.invalidate();
                }
                SecurityContextHolder.clearContext();
                response.sendRedirect(request.getContextPath() + "/admin/login?" + reason);
                return;
            }
            chain.doFilter(request, response);
        }
    }
}
