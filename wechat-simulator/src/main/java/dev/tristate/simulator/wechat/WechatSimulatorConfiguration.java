package dev.tristate.simulator.wechat;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * A WeChat Pay v3 simulator: the part of the merchant API that Tristate uses (Native, H5 and JSAPI orders, the query
 * by {@code out_trade_no}, close, refunds and their query, the trade bill), a pay page, notifications encrypted under
 * the merchant's APIv3 key and signed with a platform key, re-sent on WeChat Pay's 15-step schedule, and
 * misbehaviour switches, all under {@code tristate.wechat-simulator.path-prefix} (default {@code /simulators/wechat}).
 * wechatpay-java talks to it unmodified once its HTTP client sends {@code https://api.mch.weixin.qq.com} here.
 * <p>
 * It is the outside world from Tristate's point of view and depends on no Tristate module. The host imports this
 * configuration; it is active only with {@code tristate.wechat-simulator.enabled=true}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty(name = "tristate.wechat-simulator.enabled")
@EnableConfigurationProperties(WechatSimulatorProperties.class)
@ComponentScan(basePackageClasses = WechatSimulatorConfiguration.class)
public class WechatSimulatorConfiguration {

    @Bean
    FilterRegistrationBean<WechatApiFilter> wechatSimulatorApiFilter(WechatMerchants merchants,
                                                                    WechatPlatformKeys platform,
                                                                    WechatFaults faults,
                                                                    WechatSimulatorSettings settings) {
        FilterRegistrationBean<WechatApiFilter> registration =
                new FilterRegistrationBean<>(new WechatApiFilter(merchants, platform, faults, settings));
        registration.addUrlPatterns(settings.prefix() + "/v3/*");
        // Before the host's own filters (security, sessions): an unsigned call never reaches them.
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return registration;
    }
}
