package dev.tristate.adapter.in.admin;

import dev.tristate.application.port.in.FindConsoleUserQuery;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The console's security: form login against users read through an inbound port, bcrypt hashes, CSRF on every form
 * (Spring Security's default), session fixation protection and security headers (also defaults, kept on purpose).
 */
@Configuration(proxyBeanMethods = false)
public class AdminSecurityConfiguration {

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
    @Order(1)
    SecurityFilterChain adminConsole(HttpSecurity http) throws Exception {
        http.securityMatcher("/admin/**")
                .authorizeHttpRequests(auth -> auth
                        .requestMatchers("/admin/login", "/admin/assets/**").permitAll()
                        .anyRequest().hasAnyRole("SUPPORT", "OPERATOR"))
                .formLogin(form -> form
                        .loginPage("/admin/login")
                        .loginProcessingUrl("/admin/login")
                        .defaultSuccessUrl("/admin", true)
                        .permitAll())
                .logout(logout -> logout.logoutUrl("/admin/logout").logoutSuccessUrl("/admin/login?logout"))
                .headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(
                                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                        + "frame-ancestors 'none'; form-action 'self'")))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .csrf(Customizer.withDefaults());
        return http.build();
    }
}
