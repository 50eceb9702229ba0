package dev.tristate.application.consumer.service;

import dev.tristate.application.consumer.port.in.ConsumeEventUseCase;
import dev.tristate.application.consumer.port.in.GrantEntitlementUseCase;
import dev.tristate.application.consumer.port.in.PaymentEntitlementsQuery;
import dev.tristate.application.consumer.port.in.ReleaseQuarantinedWorkUseCase;
import dev.tristate.application.consumer.port.in.RetryConsumerDeliveriesUseCase;
import dev.tristate.application.consumer.port.in.RunTasksUseCase;
import dev.tristate.application.consumer.port.in.WorkQuarantineQuery;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EventPayloadReader;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TenantNotifier;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.shared.port.out.AuditTrail;
import dev.tristate.application.shared.port.out.CrashPoints;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import java.time.Clock;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The consumer feature's use cases, built for the wiring: the implementations stay inside this package.
 */
public final class ConsumerServices {

    private ConsumerServices() {
    }

    /** The entitlements consumer: a message as it arrives, and the deliveries due again; one implementation. */
    public record EntitlementsConsumer(ConsumeEventUseCase consume, RetryConsumerDeliveriesUseCase retry) {
        public EntitlementsConsumer {
            Objects.requireNonNull(consume, "consume");
            Objects.requireNonNull(retry, "retry");
        }
    }

    /** Quarantined consumer messages and tasks: listed (the query), replayed and discarded (the release). */
    public record WorkQuarantine(WorkQuarantineQuery query, ReleaseQuarantinedWorkUseCase release) {
        public WorkQuarantine {
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(release, "release");
        }
    }

    /** {@code random} (the retries' jitter) must be thread-safe: the listener's threads share the consumer. */
    public static EntitlementsConsumer entitlementsConsumer(EventPayloadReader reader, Inbox inbox,
                                                            EntitlementStore entitlements,
                                                            ConsumerDeliveryStore deliveries, TaskStore tasks,
                                                            PaymentRepository payments, Transactions transactions,
                                                            CrashPoints crashPoints, Clock clock,
                                                            RandomGenerator random, ConsumerSettings settings) {
        ConsumedMessageCheck check = new ConsumedMessageCheck(reader);
        EntitlementGrants grants = new EntitlementGrants(entitlements, tasks);
        SingleApplication single = new SingleApplication(check, inbox, payments, grants, transactions, clock);
        EntitlementsConsumerService consume = new EntitlementsConsumerService(check, single,
                new BatchApplication(EntitlementsConsumerService.CONSUMER, inbox, payments, entitlements, tasks,
                        grants),
                new DeliveryFailures(deliveries, transactions, clock, random, settings), transactions, crashPoints,
                clock);
        return new EntitlementsConsumer(consume, new DeliveryRetries(deliveries, single, clock, random, settings));
    }

    /** The consumer's own grant, for reconciliation's re-grant: the key's uniqueness makes the two paths one grant. */
    public static GrantEntitlementUseCase grantEntitlement(EntitlementStore entitlements, TaskStore tasks) {
        return new EntitlementGrants(entitlements, tasks);
    }

    public static PaymentEntitlementsQuery paymentEntitlements(EntitlementStore entitlements) {
        return new PaymentEntitlementsService(entitlements);
    }

    /**
     * The task runner, with the revocation tasks of fully refunded payments run against {@code entitlements};
     * notices are signed with the tenants' webhook signing secrets from {@code credentials}.
     */
    public static RunTasksUseCase runTasks(TaskStore tasks, PaymentRepository payments, TenantWebhooks webhooks,
                                           ChannelCredentialStore credentials, TenantNotifier notifier,
                                           CrashPoints crashPoints, Clock clock, RandomGenerator random,
                                           TaskSettings settings, EntitlementStore entitlements,
                                           Transactions transactions, TraceContext trace) {
        return new TaskRunnerService(tasks, payments, new EntitlementRevocations(entitlements, transactions),
                new TenantNotices(webhooks, credentials, notifier, trace, crashPoints, clock), clock, random, settings);
    }

    public static WorkQuarantine workQuarantine(ConsumerDeliveryStore deliveries, TaskStore tasks, AuditTrail audit,
                                                Transactions transactions, Clock clock) {
        return new WorkQuarantine(new WorkQuarantineQueryService(deliveries, tasks),
                new WorkQuarantineService(deliveries, tasks, audit, transactions, clock));
    }
}
