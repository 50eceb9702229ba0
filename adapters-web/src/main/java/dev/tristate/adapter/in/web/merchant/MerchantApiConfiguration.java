package dev.tristate.adapter.in.web.merchant;

import dev.tristate.adapter.in.web.problem.ProblemAdvice;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The merchant API: its controller, its guard (bulkhead and body limit) on /api/v1/*, and the problem-JSON advice.
 * Needs the inbound ports CreatePaymentUseCase, GetPaymentQuery, PaymentEntitlementsQuery, CreateRefundUseCase,
 * GetRefundQuery and AuthenticateMerchantQuery as beans.
 */
@Configuration(proxyBeanMethods = false)
@Import({MerchantPaymentController.class, MerchantRefundController.class, ProblemAdvice.class})
public class MerchantApiConfiguration {

    /** Before Spring Security's filter chain (order -100): an overloaded request does no work at all. */
    static final int GUARD_ORDER = -110;

    @Bean
    FilterRegistrationBean<MerchantApiGuardFilter> merchantApiGuard(
            @Value("${tristate.merchant-api.max-concurrent-requests:32}") int maxConcurrentRequests,
            @Value("${tristate.merchant-api.max-body-bytes:65536}") long maxBodyBytes) {
        FilterRegistrationBean<MerchantApiGuardFilter> registration =
                new FilterRegistrationBean<>(new MerchantApiGuardFilter(maxConcurrentRequests, maxBodyBytes));
        registration.setName("merchantApiGuard");
        registration.addUrlPatterns("/api/v1/*");
        registration.setOrder(GUARD_ORDER);
        return registration;
    }
}
