package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.audit.AuditMapper;
import dev.tristate.adapter.out.persistence.audit.MyBatisAuditTrail;
import dev.tristate.adapter.out.persistence.callback.CallbackStatements;
import dev.tristate.adapter.out.persistence.callback.MyBatisNotificationLog;
import dev.tristate.adapter.out.persistence.callback.NotificationMapper;
import dev.tristate.adapter.out.persistence.console.ConsoleChartsMapper;
import dev.tristate.adapter.out.persistence.console.MyBatisConsoleCharts;
import dev.tristate.adapter.out.persistence.console.MyBatisPaymentSearch;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxQuarantine;
import dev.tristate.adapter.out.persistence.outbox.MyBatisOutboxStore;
import dev.tristate.adapter.out.persistence.outbox.OutboxQuarantineMapper;
import dev.tristate.adapter.out.persistence.payment.PaymentMapper;
import dev.tristate.adapter.out.persistence.resolution.MyBatisResolutionCases;
import dev.tristate.adapter.out.persistence.resolution.MyBatisReviewCases;
import dev.tristate.adapter.out.persistence.resolution.MyBatisUnknownOutcomeLedger;
import dev.tristate.adapter.out.persistence.resolution.ResolutionCaseMapper;
import dev.tristate.adapter.out.persistence.resolution.ReviewCaseMapper;
import dev.tristate.adapter.out.persistence.resolution.UnknownOutcomeMapper;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.console.port.out.ConsoleCharts;
import dev.tristate.application.console.port.out.PaymentSearch;
import dev.tristate.application.outbox.port.out.OutboxQuarantine;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.outbox.port.out.RelayWakeUp;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.TraceContext;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Ports of the callback path: the notification log, the outbox and the review cases. */
@Configuration(proxyBeanMethods = false)
public class NotificationPersistenceConfiguration {

    @Bean
    NotificationLog notificationLog(NotificationMapper mapper, CallbackStatements statements) {
        return new MyBatisNotificationLog(mapper, statements);
    }

    @Bean
    OutboxStore outboxStore(CallbackStatements statements, ObjectProvider<RelayWakeUp> wakeUp,
                            ObjectProvider<TraceContext> trace) {
        return new MyBatisOutboxStore(statements, wakeUp.getIfAvailable(() -> RelayWakeUp.NONE),
                trace.getIfAvailable(() -> TraceContext.NONE));
    }

    @Bean
    AuditTrail auditTrail(AuditMapper mapper) {
        return new MyBatisAuditTrail(mapper);
    }

    @Bean
    OutboxQuarantine outboxQuarantine(OutboxQuarantineMapper mapper) {
        return new MyBatisOutboxQuarantine(mapper);
    }

    @Bean
    PaymentSearch paymentSearch(PaymentMapper mapper) {
        return new MyBatisPaymentSearch(mapper);
    }

    @Bean
    ConsoleCharts consoleCharts(ConsoleChartsMapper mapper) {
        return new MyBatisConsoleCharts(mapper);
    }

    @Bean
    ReviewCases reviewCases(ReviewCaseMapper mapper) {
        return new MyBatisReviewCases(mapper);
    }

    @Bean
    UnknownOutcomeLedger unknownOutcomeLedger(UnknownOutcomeMapper mapper) {
        return new MyBatisUnknownOutcomeLedger(mapper);
    }

    @Bean
    ResolutionCases resolutionCases(ResolutionCaseMapper mapper) {
        return new MyBatisResolutionCases(mapper);
    }
}
