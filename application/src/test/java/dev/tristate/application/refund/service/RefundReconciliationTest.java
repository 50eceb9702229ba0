package dev.tristate.application.refund.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.fakes.InMemoryChannelCredentialStore;
import dev.tristate.application.fakes.InMemoryPaymentRepository;
import dev.tristate.application.fakes.InMemoryRefundStore;
import dev.tristate.application.fakes.InMemoryResolutionCases;
import dev.tristate.application.fakes.SettableClock;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.refund.port.out.RefundLedgerView.RefundMismatch;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class RefundReconciliationTest {

    private static final TenantId TENANT = new TenantId("t-refunds");
    private static final String CHANNEL = "sandbox";
    private static final LocalDate DAY = LocalDate.parse("2031-05-14");
    private static final Instant NOON = Instant.parse("2031-05-14T12:00:00Z");

    private final SettableClock clock = new SettableClock(Instant.parse("2031-05-15T10:00:00Z"));
    private final InMemoryPaymentRepository payments = new InMemoryPaymentRepository();
    private final InMemoryRefundStore refunds = new InMemoryRefundStore();
    private final InMemoryResolutionCases cases = new InMemoryResolutionCases(payments);
    private final InMemoryChannelCredentialStore credentials = new InMemoryChannelCredentialStore();
    private final List<String> asked = new ArrayList<>();
    private Supplier<RefundAnswer> answer = () -> {
        throw new AssertionError("the channel is not asked here");
    };
    private final Payment payment = PaymentTestData.aPendingPayment().withId("pay_refunded").withTenant(TENANT)
            .withAmount(1999, "CNY").withStatus(PaymentStatus.SUCCEEDED).withChannelTxnId("T-1")
            .withPaidAt(Instant.parse("2031-05-13T09:00:00Z")).build();

    private RefundReconciliation reconciliation() {
        ChannelGateway gateway = new ChannelGateway() {
            @Override
            public String channel() {
                return CHANNEL;
            }

            @Override
            public PayInstruction registerTrade(Payment p, String payMethod, String merchantAccount) {
                throw new AssertionError("not here");
            }

            @Override
            public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
                asked.add(outTradeNo + "/" + outRefundNo + "@" + merchantAccount);
                return answer.get();
            }
        };
        return new RefundReconciliation(refunds, cases, List.of(gateway), credentials, clock);
    }

    private Refund refund(String id, long amount) {
        Refund refund = Refund.request(new RefundId(id), payment, Money.of(amount, "CNY"), "asked", NOON);
        refunds.insert(refund);
        return refund;
    }

    private Refund succeeded(String id, long amount, String channelRefundNo) {
        Refund refund = refund(id, amount);
        refunds.markSucceeded(refund, channelRefundNo, NOON);
        return refunds.find(TENANT, refund.id()).orElseThrow();
    }

    private static StatementLine refundLine(String refundNo, long amount) {
        return new StatementLine(2, refundNo, "pay_refunded", StatementEntryType.REFUND, "SUCCESS",
                Money.of(amount, "CNY"), NOON);
    }

    @Test
    void aLineThatMatchesOurSucceededRefundIsNoMismatch() {
        succeeded("rfd_1", 500, "CR-1");

        assertThat(reconciliation().compare(TENANT, CHANNEL, DAY, List.of(refundLine("CR-1", 500)))).isEmpty();
    }

    @Test
    void theSameRefundWithAnotherAmountOnEachSideIsAMismatch() {
        succeeded("rfd_1", 500, "CR-1");

        assertThat(reconciliation().compare(TENANT, CHANNEL, DAY, List.of(refundLine("CR-1", 600))))
                .singleElement().satisfies(m -> {
                    assertThat(m.subject()).isEqualTo("rfd_1");
                    assertThat(m.paymentId()).isEqualTo(new PaymentId("pay_refunded"));
                    assertThat(m.detail()).startsWith("amount: the channel refunded 6.00 CNY");
                });
    }

    @Test
    void aLineForAnUnsettledRefundOfOursIsPairedWithIt() {
        refund("rfd_2", 500);

        assertThat(reconciliation().compare(TENANT, CHANNEL, DAY, List.of(refundLine("CR-2", 500))))
                .singleElement().satisfies(m -> {
                    assertThat(m.subject()).isEqualTo("rfd_2");
                    assertThat(m.detail()).contains("PENDING here (refund rfd_2)");
                });
    }

    @Test
    void aLineNoRefundOfOursMatchesIsKeyedByTheChannelsRefundNo() {
        assertThat(reconciliation().compare(TENANT, CHANNEL, DAY, List.of(refundLine("CR-9", 500))))
                .extracting(RefundMismatch::subject, RefundMismatch::paymentId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CR-9", new PaymentId("pay_refunded")));
    }

    @Test
    void ourRefundSucceededOnTheDayWithoutALineIsAMismatch() {
        succeeded("rfd_3", 500, "CR-3");

        assertThat(reconciliation().compare(TENANT, CHANNEL, DAY, List.of())).singleElement().satisfies(m -> {
            assertThat(m.line()).isNull();
            assertThat(m.subject()).isEqualTo("rfd_3");
            assertThat(m.detail()).endsWith("not on the channel's statement");
        });
    }

    @Test
    void anOpenRefundIsAskedAboutThroughTheResolversCase() {
        refund("rfd_4", 500);

        String result = reconciliation().queryRefund(TENANT, CHANNEL, "rfd_4", "carol", "checked");

        assertThat(result).startsWith("resolver case open for refund rfd_4");
        assertThat(cases.find(TENANT, new RefundId("rfd_4"))).isPresent();
        assertThat(asked).isEmpty();
    }

    @Test
    void aSucceededRefundTheChannelConfirmsIsTiming() {
        succeeded("rfd_5", 500, "CR-5");
        credentials.bindAccount(TENANT, CHANNEL, "acct-1", clock.instant());
        answer = () -> new RefundAnswer.Succeeded("CR-5", Money.of(500, "CNY"), NOON, "{}");

        String result = reconciliation().queryRefund(TENANT, CHANNEL, "rfd_5", "carol", "checked");

        assertThat(result).isEqualTo("the channel confirms refund rfd_5 (CR-5): timing, a later statement carries it");
        assertThat(asked).containsExactly("pay_refunded/rfd_5@acct-1");
    }

    @Test
    void theChannelsAnswerAboutASettledRefundIsKeptWithIt() {
        Refund refund = succeeded("rfd_7", 500, "CR-7");
        credentials.bindAccount(TENANT, CHANNEL, "acct-1", clock.instant());
        answer = () -> new RefundAnswer.Succeeded("CR-7", Money.of(500, "CNY"), NOON, "{\"refund_no\":\"CR-7\"}");

        reconciliation().queryRefund(TENANT, CHANNEL, "rfd_7", "carol", "checked");

        Refund kept = refunds.find(TENANT, refund.id()).orElseThrow();
        assertThat(kept.lastAnswer().text()).isEqualTo("{\"refund_no\":\"CR-7\"}");
        assertThat(kept.lastAnswer().receivedAt()).isEqualTo(clock.instant());
        assertThat(kept.updatedAt()).as("still when it settled").isEqualTo(NOON);
    }

    @Test
    void aSettledRefundTheChannelContradictsIsForAPerson() {
        succeeded("rfd_6", 500, "CR-6");
        credentials.bindAccount(TENANT, CHANNEL, "acct-1", clock.instant());
        answer = () -> new RefundAnswer.Succeeded("CR-6", Money.of(400, "CNY"), NOON, "{}");

        assertThatThrownBy(() -> reconciliation().queryRefund(TENANT, CHANNEL, "rfd_6", "carol", "checked"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("a person decides");
    }

    @Test
    void aRefundThatIsNotOursOrCannotBeAskedAboutIsForAPerson() {
        succeeded("rfd_7", 500, "CR-7");

        assertThatThrownBy(() -> reconciliation().queryRefund(TENANT, CHANNEL, "CR-9", "carol", "checked"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("nothing of ours to ask about");
        assertThatThrownBy(() -> reconciliation().queryRefund(TENANT, CHANNEL, "rfd_none", "carol", "checked"))
                .isInstanceOf(IllegalStateException.class).hasMessage("no refund rfd_none");
        assertThatThrownBy(() -> reconciliation().queryRefund(TENANT, CHANNEL, "rfd_7", "carol", "checked"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no gateway or account");
    }

    @Test
    void theRefundLedgerIsAlwaysAvailable() {
        assertThat(reconciliation().unavailableBecause()).isEmpty();
    }
}
