package dev.tristate.bootstrap;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The management side of actuator. Health (status only) and info are public, since load balancers and orchestrators
 * probe them. The metrics scrape ({@code /actuator/prometheus}) and health details are for whoever presents the
 * scrape token ({@code tristate.management.scrape-token}, as {@code Authorization: Bearer <token>}); with
 * {@code tristate.management.loopback-scrape} (the embedded default) a caller on this machine may scrape without it.
 * With neither, nobody can scrape: the metrics are never public by default.
 */
@Configuration(proxyBeanMethods = false)
class ManagementSecurityConfiguration {

    static final String ROLE = "MANAGEMENT";
    /** A token shorter than this is guessable; the application refuses to start with one. */
    static final int MIN_TOKEN_LENGTH = 32;

    @Bean
    @Order(8)
    SecurityFilterChain managementEndpoints(HttpSecurity http,
                                            @Value("${tristate.management.scrape-token:}") String scrapeToken,
                                            @Value("${tristate.management.loopback-scrape:false}")
                                            boolean loopbackScrape) throws Exception {
        if (!scrapeToken.isEmpty() && scrapeToken.length() < MIN_TOKEN_LENGTH) {
            throw new IllegalStateException("tristate.management.scrape-token must be at least " + MIN_TOKEN_LENGTH
                    + " characters (e.g. head -c 32 /dev/urandom | base64)");
        }
        http.securityMatcher("/actuator/**")
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
                        .requestMatchers("/actuator/prometheus").access((authentication, context) ->
                                new AuthorizationDecision(hasRole(authentication.get())
                                        || loopbackScrape && fromLoopback(context)))
                        .anyRequest().denyAll())
                .addFilterBefore(new ScrapeTokenFilter(scrapeToken), AuthorizationFilter.class)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(c -> c.disable())
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable());
        return http.build();
    }

    private static boolean hasRole(org.springframework.security.core.Authentication authentication) {
        return authentication != null && authentication.getAuthorities().stream()
                .anyMatch(a -> a.getAuthority().equals("ROLE_" + ROLE));
    }

    private static boolean fromLoopback(RequestAuthorizationContext context) {
        try {
            return InetAddress.getByName(context.getRequest().getRemoteAddr()).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Authenticates a request that carries the scrape token; any other request passes on as it came. */
    static final class ScrapeTokenFilter extends OncePerRequestFilter {

        private final byte[] token;

        ScrapeTokenFilter(String token) {
            this.token = token.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            String header = request.getHeader("Authorization");
            if (token.length > 0 && header != null && header.startsWith("Bearer ")
                    // Constant time: the comparison must not tell a guesser how much of the token was right.
                    && MessageDigest.isEqual(token, header.substring(7).getBytes(StandardCharsets.UTF_8))) {
                var authentication = new UsernamePasswordAuthenticationToken("management", null,
                        List.of(new SimpleGrantedAuthority("ROLE_" + ROLE)));
                var context = SecurityContextHolder.createEmptyContext();
                context.setAuthentication(authentication);
                SecurityContextHolder.setContext(context);
            }
            chain.doFilter(request, response);
        }
    }
}
