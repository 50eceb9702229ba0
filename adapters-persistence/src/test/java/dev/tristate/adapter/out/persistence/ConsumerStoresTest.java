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
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.TenantWebhooks;
import org.junit.jupiter.api.Nested;
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
