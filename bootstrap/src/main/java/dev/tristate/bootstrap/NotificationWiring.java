package dev.tristate.bootstrap;

import dev.tristate.adapter.in.web.callback.CallbackConfiguration;
import dev.tristate.application.port.out.ChannelCredentialStore;
import dev.tristate.application.port.out.ChannelNotificationFormat;
import dev.tristate.application.port.out.CrashPoints;
import dev.tristate.application.port.out.NotificationLog;
import dev.tristate.application.port.out.OutboxStore;
import dev.tristate.application.port.out.PaymentRepository;
import dev.tristate.application.port.out.ReviewCases;
import dev.tristate.application.port.out.Transactions;
import dev.tristate.application.service.HandleChannelNotificationService;
import java.time.Clock;
import java.util.List;
import java.util.random.RandomGenerator;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The channel callback path: the use case and the endpoints that feed it. */
@Configuration(proxyBeanMethods = false)
@Import(CallbackConfiguration.class)
class NotificationWiring {

    /** Production passes through every crash point; fault tests replace this bean. */
    @Bean
    @ConditionalOnMissingBean
    CrashPoints crashPoints() {
        return CrashPoints.NONE;
    }

    @Bean
    HandleChannelNotificationService handleChannelNotificationService(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock) {
        return new HandleChannelNotificationService(formats, credentials, payments, log, outbox, reviews,
                transactions, crashPoints, clock, RandomGenerator.getDefault());
    }
}
