package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundOutcomes;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.ReviewCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.AskChannelService;
import dev.tristate.application.resolution.service.CaseLeases;
import dev.tristate.application.resolution.service.CaseWriteBack;
import dev.tristate.application.resolution.service.ChannelQuestions;
import dev.tristate.application.resolution.service.PaymentResolver;
import dev.tristate.application.resolution.service.QueryAnswerRecorder;
import dev.tristate.application.resolution.service.RefundResolver;
import dev.tristate.application.resolution.service.ResolvePaymentsService;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.application.resolution.service.UnknownCasesService;
import dev.tristate.application.resolution.service.UnknownOutcomeRecorder;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.resolution.QuerySchedule;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Unknown outcomes and their resolution: the ledger's recorder, the active-query resolver and its scheduler
 * ({@code tristate.resolver.*}). See docs/unknown-outcomes.md.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ResolverWiring.ResolverProperties.class)
class ResolverWiring {

    /** {@code tristate.resolver.*}; durations in Spring's notation (500ms, 10s, 24h). */
    @ConfigurationProperties("tristate.resolver")
    record ResolverProperties(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("10s") Duration interval,
            @DefaultValue("50") int batchSize,
            @DefaultValue("60s") Duration lease,
            @DefaultValue("5m") Duration staleAfter,
            @DefaultValue("30s") Duration unknownFirstQueryAfter,
            @DefaultValue("30m") Duration paymentExpiry,
            @DefaultValue({"30s", "1m", "5m", "15m", "1h", "6h"}) List<Duration> schedule,
            @DefaultValue Map<String, ChannelSchedule> channels) {
    }

    /** {@code tristate.resolver.channels.<channel>.schedule}: this channel's delays between queries. */
    record ChannelSchedule(List<Duration> schedule) {
    }

    @Bean
    ResolverSettings resolverSettings(ResolverProperties resolver) {
        Map<String, QuerySchedule> perChannel = new HashMap<>();
        resolver.channels().forEach((channel, s) -> perChannel.put(channel, new QuerySchedule(s.schedule())));
        return new ResolverSettings(resolver.batchSize(), resolver.lease(), resolver.staleAfter(),
                resolver.paymentExpiry(), new QuerySchedule(resolver.schedule()), perChannel);
    }

    @Bean
    ChannelQuestions channelQuestions(ObjectProvider<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                      Clock clock) {
        return new ChannelQuestions(gateways.orderedStream().toList(), credentials, clock);
    }

    @Bean
    CaseLeases caseLeases(ResolutionCases cases, RefundStore refunds, Transactions transactions, Clock clock,
                          ResolverSettings settings) {
        return new CaseLeases(cases, refunds, transactions, clock, UUID::randomUUID, settings);
    }

    @Bean
    CaseWriteBack caseWriteBack(ResolutionCases cases, UnknownOutcomeLedger ledger, Transactions transactions,
                                Clock clock, ResolverSettings settings) {
        return new CaseWriteBack(cases, ledger, transactions, clock, settings);
    }

    @Bean
    PaymentResolver paymentResolver(PaymentRepository payments, NotificationLog log, OutboxStore outbox,
                                    ReviewCases reviews, Transactions transactions, Clock clock,
                                    ChannelQuestions questions, ResolverSettings settings) {
        return new PaymentResolver(payments, questions,
                new QueryAnswerRecorder(payments, log, outbox, reviews, transactions, clock, UUID::randomUUID),
                settings);
    }

    @Bean
    RefundResolver refundResolver(RefundStore refunds, RefundOutcomes refundOutcomes, ChannelQuestions questions) {
        return new RefundResolver(refunds, refundOutcomes, questions);
    }

    @Bean
    ResolvePaymentsService resolvePaymentsService(CaseLeases leases, ChannelQuestions questions,
                                                  PaymentResolver payments, RefundResolver refunds,
                                                  CaseWriteBack writeBack) {
        return new ResolvePaymentsService(leases, questions, payments, refunds, writeBack);
    }

    @Bean
    UnknownCasesService unknownCasesService(ResolutionCases cases, PaymentRepository payments,
                                            UnknownOutcomeLedger ledger) {
        return new UnknownCasesService(cases, payments, ledger);
    }

    @Bean
    AskChannelService askChannelService(PaymentRepository payments, CaseLeases leases, PaymentResolver resolver,
                                        CaseWriteBack writeBack, UnknownCasesService views) {
        return new AskChannelService(payments, leases, resolver, writeBack, views);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.resolver.enabled", havingValue = "true", matchIfMissing = true)
    PeriodicTask resolverScheduler(ResolvePaymentsUseCase resolver, ResolverProperties properties) {
        // Every instance may run it: the cases' leases keep the resolvers apart.
        return new PeriodicTask("tristate-resolver", properties.interval(), () -> {
            ResolvePaymentsUseCase.ResolverRun run = resolver.resolveDue();
            return run.claimed() > 0 || run.opened() > 0 ? "resolver round: " + run : null;
        });
    }

    @Bean
    RefundOutcomes refundOutcomes(RefundStore refunds, PaymentRepository payments, OutboxStore outbox, TaskStore tasks,
                                  UnknownOutcomeLedger ledger, ResolutionCases cases, Transactions transactions,
                                  Clock clock, ResolverProperties resolver) {
        return new RefundOutcomes(refunds, payments, outbox, tasks, ledger, cases, transactions, clock,
                resolver.unknownFirstQueryAfter());
    }

    @Bean
    UnknownOutcomeRecorder unknownOutcomeRecorder(UnknownOutcomeLedger ledger, ResolutionCases cases,
                                                  PaymentRepository payments, Transactions transactions, Clock clock,
                                                  ResolverProperties resolver) {
        return new UnknownOutcomeRecorder(ledger, cases, payments, transactions, clock,
                resolver.unknownFirstQueryAfter());
    }
}
