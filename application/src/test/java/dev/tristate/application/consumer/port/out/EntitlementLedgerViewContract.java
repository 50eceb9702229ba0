package dev.tristate.application.consumer.port.out;

import static dev.tristate.domain.payment.PaymentTestData.aPendingPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.domain.entitlement.Entitlement;
import dev.tristate.domain.entitlement.EntitlementKey;
import dev.tristate.domain.entitlement.EntitlementKind;
import dev.tristate.domain.entitlement.EntitlementStatus;
import dev.tristate.domain.event.EventId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What every {@link EntitlementLedgerView} that can answer must do: run against the MyBatis adapter and the in-memory
 * fake alike. Grants are written through the {@link EntitlementStore} the view reads.
 */
public abstract class EntitlementLedgerViewContract {

    private static final Instant T0 = Instant.parse("2026-12-01T08:00:00.123456Z");

    protected abstract EntitlementLedgerView view();

    protected abstract EntitlementStore store();

    private final TenantId tenant = new TenantId("t-" + UUID.randomUUID().toString().substring(0, 18));

    private Payment paid(String userId, String sku) {
        return aPendingPayment().withTenant(tenant)
                .withId(new PaymentId("pay_" + UUID.randomUUID().toString().replace("-", "")))
                .withUserId(userId).withSku(sku).withStatus(PaymentStatus.SUCCEEDED).build();
    }

    private void grant(TenantId tenantId, String userId, String sku, PaymentId payment, EntitlementStatus status) {
        EntitlementKind kind = EntitlementKind.of(sku).orElseThrow();
        store().insert(new Entitlement(new EntitlementKey(tenantId, userId, sku, payment), kind, status,
                new EventId(UUID.randomUUID()), T0, kind instanceof EntitlementKind.MembershipDays ? T0 : null));
    }

    private void grant(Payment p) {
        grant(p.tenantId(), p.userId(), p.sku(), p.id(), EntitlementStatus.GRANTED);
    }

    @Test
    void theView_canAnswer() {
        assertThat(view().unavailableBecause()).isEmpty();
    }

    @Test
    void aPaidPaymentWithoutAGrantIsMissingAndOneWithAGrantIsNot() {
        Payment granted = paid("u-1", "course:java-101");
        Payment notGranted = paid("u-1", "course:java-101");
        Payment tokens = paid("u-2", "tokens:500");
        grant(granted);

        assertThat(view().missingEntitlements(tenant, List.of(granted, notGranted, tokens)))
                .containsExactly(notGranted, tokens);
    }

    @Test
    void onlyAGrantUnderThePaymentsWholeKeyCounts() {
        Payment p = paid("u-1", "course:java-101");
        grant(p.tenantId(), "u-2", p.sku(), p.id(), EntitlementStatus.GRANTED);
        grant(p.tenantId(), p.userId(), "course:other", p.id(), EntitlementStatus.GRANTED);
        grant(new TenantId("t-" + UUID.randomUUID().toString().substring(0, 18)), p.userId(), p.sku(), p.id(),
                EntitlementStatus.GRANTED);

        assertThat(view().missingEntitlements(tenant, List.of(p))).containsExactly(p);
    }

    @Test
    void aRevokedGrantWasGrantedSoItIsNotMissing() {
        Payment p = paid("u-1", "membership:30d");
        grant(p.tenantId(), p.userId(), p.sku(), p.id(), EntitlementStatus.REVOKED);

        assertThat(view().missingEntitlements(tenant, List.of(p))).isEmpty();
    }

    @Test
    void aSkuOfNoEntitlementKindBuysNoGrantSoNothingIsMissing() {
        Payment giftCard = paid("u-1", "gift-card:50");

        assertThat(view().missingEntitlements(tenant, List.of(giftCard))).isEmpty();
        assertThat(view().missingEntitlements(tenant, List.of())).isEmpty();
    }

    @Test
    void aLongListIsAnsweredWhole() {
        List<Payment> many = new ArrayList<>();
        IntStream.range(0, 1203).forEach(i -> many.add(paid("u-" + (i % 7), "course:c-" + (i % 3))));
        List<Payment> expected = new ArrayList<>(many);
        for (int i : new int[] {0, 499, 500, 999, 1000, 1202}) {
            grant(many.get(i));
            expected.remove(many.get(i));
        }

        assertThat(view().missingEntitlements(tenant, many)).containsExactlyElementsOf(expected);
    }

    @Test
    void aPaymentOfAnotherTenantIsRefused() {
        Payment ours = paid("u-1", "course:java-101");
        Payment theirs = aPendingPayment().withTenant("t-someone-else").withStatus(PaymentStatus.SUCCEEDED).build();

        assertThatThrownBy(() -> view().missingEntitlements(tenant, List.of(ours, theirs)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("t-someone-else");
    }
}
