package dev.tristate.adapter.in.web.problem;

import jakarta.servlet.DispatcherType;
import org.apache.catalina.Container;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Error answers that no controller gives: {@code /error} ({@link ErrorDispatchFilter}) and Tomcat's report for
 * requests refused before the application ({@link ProblemErrorReportValve}), so that every merchant API answer is
 * problem JSON and a request for {@code /error} itself is not a 500.
 */
@Configuration(proxyBeanMethods = false)
public class ProblemErrorPages {

    @Bean
    FilterRegistrationBean<ErrorDispatchFilter> errorDispatchFilter() {
        FilterRegistrationBean<ErrorDispatchFilter> registration = new FilterRegistrationBean<>(
                new ErrorDispatchFilter());
        registration.setName("errorDispatch");
        registration.addUrlPatterns(ErrorDispatchFilter.PATH);
        registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ERROR);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /**
     * Runs after Spring Boot's own customizer, which puts a plain ErrorReportValve on the host: that one is replaced,
     * and the host is told to use ours, so it adds no default one of its own at start.
     */
    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> problemErrorReportValve() {
        return new WebServerFactoryCustomizer<>() {
            @Override
            public void customize(ConfigurableTomcatWebServerFactory factory) {
                factory.addContextCustomizers(context -> {
                    Container host = context.getParent();
                    for (Valve valve : host.getPipeline().getValves()) {
                        if (valve instanceof ErrorReportValve && !(valve instanceof ProblemErrorReportValve)) {
                            host.getPipeline().removeValve(valve);
                        }
                    }
                    host.getPipeline().addValve(new ProblemErrorReportValve());
                    if (host instanceof StandardHost standard) {
                        standard.setErrorReportValveClass(ProblemErrorReportValve.class.getName());
                    }
                });
            }
        };
    }
}
