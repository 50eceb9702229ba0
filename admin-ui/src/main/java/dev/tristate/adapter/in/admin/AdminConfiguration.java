package dev.tristate.adapter.in.admin;

import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The admin console adapter: its controllers and its security. */
@Configuration(proxyBeanMethods = false)
@ComponentScan(basePackageClasses = AdminConfiguration.class)
@Import(AdminSecurityConfiguration.class)
public class AdminConfiguration {
}
