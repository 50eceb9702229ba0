package dev.tristate.adapter.out.persistence;

import dev.tristate.application.port.out.AuditTrail;
import dev.tristate.application.port.out.NotificationLog;
import dev.tristate.application.port.out.OutboxQuarantine;
import dev.tristate.application.port.out.PaymentSearch;
import dev.tristate.application.port.out.OutboxStore;
import dev.tristate.application.port.out.ResolutionCases;
import dev.tristate.application.port.out.ReviewCases;
import dev.tristate.application.port.out.UnknownOutcomeLedger;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Ports of the callback path: the notification log, the outbox and the review cases. */
@Configuration(proxyBeanMethods = false)
class NotificationPersistenceConfiguration {

    @Bean
    NotificationLog notificationLog(NotificationMapper mapper, CallbackStatements statements) {
        return new MyBatisNotificationLog(mapper, statements);
    }

    @Bean
    OutboxStore outboxStore(CallbackStatements statements) {
        return new MyBatisOutboxStore(statements);
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
