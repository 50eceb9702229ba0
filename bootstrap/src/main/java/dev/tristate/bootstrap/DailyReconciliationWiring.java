package dev.tristate.bootstrap;

import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.DailyRound;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase.Outcome;
import dev.tristate.application.reconciliation.port.in.RunDailyReconciliationsUseCase;
import dev.tristate.application.reconciliation.port.in.StartReconciliationUseCase;
import dev.tristate.application.reconciliation.port.out.ReconciliationRecords;
import dev.tristate.application.reconciliation.service.ReconciliationServices;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The daily reconciliation: every {@code tristate.reconciliation.daily.interval} (1 h) a round reconciles yesterday
 * (in each channel's own day) for every account at every channel this instance has a gateway for, or only at those
 * in {@code tristate.reconciliation.daily.channels} where it is set, once the day is {@code settle-after} (2 h) over,
 * skipping accounts whose day already has a completed run.
 */
@Configuration(proxyBeanMethods = false)
public class DailyReconciliationWiring {

    @Bean
    RunDailyReconciliationsUseCase dailyReconciliations(
            StartReconciliationUseCase reconciliation, ChannelCredentialStore credentials,
            ReconciliationRecords records, Clock clock, List<ChannelGateway> gateways,
            @Value("${tristate.reconciliation.daily.channels:}") List<String> only,
            @Value("${tristate.reconciliation.daily.settle-after:2h}") Duration settleAfter) {
        Map<String, ZoneId> channels = new TreeMap<>();
        gateways.stream().filter(g -> only.isEmpty() || only.contains(g.channel()))
                .forEach(g -> channels.put(g.channel(), g.statementZone()));
        return ReconciliationServices.dailyReconciliations(reconciliation, credentials, records, clock, channels,
                settleAfter);
    }

    @Bean
    @ConditionalOnProperty(name = "tristate.reconciliation.daily.enabled", havingValue = "true",
            matchIfMissing = true)
    PeriodicTask dailyReconciliation(RunDailyReconciliationsUseCase daily,
                                     @Value("${tristate.reconciliation.daily.interval:1h}") Duration interval) {
        return new PeriodicTask("tristate-daily-reconciliation", interval, () -> {
            DailyRound round = daily.runDue();
            long reconciled = round.count(Outcome.RECONCILED);
            long unavailable = round.count(Outcome.UNAVAILABLE);
            long failed = round.count(Outcome.FAILED);
            return reconciled + unavailable + failed == 0 ? null : "day " + round.day() + ": " + reconciled
                    + " reconciled, " + unavailable + " statements not available yet, " + failed + " failed "
                    + round.results().stream().filter(r -> r.outcome() == Outcome.FAILED).toList();
        });
    }
}
