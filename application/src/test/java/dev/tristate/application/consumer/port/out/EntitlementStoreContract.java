package dev.tristate.application.consumer.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.entitlement.Membership;
import dev.tristate.domain.entitlement.TokenLedgerEntry;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What every {@link EntitlementStore} must do: run against the MyBatis adapter and the in-memory fake alike. */
public abstract class EntitlementStoreContract {

    protected static final Instant T0 = Instant.parse("2026-12-01T08:00:00.123456Z");

    protected abstract EntitlementStore store();

    protected abstract Transactions transactions();

    private static TenantId aTenant() {
        return new TenantId("t-" + UUID.randomUUID().toString().substring(0, 18));
    }

    private static PaymentId aPayment() {
        return new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
    }

    private static Entitlement course(TenantId tenant, PaymentId payment, String sku, Instant at) {
        EntitlementKey key = new EntitlementKey(tenant, "u-1", sku, payment);
        return Entitlement.grant(key, EntitlementKind.of(sku).orElseThrow(), new EventId(UUID.randomUUID()), at, null);
    }

    @Test
    void aGrantReadsBackEqualInEveryField() {
        TenantId tenant = aTenant();
        EntitlementKey key = new EntitlementKey(tenant, "u-1", "membership:30d", aPayment());
        Entitlement membership = Entitlement.grant(key, EntitlementKind.of("membership:30d").orElseThrow(),
                new EventId(UUID.randomUUID()), T0, T0.plus(Duration.ofDays(30)));

        store().insert(membership);

        assertThat(store().find(key)).contains(membership);
    }

    @Test
    void aBusinessKeyIsGrantedOnceWhateverEventCarriesIt() {
        TenantId tenant = aTenant();
        PaymentId payment = aPayment();
        Entitlement first = course(tenant, payment, "course:java-101", T0);
        store().insert(first);

        assertThatThrownBy(() -> store().insert(course(tenant, payment, "course:java-101", T0.plusSeconds(1))))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(store().findByPayment(tenant, payment)).containsExactly(first);
    }

    @Test
    void grantsAreInsertedTogetherAndTheGrantedKeysAmongManyAreKnownInOneRead() {
        TenantId tenant = aTenant();
        TenantId otherTenant = aTenant();
        PaymentId payment = aPayment();
        Entitlement java = course(tenant, payment, "course:java-101", T0);
        Entitlement go = course(tenant, aPayment(), "course:go-201", T0);
        Entitlement otherTenants = course(otherTenant, payment, "course:java-101", T0);
        EntitlementKey notGranted = new EntitlementKey(tenant, "u-1", "course:rust-301", payment);
        EntitlementKey otherUser = new EntitlementKey(tenant, "u-2", "course:java-101", payment);

        store().insertAll(List.of(java, go));
        store().insert(otherTenants);

        assertThat(store().find(go.key())).contains(go);
        assertThat(store().grantedKeys(List.of(java.key(), go.key(), notGranted, otherUser)))
                .containsExactlyInAnyOrder(java.key(), go.key());
        assertThat(store().grantedKeys(List.of(otherTenants.key()))).containsExactly(otherTenants.key());
        assertThat(store().grantedKeys(List.of())).isEmpty();
        assertThatThrownBy(() -> transactions().inTransaction(() -> {
            store().insertAll(List.of(course(tenant, aPayment(), "course:c-1", T0), java));
            return null;
        })).isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void aPaymentsGrantsAreReadOnlyByItsTenant() {
        TenantId tenant = aTenant();
        PaymentId payment = aPayment();
        Entitlement a = course(tenant, payment, "course:a", T0);
        Entitlement b = course(tenant, payment, "course:b", T0.plusSeconds(1));
        store().insert(b);
        store().insert(a);

        assertThat(store().findByPayment(tenant, payment)).containsExactly(a, b);
        assertThat(store().findByPayment(aTenant(), payment)).isEmpty();
    }

    @Test
    void aMembershipIsCreatedThenExtended() {
        TenantId tenant = aTenant();
        transactions().inTransaction(() -> {
            assertThat(store().lockMembership(tenant, "u-1")).isEmpty();
            store().saveMembership(new Membership(tenant, "u-1", T0), true);
        });
        Membership extended = new Membership(tenant, "u-1", T0.plus(Duration.ofDays(30)));

        transactions().inTransaction(() -> store().saveMembership(extended, false));

        assertThat(transactions().inTransaction(() -> store().lockMembership(tenant, "u-1"))).contains(extended);
        assertThat(transactions().inTransaction(() -> store().lockMembership(tenant, "u-2"))).isEmpty();
    }

    @Test
    void aSecondNewMembershipForTheSameUserIsRefused() {
        TenantId tenant = aTenant();
        transactions().inTransaction(() -> store().saveMembership(new Membership(tenant, "u-1", T0), true));

        assertThatThrownBy(() -> transactions().inTransaction(
                () -> store().saveMembership(new Membership(tenant, "u-1", T0.plusSeconds(9)), true)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
    }

    @Test
    void theTokenLedgerSumsCreditsAndDebitsAndTakesEachEntryOnce() {
        TenantId tenant = aTenant();
        TokenLedgerEntry credit = TokenLedgerEntry.credit(tenant, "u-1", "grant:pay_1:tokens:100", 100, T0);
        TokenLedgerEntry debit = new TokenLedgerEntry(tenant, "u-1", "spend:1", -30, T0.plusSeconds(1));
        transactions().inTransaction(() -> store().appendTokenEntry(credit));
        transactions().inTransaction(() -> {
            assertThat(store().lockTokenBalance(tenant, "u-1")).isEqualTo(100);
            store().appendTokenEntry(debit);
        });

        assertThatThrownBy(() -> transactions().inTransaction(() -> store().appendTokenEntry(credit)))
                .isInstanceOf(PersistenceFailure.AlreadyExists.class);
        assertThat(store().tokenBalance(tenant, "u-1")).isEqualTo(70);
        assertThat(store().tokenLedger(tenant, "u-1")).containsExactly(credit, debit);
        assertThat(store().findTokenEntry(tenant, "u-1", "spend:1")).contains(debit);
        assertThat(store().tokenBalance(tenant, "u-2")).isZero();
        assertThat(transactions().inTransaction(() -> store().lockTokenBalance(tenant, "u-2"))).isZero();
    }

    @Test
    void aGrantIsRevokedOnceAndOnlyAGrantThatStands() {
        TenantId tenant = aTenant();
        PaymentId payment = aPayment();
        Entitlement grant = course(tenant, payment, "course:java-101", T0);
        store().insert(grant);

        assertThat(store().revoke(grant.key())).isTrue();
        assertThat(store().revoke(grant.key())).as("already revoked: the row count says so").isFalse();
        assertThat(store().revoke(new EntitlementKey(tenant, "u-1", "course:other", payment))).isFalse();

        assertThat(store().find(grant.key())).hasValueSatisfying(e -> {
            assertThat(e.status()).isEqualTo(EntitlementStatus.REVOKED);
            assertThat(e.grantedAt()).isEqualTo(grant.grantedAt());
        });
    }
}
