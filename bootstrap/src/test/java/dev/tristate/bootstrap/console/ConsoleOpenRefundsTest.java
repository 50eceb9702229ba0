package dev.tristate.bootstrap.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.domain.console.ConsoleRole;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The refunds still waiting for the channel are listed on the "Pending and unknown" page, over real HTTP. */
class ConsoleOpenRefundsTest extends ConsoleTestBase {

    @Autowired
    RefundStore refunds;

    private Refund refund(Payment payment, long amount) {
        Refund refund = Refund.request(new RefundId("rfd_" + UUID.randomUUID().toString().replace("-", "")), payment,
                Money.of(amount, "CNY"), "damaged", Instant.now().minusSeconds(300));
        refunds.insert(refund);
        return refund;
    }

    @Test
    void unknownAndPendingRefundsAreListedWithTheirPaymentAndSettledOnesAreNot() throws Exception {
        TenantId tenant = tenant();
        Payment payment = payment(tenant);
        Refund unknown = refund(payment, 500);
        Refund pending = refund(payment, 300);
        Refund settled = refund(payment, 100);
        refunds.markUnknown(unknown, Instant.now());
        refunds.markSucceeded(settled, "R-" + UUID.randomUUID(), Instant.now());
        Browser support = new Browser();
        support.logIn(user(ConsoleRole.SUPPORT), PASSWORD);

        String page = support.get("/admin/unresolved?tenant=" + tenant.value()).body();
        String other = support.get("/admin/unresolved?tenant=" + tenant().value()).body();

        String table = page.substring(page.indexOf("id=\"open-refunds-table\""));
        assertThat(table).contains(unknown.id().value()).contains(pending.id().value())
                .doesNotContain(settled.id().value()).contains(">UNKNOWN<").contains(">PENDING<")
                .contains("/admin/payments/" + tenant.value() + "/" + payment.id().value());
        assertThat(table.indexOf(unknown.id().value())).as("oldest first").isLessThan(
                table.indexOf(pending.id().value()));
        assertThat(other).as("another tenant's page").doesNotContain(unknown.id().value());
    }
}
