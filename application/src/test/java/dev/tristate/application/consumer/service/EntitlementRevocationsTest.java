package dev.tristate.application.consumer.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.fakes.InMemoryEntitlementStore;
import dev.tristate.application.fakes.InMemoryTransactions;
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
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What revoking a fully refunded payment's grants takes back: once, and never below nothing. */
class EntitlementRevocationsTest {

    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");
    private static final TenantId TENANT = new TenantId("t-revoke");
    private static final String USER = "u-42";

    private final InMemoryEntitlementStore store = new InMemoryEntitlementStore();
    private final EntitlementRevocations revocations = new EntitlementRevocations(store,
            new InMemoryTransactions(store));

    private PaymentId membershipBought(int days, Instant at) {
        PaymentId payment = new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", ""));
        Membership current = store.lockMembership(TENANT, USER).orElse(null);
        Membership extended = Membership.extend(current, TENANT, USER, days, at);
        store.saveMembership(extended, current == null);
        store.insert(Entitlement.grant(new EntitlementKey(TENANT, USER, "membership:" + days + "d", payment),
                new EntitlementKind.MembershipDays(days), new EventId(UUID.randomUUID()), at, extended.endsAt()));
        return payment;
    }

    private Instant membershipEnd() {
        return store.lockMembership(TENANT, USER).orElseThrow().endsAt();
    }

    @Test
    void aRefundedMembershipGrantMovesTheEndBackByItsDaysOnceAndALaterGrantKeepsItsDays() {
        PaymentId first = membershipBought(30, T0);
        membershipBought(30, T0);
        assertThat(membershipEnd()).isEqualTo(T0.plus(Duration.ofDays(60)));
        Instant refundedAt = T0.plus(Duration.ofDays(10));

        int revoked = revocations.revoke(TENANT, first, refundedAt);
        int again = revocations.revoke(TENANT, first, refundedAt.plusSeconds(60));

        assertThat(revoked).isEqualTo(1);
        assertThat(again).isZero();
        assertThat(membershipEnd()).as("the second purchase's 30 days remain").isEqualTo(T0.plus(Duration.ofDays(30)));
        assertThat(store.findByPayment(TENANT, first)).extracting(Entitlement::status)
                .containsExactly(EntitlementStatus.REVOKED);
    }

    @Test
    void aRefundedMembershipThatWasMostlyUsedEndsNowNotInThePast() {
        PaymentId only = membershipBought(30, T0);
        Instant refundedAt = T0.plus(Duration.ofDays(25));

        revocations.revoke(TENANT, only, refundedAt);

        assertThat(membershipEnd()).isEqualTo(refundedAt);
    }

    @Test
    void aRefundedTokenCreditIsDebitedOnceAndNeverBelowAZeroBalance() {
        PaymentId payment = new PaymentId("pay_tokens");
        store.insert(Entitlement.grant(new EntitlementKey(TENANT, USER, "tokens:100", payment),
                new EntitlementKind.TokenQuota(100), new EventId(UUID.randomUUID()), T0, null));
        store.appendTokenEntry(new TokenLedgerEntry(TENANT, USER, "grant:pay_tokens", 100, T0));
        store.appendTokenEntry(new TokenLedgerEntry(TENANT, USER, "spend:1", -70, T0.plusSeconds(10)));

        revocations.revoke(TENANT, payment, T0.plusSeconds(20));
        revocations.revoke(TENANT, payment, T0.plusSeconds(30));

        assertThat(store.tokenBalance(TENANT, USER)).isZero();
        assertThat(store.tokenLedger(TENANT, USER)).extracting(TokenLedgerEntry::delta).containsExactly(100L, -70L,
                -30L);
    }
}
