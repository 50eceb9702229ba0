package dev.tristate.bootstrap;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Everything outside the console. The merchant API authenticates with its own API keys and the channel callbacks
 * with signatures over the raw body, so neither has sessions or CSRF tokens. Actuator has a chain of its own
 * ({@link ManagementSecurityConfiguration}).
 */
@Configuration(proxyBeanMethods = false)
class WebSecurityConfiguration {

    /**
     * Channel callbacks are authenticated by the signature over their raw body, which the handler checks; Spring
     * Security has nothing to decide for them. Their chain is the shortest one that still answers with security
     * headers: no session, security context, request cache, anonymous user, CSRF or logout filters.
     */
    @Bean
    @Order(5)
    SecurityFilterChain channelCallbacks(HttpSecurity http) throws Exception {
        http.securityMatcher("/callbacks/**")
                .authorizeHttpRequests(auth -> auth.anyRequest().permitAll())
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.disable())
                .securityContext(c -> c.disable())
                .requestCache(c -> c.disable())
                .anonymous(a -> a.disable())
                .logout(l -> l.disable())
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable());
        return http.build();
    }

    /**
     * No Micrometer observation around every security filter of every request: on the callback path those
     * observations cost more CPU than the filters they observe (docs/benchmarks.md). Request metrics and traces
     * still come from Spring MVC's own observation.
     */
    @Bean
    SecurityObservationSettings securityObservationSettings() {
        return SecurityObservationSettings.noObservations();
    }

    @Bean
    @Order(10)
    SecurityFilterChain machineEndpoints(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(auth -> auth
                        .requestMatchers("/api/**", "/sandbox-channel/**", "/pay/**", "/simulators/**").permitAll()
                        .requestMatchers("/", "/error").permitAll()
                        .anyRequest().denyAll())
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable());
        return http.build();
    }
}
