package dev.tristate.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.port.out.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

class SpringTransactionsTest extends PersistenceIntegrationTest {

    @Autowired
    Transactions transactions;

    @Autowired
    TenantRepository tenants;

    private static Tenant aTenant() {
        String s = UUID.randomUUID().toString().substring(0, 18);
        return new Tenant(new TenantId("t-" + s), "Shop", new MerchantId("m-" + s), Instant.parse("2026-11-30T00:00:00Z"));
    }

    @Test
    void everythingInTheUnitOfWorkCommitsTogether() {
        Tenant a = aTenant();
        Tenant b = aTenant();

        transactions.inTransaction(() -> {
            tenants.insert(a);
            tenants.insert(b);
        });

        assertThat(tenants.findById(a.id())).isPresent();
        assertThat(tenants.findById(b.id())).isPresent();
    }

    @Test
    void aFailureRollsBackEverythingAndABusinessExceptionPassesThroughUnchanged() {
        Tenant a = aTenant();
        IllegalStateException business = new IllegalStateException("business rule");

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            tenants.insert(a);
            throw business;
        })).isSameAs(business);

        assertThat(tenants.findById(a.id())).isEmpty();
    }

    @Test
    void aDuplicateKeyInsideTheUnitOfWorkIsADefiniteAlreadyExists() {
        Tenant a = aTenant();
        Tenant other = aTenant();
        tenants.insert(a);

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
            tenants.insert(other);
            tenants.insert(a);
        })).isInstanceOfSatisfying(PersistenceFailure.AlreadyExists.class,
                e -> assertThat(e.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE));

        assertThat(tenants.findById(other.id())).as("rolled back with the duplicate").isEmpty();
    }
}
