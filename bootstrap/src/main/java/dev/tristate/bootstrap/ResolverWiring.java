package dev.tristate.bootstrap;

import dev.tristate.application.callback.port.in.ApplyChannelReportUseCase;
import dev.tristate.application.callback.port.out.NotificationLog;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundServices;
import dev.tristate.application.resolution.port.in.AskChannelUseCase;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.in.ResolvePaymentsUseCase;
import dev.tristate.application.resolution.port.in.UnknownCasesQuery;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.resolution.service.ResolutionServices;
import dev.tristate.application.resolution.service.ResolverSettings;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.resolution.QuerySchedule;
import io.micrometer.core.instrument.MeterRegistry;
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
    ResolutionServices.Resolver resolver(ObjectProvider<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                         ResolutionCases cases, UnknownOutcomeLedger ledger,
                                         PaymentRepository payments, RefundStore refunds, NotificationLog log,
                                         ApplyChannelReportUseCase applyChannelReport,
                                         ApplyRefundAnswerUseCase applyRefundAnswer, Transactions transactions,
                                         Clock clock, ResolverSettings settings) {
        return ResolutionServices.resolver(gateways.orderedStream().toList(), credentials, cases, ledger, payments,
                refunds, log, applyChannelReport, applyRefundAnswer, transactions, clock, UUID::randomUUID,
                settings);
    }

    @Bean
    ResolvePaymentsUseCase resolvePayments(ResolutionServices.Resolver resolver) {
        return resolver.resolve();
    }

    @Bean
    AskChannelUseCase askChannel(ResolutionServices.Resolver resolver) {
        return resolver.askChannel();
    }

    @Bean
    UnknownCasesQuery unknownCases(ResolutionServices.Resolver resolver) {
        return resolver.unknownCases();
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.resolver.enabled", havingValue = "true", matchIfMissing = true)
    PeriodicTask resolverScheduler(ResolvePaymentsUseCase resolver, ResolverProperties properties,
                                   MeterRegistry meters) {
        ResolverQueries queries = new ResolverQueries(meters);
        // Every instance may run it: the cases' leases keep the resolvers apart.
        return new PeriodicTask("tristate-resolver", properties.interval(), () -> {
            ResolvePaymentsUseCase.ResolverRun run = resolver.resolveDue();
            queries.count(run);
            return run.claimed() > 0 || run.opened() > 0 ? "resolver round: " + run : null;
        });
    }

    @Bean
    ApplyRefundAnswerUseCase applyRefundAnswer(RefundStore refunds, PaymentRepository payments, OutboxStore outbox,
                                               TaskStore tasks, UnknownOutcomeLedger ledger, ResolutionCases cases,
                                               Transactions transactions, Clock clock, ResolverProperties resolver) {
        return RefundServices.applyRefundAnswer(refunds, payments, outbox, tasks, ledger, cases, transactions, clock,
                resolver.unknownFirstQueryAfter());
    }

    @Bean
    RecordUnknownOutcomeUseCase recordUnknownOutcome(UnknownOutcomeLedger ledger, ResolutionCases cases,
                                                     PaymentRepository payments, Transactions transactions,
                                                     Clock clock, ResolverProperties resolver) {
        return ResolutionServices.recordUnknownOutcome(ledger, cases, payments, transactions, clock,
                resolver.unknownFirstQueryAfter());
    }
}
