package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ProblemAdvice;
import dev.tristate.adapter.in.web.problem.ProblemErrorPages;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The merchant API: its controllers, its guard (authentication, per-tenant rate, bulkhead, body limit and read
 * deadline) on /api/v1/*, and the problem-JSON advice and error pages. Needs the inbound ports CreatePaymentUseCase,
 * GetPaymentQuery, PaymentEntitlementsQuery, CreateRefundUseCase, GetRefundQuery and AuthenticateMerchantQuery as
 * beans.
 */
@Configuration(proxyBeanMethods = false)
@Import({MerchantPaymentController.class, MerchantRefundController.class, ProblemAdvice.class,
        ProblemErrorPages.class})
public class MerchantApiConfiguration {

    /** Before Spring Security's filter chain (order -100): a refused request does no work at all. */
    static final int GUARD_ORDER = -110;

    @Bean
    FilterRegistrationBean<MerchantApiGuardFilter> merchantApiGuard(
            AuthenticateMerchantQuery authenticate,
            @Value("${tristate.merchant-api.max-concurrent-requests:32}") int maxConcurrentRequests,
            @Value("${tristate.merchant-api.max-body-bytes:65536}") long maxBodyBytes,
            @Value("${tristate.merchant-api.body-read-timeout:5s}") Duration bodyReadTimeout,
            @Value("${tristate.merchant-api.rate-limit.requests:100}") int requestsPerPeriod,
            @Value("${tristate.merchant-api.rate-limit.period:1s}") Duration ratePeriod) {
        MerchantApiGuardFilter guard = new MerchantApiGuardFilter(new MerchantAuthenticator(authenticate),
                new MerchantApiGuardFilter.Limits(maxConcurrentRequests, maxBodyBytes, bodyReadTimeout,
                        requestsPerPeriod, ratePeriod));
        FilterRegistrationBean<MerchantApiGuardFilter> registration = new FilterRegistrationBean<>(guard);
        registration.setName("merchantApiGuard");
        registration.addUrlPatterns("/api/v1/*");
        registration.setOrder(GUARD_ORDER);
        return registration;
    }
}
