package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper;
import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper;
import dev.tristate.adapter.out.persistence.consumer.MyBatisConsumerDeliveryStore;
import dev.tristate.adapter.out.persistence.consumer.MyBatisEntitlementLedgerView;
import dev.tristate.adapter.out.persistence.consumer.MyBatisEntitlementStore;
import dev.tristate.adapter.out.persistence.consumer.MyBatisInbox;
import dev.tristate.adapter.out.persistence.consumer.MyBatisTaskStore;
import dev.tristate.adapter.out.persistence.consumer.TaskMapper;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The consumers' stores: inbox, entitlements (with memberships and the token ledger, and reconciliation's view of
 * them, {@link EntitlementLedgerView}), retries and quarantine; the
 * task table and the tenants' webhook endpoints ({@link TaskStore}, {@link TenantWebhooks}: one bean, both ports).
 */
@Configuration(proxyBeanMethods = false)
public class ConsumerPersistenceConfiguration {

    @Bean
    Inbox inbox(ConsumerMapper mapper) {
        return new MyBatisInbox(mapper);
    }

    @Bean
    EntitlementStore entitlementStore(EntitlementMapper mapper) {
        return new MyBatisEntitlementStore(mapper);
    }

    @Bean
    EntitlementLedgerView entitlementLedgerView(EntitlementMapper mapper) {
        return new MyBatisEntitlementLedgerView(mapper);
    }

    @Bean
    MyBatisTaskStore taskStore(TaskMapper mapper, ObjectProvider<TraceContext> trace) {
        return new MyBatisTaskStore(mapper, trace.getIfAvailable(() -> TraceContext.NONE));
    }

    @Bean
    ConsumerDeliveryStore consumerDeliveryStore(ConsumerMapper mapper) {
        return new MyBatisConsumerDeliveryStore(mapper);
    }
}
