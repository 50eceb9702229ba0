package dev.tristate.bootstrap;

import dev.tristate.adapter.in.web.merchant.MerchantApiConfiguration;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.out.IdempotencyStore;
import dev.tristate.application.idempotency.service.IdempotencyServices;
import dev.tristate.application.idempotency.service.IdempotencySettings;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.GetPaymentQuery;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.payment.service.PaymentServices;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.refund.service.RefundServices;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.in.AuthenticateMerchantQuery;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.application.tenant.service.TenantServices;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The merchant API: its services as beans, and the web adapter's endpoints. Every {@link ChannelGateway} bean with
 * pay methods is a channel a payment may name; none is fine (every create is then refused, naming the field).
 */
@Configuration(proxyBeanMethods = false)
@Import(MerchantApiConfiguration.class)
public class MerchantApiWiring {

    @Bean
    IdempotencySettings merchantApiIdempotencySettings(
            @Value("${tristate.merchant-api.idempotency.retention:24h}") Duration retention,
            @Value("${tristate.merchant-api.idempotency.lease:30s}") Duration lease) {
        return new IdempotencySettings(retention, lease);
    }

    @Bean
    IdempotentCommands idempotentCommands(IdempotencyStore store, Transactions transactions, Clock clock,
                                          IdempotencySettings merchantApiIdempotencySettings) {
        return IdempotencyServices.idempotentCommands(store, transactions, clock, UUID::randomUUID,
                merchantApiIdempotencySettings);
    }

    @Bean
    TimeOrderedIds timeOrderedIds(Clock clock, SecureRandom random) {
        return new TimeOrderedIds(clock, random);
    }

    @Bean
    CreatePaymentUseCase createPayment(IdempotentCommands idempotentCommands, PaymentRepository payments,
                                       ChannelCredentialStore credentials, ObjectProvider<ChannelGateway> gateways,
                                       Clock clock, TimeOrderedIds ids,
                                       RecordUnknownOutcomeUseCase recordUnknownOutcome) {
        return PaymentServices.createPayment(idempotentCommands, payments, credentials,
                gateways.orderedStream().toList(), clock, ids::payment, recordUnknownOutcome);
    }

    /** A refund's open or unknown outcome is asked of the channel after the resolver's first wait. */
    @Bean
    CreateRefundUseCase createRefund(IdempotentCommands idempotentCommands, PaymentRepository payments,
                                     RefundStore refunds, ChannelCredentialStore credentials,
                                     ObjectProvider<ChannelGateway> gateways, OutboxStore outbox, TaskStore tasks,
                                     UnknownOutcomeLedger ledger, ResolutionCases cases, Transactions transactions,
                                     Clock clock, TimeOrderedIds ids, ResolverWiring.ResolverProperties resolver) {
        return RefundServices.createRefund(idempotentCommands, payments, refunds, credentials,
                gateways.orderedStream().toList(), outbox, tasks, ledger, cases, transactions, clock,
                ids::refund, resolver.unknownFirstQueryAfter());
    }

    @Bean
    GetRefundQuery getRefund(RefundStore refunds) {
        return RefundServices.getRefund(refunds);
    }

    @Bean
    GetPaymentQuery getPayment(PaymentRepository payments) {
        return PaymentServices.getPayment(payments);
    }

    @Bean
    AuthenticateMerchantQuery authenticateMerchant(TenantRepository tenants, Clock clock) {
        return TenantServices.authenticateMerchant(tenants, clock);
    }
}
