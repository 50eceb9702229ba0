package dev.tristate.domain.entitlement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.entitlement.EntitlementKind.CourseAccess;
import dev.tristate.domain.entitlement.EntitlementKind.MembershipDays;
import dev.tristate.domain.entitlement.EntitlementKind.TokenQuota;
import dev.tristate.domain.entitlement.TokenLedgerEntry.DebitOutcome;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EntitlementRulesTest {

    private static final TenantId TENANT = new TenantId("t-1");
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void theSkuPrefixNamesTheKind() {
        assertThat(EntitlementKind.of("course:java-101")).contains(new CourseAccess("java-101"));
        assertThat(EntitlementKind.of("membership:30d")).contains(new MembershipDays(30));
        assertThat(EntitlementKind.of("tokens:5000")).contains(new TokenQuota(5000));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "course:", "course", "book:1", "membership:0d", "membership:30", "membership:-1d",
            "membership:3661d", "tokens:0", "tokens:-5", "tokens:1000000001", "tokens:1.5", "COURSE:x",
            "course:a b", "membership:30dd"})
    void aSkuOfNoKnownKindGrantsNothing(String sku) {
        assertThat(EntitlementKind.of(sku)).isEmpty();
    }

    @Test
    void aMembershipWithoutOneStartsNow() {
        assertThat(Membership.extend(null, TENANT, "u", 30, NOW).endsAt()).isEqualTo(NOW.plus(Duration.ofDays(30)));
    }

    @Test
    void aRunningMembershipIsExtendedFromItsEnd() {
        Membership running = new Membership(TENANT, "u", NOW.plus(Duration.ofDays(10)));

        assertThat(Membership.extend(running, TENANT, "u", 30, NOW).endsAt())
                .isEqualTo(NOW.plus(Duration.ofDays(40)));
    }

    @Test
    void aLapsedMembershipIsExtendedFromNow() {
        Membership lapsed = new Membership(TENANT, "u", NOW.minus(Duration.ofDays(10)));

        assertThat(Membership.extend(lapsed, TENANT, "u", 30, NOW).endsAt()).isEqualTo(NOW.plus(Duration.ofDays(30)));
    }

    @Test
    void aRefundedGrantMovesTheEndBackByItsDaysButNotBeforeNowAndALapsedMembershipStaysAsItIs() {
        Membership running = new Membership(TENANT, "u", NOW.plus(Duration.ofDays(50)));
        Membership lapsed = new Membership(TENANT, "u", NOW.minus(Duration.ofDays(1)));

        assertThat(running.shorten(30, NOW).endsAt()).isEqualTo(NOW.plus(Duration.ofDays(20)));
        assertThat(running.shorten(60, NOW).endsAt()).as("not before now").isEqualTo(NOW);
        assertThat(lapsed.shorten(30, NOW)).isEqualTo(lapsed);
        assertThatThrownBy(() -> running.shorten(0, NOW)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMembershipIsExtendedOnlyForItsOwnUser() {
        Membership someoneElses = new Membership(TENANT, "other", NOW);

        assertThatThrownBy(() -> Membership.extend(someoneElses, TENANT, "u", 30, NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aDebitNeedsTheBalance() {
        assertThat(TokenLedgerEntry.debit(TENANT, "u", "spend-1", 10, 9, NOW))
                .isEqualTo(new DebitOutcome.Insufficient(9));
        assertThat(TokenLedgerEntry.debit(TENANT, "u", "spend-1", 10, 10, NOW)).isEqualTo(
                new DebitOutcome.Debited(new TokenLedgerEntry(TENANT, "u", "spend-1", -10, NOW), 0));
    }

    @Test
    void creditsAndDebitsArePositiveAmounts() {
        assertThatThrownBy(() -> TokenLedgerEntry.credit(TENANT, "u", "k", 0, NOW))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TokenLedgerEntry.debit(TENANT, "u", "k", -1, 10, NOW))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlyAMembershipGrantHasAnEnd() {
        EntitlementKey key = new EntitlementKey(TENANT, "u", "course:x", new PaymentId("pay_1"));
        EventId event = new EventId(UUID.randomUUID());

        assertThatThrownBy(() -> Entitlement.grant(key, new CourseAccess("x"), event, NOW, NOW))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Entitlement.grant(key, new MembershipDays(3), event, NOW, null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Entitlement.grant(key, new CourseAccess("x"), event, NOW, null).status())
                .isEqualTo(EntitlementStatus.GRANTED);
    }

    @Test
    void theCreditOfAGrantIsKeyedByPaymentAndSku() {
        EntitlementKey key = new EntitlementKey(TENANT, "u", "tokens:5", new PaymentId("pay_1"));

        assertThat(key.creditEntryKey()).isEqualTo("grant:pay_1:tokens:5");
    }
}
