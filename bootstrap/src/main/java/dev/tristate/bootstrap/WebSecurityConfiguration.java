package dev.tristate.bootstrap;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Everything outside the console. The merchant API authenticates with its own API keys and the channel callbacks
 * with signatures over the raw body, so neither has sessions or CSRF tokens; health is public, the rest of actuator
 * is not exposed to anonymous callers.
 */
@Configuration(proxyBeanMethods = false)
class WebSecurityConfiguration {

    @Bean
    @Order(10)
    SecurityFilterChain machineEndpoints(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests(auth -> auth
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info").permitAll()
                        .requestMatchers("/api/**", "/callbacks/**", "/sandbox-channel/**", "/pay/**").permitAll()
                        .requestMatchers("/", "/error").permitAll()
                        .anyRequest().denyAll())
                .csrf(csrf -> csrf.disable())
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable());
        return http.build();
    }
}
