package dev.tristate.bootstrap;

import dev.tristate.adapter.in.web.callback.CallbackConfiguration;
import dev.tristate.adapter.out.channel.ChannelConfiguration;
import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.in.HandleChannelNotificationUseCase;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.callback.port.out.RejectionBudget;
import dev.tristate.application.callback.service.CallbackServices;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/** The channel callback path: the use case and the endpoints that feed it. */
@Configuration(proxyBeanMethods = false)
@Import({CallbackConfiguration.class, ChannelConfiguration.class})
class NotificationWiring {

    private static final Logger LOG = LoggerFactory.getLogger(NotificationWiring.class);

    /**
     * Production passes through every crash point. For fault drills and the crash tests,
     * {@code tristate.fault-injection.halt-at=C1,C2} makes the JVM halt on the spot at those points, as a power cut
     * or kill -9 would: no finally block, no shutdown hook, no rollback by the application.
     */
    @Bean
    @ConditionalOnMissingBean
    CrashPoints crashPoints(@Value("${tristate.fault-injection.halt-at:}") Set<String> haltAt) {
        Set<String> points = haltAt.stream().map(String::trim).filter(p -> !p.isEmpty()).collect(Collectors.toSet());
        if (points.isEmpty()) {
            return CrashPoints.NONE;
        }
        LOG.warn("Fault injection is ON: the JVM halts at crash points {}", points);
        return point -> {
            if (points.contains(point)) {
                System.out.println("[fault-injection] halting at crash point " + point);
                System.out.flush();
                Runtime.getRuntime().halt(137);
            }
        };
    }

    @Bean
    HandleChannelNotificationUseCase handleChannelNotification(List<ChannelNotificationFormat> formats,
            ChannelCredentialStore credentials, PaymentRepository payments, NotificationLog log, OutboxStore outbox,
            ReviewCases reviews, Transactions transactions, CrashPoints crashPoints, Clock clock,
            RecordUnknownOutcomeUseCase recordUnknownOutcome, RejectionBudget rejectionBudget,
            @Value("${tristate.callbacks.rejected.max-stored-bytes:4096}") int maxStoredRejectedBytes,
            GetRefundQuery refunds, ApplyRefundAnswerUseCase refundAnswers) {
        return CallbackServices.handleChannelNotification(formats, credentials, payments, log, outbox, reviews,
                transactions, crashPoints, clock, RandomGenerator.getDefault(), recordUnknownOutcome, rejectionBudget,
                maxStoredRejectedBytes, refunds, refundAnswers,
                new MdcWorkLog(LoggerFactory.getLogger(HandleChannelNotificationUseCase.class)));
    }

    /**
     * How many notifications that fail verification each caller (client address) may have recorded, per channel; past
     * it they are answered 429 and not stored (docs/callbacks.md).
     */
    @Bean
    RejectionBudget callbackRejectionBudget(
            @Value("${tristate.callbacks.rejected.limit-per-period:20}") int limit,
            @Value("${tristate.callbacks.rejected.period:1m}") Duration period,
            @Value("${tristate.callbacks.rejected.max-callers:10000}") long maxCallers) {
        return new CallerRejectionBudget(limit, period, maxCallers);
    }

    /**
     * The callback's path for news the resolver and reconciliation bring; they pass no crash point, so a fault drill
     * halts on callbacks alone.
     */
    @Bean
    ApplyChannelReportUseCase applyChannelReport(PaymentRepository payments, OutboxStore outbox, ReviewCases reviews) {
        return CallbackServices.applyChannelReport(payments, outbox, reviews, CrashPoints.NONE);
    }
}
