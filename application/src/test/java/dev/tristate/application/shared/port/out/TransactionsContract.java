package dev.tristate.application.shared.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.tenant.port.out.TenantRepository;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.Tenant;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Transactions} must do, shown with a store taking part in the unit of work: the Spring adapter on
 * the database and the in-memory fake that service tests run on are held to the same all-or-nothing behaviour.
 */
public abstract class TransactionsContract {

    protected abstract Transactions transactions();

    /** A store whose writes take part in {@link #transactions()}. */
    protected abstract TenantRepository tenants();

    private static Tenant aTenant() {
        String s = UUID.randomUUID().toString().substring(0, 18);
        return new Tenant(new TenantId("t-" + s), "Shop", new MerchantId("m-" + s), Instant.parse("2026-11-30T00:00:00Z"));
    }

    @Test
    void everythingInTheUnitOfWorkCommitsTogetherAndItsResultIsReturned() {
        Tenant a = aTenant();
        Tenant b = aTenant();

        String result = transactions().inTransaction(() -> {
            tenants().insert(a);
            tenants().insert(b);
            return "done";
        });

        assertThat(result).isEqualTo("done");
        assertThat(tenants().findById(a.id())).isPresent();
        assertThat(tenants().findById(b.id())).isPresent();
    }

    @Test
    void aFailureRollsBackEverythingAndABusinessExceptionPassesThroughUnchanged() {
        Tenant a = aTenant();
        IllegalStateException business = new IllegalStateException("business rule");

        assertThatThrownBy(() -> transactions().inTransaction(() -> {
            tenants().insert(a);
            throw business;
        })).isSameAs(business);

        assertThat(tenants().findById(a.id())).isEmpty();
    }

    @Test
    void aDuplicateKeyInsideTheUnitOfWorkIsADefiniteAlreadyExistsAndRollsBackTheRest() {
        Tenant a = aTenant();
        Tenant other = aTenant();
        tenants().insert(a);

        assertThatThrownBy(() -> transactions().inTransaction(() -> {
            tenants().insert(other);
            tenants().insert(a);
        })).isInstanceOfSatisfying(PersistenceFailure.AlreadyExists.class,
                e -> assertThat(e.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE));

        assertThat(tenants().findById(other.id())).as("rolled back with the duplicate").isEmpty();
    }

    @Test
    void aUnitOfWorkInsideAnotherIsPartOfIt() {
        Tenant inner = aTenant();

        assertThatThrownBy(() -> transactions().inTransaction(() -> {
            transactions().inTransaction(() -> tenants().insert(inner));
            throw new IllegalStateException("the outer work fails after the inner one finished");
        })).isInstanceOf(IllegalStateException.class);

        assertThat(tenants().findById(inner.id())).as("the inner work went with the outer").isEmpty();
    }
}
