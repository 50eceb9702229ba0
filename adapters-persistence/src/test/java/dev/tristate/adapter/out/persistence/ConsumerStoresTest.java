package dev.tristate.adapter.out.persistence;

import dev.tristate.application.consumer.port.out.ConsumerDeliveryStore;
import dev.tristate.application.consumer.port.out.ConsumerDeliveryStoreContract;
import dev.tristate.application.consumer.port.out.EntitlementLedgerView;
import dev.tristate.application.consumer.port.out.EntitlementLedgerViewContract;
import dev.tristate.application.consumer.port.out.EntitlementStore;
import dev.tristate.application.consumer.port.out.EntitlementStoreContract;
import dev.tristate.application.consumer.port.out.Inbox;
import dev.tristate.application.consumer.port.out.InboxContract;
import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.consumer.port.out.TaskStoreContract;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.persistence.consumer.ConsumerBatchStatements;
import dev.tristate.adapter.out.persistence.consumer.MyBatisTaskStore;
import dev.tristate.adapter.out.persistence.consumer.TaskMapper;
import dev.tristate.application.shared.port.out.TraceContext;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.task.Task;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The consumers' and tasks' port contracts on MyBatis: MariaDB under .ci/run (TRISTATE_IT_DB_URL), the embedded H2 elsewhere. */
class ConsumerStoresTest extends PersistenceIntegrationTest {

    @Autowired Inbox inbox;
    @Autowired EntitlementStore entitlements;
    @Autowired EntitlementLedgerView ledgerView;
    @Autowired ConsumerDeliveryStore deliveries;
    @Autowired Transactions transactions;
    @Autowired TaskStore tasks;
    @Autowired TenantWebhooks webhooks;
    @Autowired TaskMapper taskMapper;
    @Autowired ConsumerBatchStatements batches;

    /** A task row keeps the trace of the work that wrote it: its own, or else the one current at the insert. */
    @Test
    void aTaskRowKeepsTheTraceparentOfTheWorkThatWroteIt() {
        String current = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        String own = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        TaskStore traced = new MyBatisTaskStore(taskMapper, batches, new TraceContext() {
            @Override
            public Optional<String> traceId() {
                return Optional.of(current.substring(3, 35));
            }

            @Override
            public Optional<String> traceparent() {
                return Optional.of(current);
            }
        });
        Task untraced = aTask();
        Task withItsOwn = aTask().tracedBy(own);
        Task outsideAnyTrace = aTask();
        Task untracedInABatch = aTask();
        Task withItsOwnInABatch = aTask().tracedBy(own);
        Task outsideAnyTraceInABatch = aTask();

        traced.insert(untraced);
        traced.insert(withItsOwn);
        tasks.insert(outsideAnyTrace);
        traced.insertAll(List.of(untracedInABatch, withItsOwnInABatch));
        tasks.insertAll(List.of(outsideAnyTraceInABatch));

        assertThat(tasks.find(untraced.key()).orElseThrow().traceparent()).isEqualTo(current);
        assertThat(tasks.find(withItsOwn.key()).orElseThrow().traceparent()).isEqualTo(own);
        assertThat(tasks.find(outsideAnyTrace.key()).orElseThrow().traceparent()).isNull();
        assertThat(tasks.find(untracedInABatch.key()).orElseThrow().traceparent()).isEqualTo(current);
        assertThat(tasks.find(withItsOwnInABatch.key()).orElseThrow().traceparent()).isEqualTo(own);
        assertThat(tasks.find(outsideAnyTraceInABatch.key()).orElseThrow().traceparent()).isNull();
    }

    private static Task aTask() {
        return Task.entitlementGranted(new EntitlementKey(new TenantId("t-trace"), "u-1",
                "course:" + UUID.randomUUID(), new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""))),
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    @Nested
    class TheInbox extends InboxContract {
        @Override
        protected Inbox inbox() {
            return inbox;
        }
    }

    @Nested
    class TheEntitlementStore extends EntitlementStoreContract {
        @Override
        protected EntitlementStore store() {
            return entitlements;
        }

        @Override
        protected Transactions transactions() {
            return transactions;
        }
    }

    @Nested
    class TheEntitlementLedgerView extends EntitlementLedgerViewContract {
        @Override
        protected EntitlementLedgerView view() {
            return ledgerView;
        }

        @Override
        protected EntitlementStore store() {
            return entitlements;
        }
    }

    @Nested
    class TheDeliveryStore extends ConsumerDeliveryStoreContract {
        @Override
        protected ConsumerDeliveryStore store() {
            return deliveries;
        }
    }

    @Nested
    class TheTaskStore extends TaskStoreContract {
        @Override
        protected TaskStore store() {
            return tasks;
        }

        @Override
        protected TenantWebhooks webhooks() {
            return webhooks;
        }
    }
}
