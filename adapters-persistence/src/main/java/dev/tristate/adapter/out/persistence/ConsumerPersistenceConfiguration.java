package dev.tristate.adapter.out.persistence;

import dev.tristate.adapter.out.persistence.consumer.ConsumerBatchStatements;
import dev.tristate.adapter.out.persistence.consumer.ConsumerMapper;
import dev.tristate.adapter.out.persistence.consumer.EntitlementMapper;
import dev.tristate.adapter.out.persistence.consumer.MyBatisConsumerDeliveryStore;
import dev.tristate.adapter.out.persistence.consumer.MyBatisEntitlementLedgerView;
import dev.tristate.adapter.out.persistence.consumer.MyBatisEntitlementStore;
import dev.tristate.adapter.out.persistence.consumer.MyBatisInbox;
import dev.tristate.adapter.out.persistence.consumer.MyBatisTaskStore;
import dev.tristate.adapter.out.persistence.consumer.TaskMapper;
import dev.tristate.adapter.out.persistence.jdbc.StoreJdbc;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import java.time.Duration;
import javax.sql.DataSource;
import org.apache.ibatis.session.SqlSessionFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
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
    ConsumerBatchStatements consumerBatchStatements(DataSource dataSource, SqlSessionFactory sqlSessionFactory,
            @Value("${tristate.datasource.statement-timeout:10s}") Duration statementTimeout) {
        return new ConsumerBatchStatements(StoreJdbc.template(dataSource, statementTimeout), sqlSessionFactory);
    }

    @Bean
    Inbox inbox(ConsumerMapper mapper, ConsumerBatchStatements batches) {
        return new MyBatisInbox(mapper, batches);
    }

    @Bean
    EntitlementStore entitlementStore(EntitlementMapper mapper, ConsumerBatchStatements batches) {
        return new MyBatisEntitlementStore(mapper, batches);
    }

    @Bean
    EntitlementLedgerView entitlementLedgerView(EntitlementMapper mapper) {
        return new MyBatisEntitlementLedgerView(mapper);
    }

    @Bean
    MyBatisTaskStore taskStore(TaskMapper mapper, ConsumerBatchStatements batches,
                               ObjectProvider<TraceContext> trace) {
        return new MyBatisTaskStore(mapper, batches, trace.getIfAvailable(() -> TraceContext.NONE));
    }

    @Bean
    ConsumerDeliveryStore consumerDeliveryStore(ConsumerMapper mapper) {
        return new MyBatisConsumerDeliveryStore(mapper);
    }
}
