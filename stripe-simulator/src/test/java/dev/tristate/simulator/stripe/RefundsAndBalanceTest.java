package dev.tristate.simulator.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.stripe.exception.InvalidRequestException;
import com.stripe.model.BalanceTransaction;
import com.stripe.model.Charge;
import com.stripe.model.Refund;
import com.stripe.model.StripeCollection;
import com.stripe.model.checkout.Session;
import com.stripe.param.BalanceTransactionListParams;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefundsAndBalanceTest extends SimulatorTestBase {

    @Test
    void refundsNeverAddUpToMoreThanWasPaid() throws Exception {
        String intent = paid(newOutTradeNo(), 1000).getPaymentIntent();

        Refund partial = refund(intent, 300L);
        assertThatThrownBy(() -> refund(intent, 800L)).isInstanceOfSatisfying(InvalidRequestException.class,
                refused -> assertThat(refused.getCode()).isEqualTo("amount_too_large"));
        Refund rest = refund(intent, null);
        assertThatThrownBy(() -> refund(intent, 1L)).isInstanceOfSatisfying(InvalidRequestException.class,
                refused -> assertThat(refused.getCode()).isEqualTo("charge_already_refunded"));

        assertThat(partial.getStatus()).isEqualTo("succeeded");
        assertThat(rest.getAmount()).isEqualTo(700);
        assertThat(stripe.refunds().list(RefundListParams.builder().setPaymentIntent(intent).build()).getData())
                .extracting(Refund::getId).containsExactly(rest.getId(), partial.getId());
        assertThat(stripe.refunds().retrieve(partial.getId()).getMetadata()).containsEntry("out_refund_no", "r-300");
    }

    @Test
    void anUnpaidIntentAndAnUnknownOneCannotBeRefunded() throws Exception {
        Session open = session(newOutTradeNo(), 1000);
        press(open, "fail");
        String declined = stripe.checkout().sessions().retrieve(open.getId()).getPaymentIntent();

        assertThatThrownBy(() -> refund(declined, 100L)).isInstanceOf(InvalidRequestException.class);
        assertThatThrownBy(() -> refund("pi_unknown", 100L)).isInstanceOfSatisfying(InvalidRequestException.class,
                missing -> assertThat(missing.getCode()).isEqualTo("resource_missing"));
    }

    @Test
    void aPendingRefundSucceedsByItselfAndAFailingOneHoldsNothing() throws Exception {
        String outTradeNo = newOutTradeNo();
        String intent = paid(outTradeNo, 1000).getPaymentIntent();
        simulator.behaviour(account, outTradeNo, new Behaviour(0, false, 0, false, false, null, false, true, false));

        Refund pending = refund(intent, 400L);
        assertThat(pending.getStatus()).isEqualTo("pending");
        await().atMost(WAIT).until(() -> stripe.refunds().retrieve(pending.getId()).getStatus(),
                "succeeded"::equals);

        simulator.behaviour(account, outTradeNo, new Behaviour(0, false, 0, false, false, null, false, false, true));
        Refund failed = refund(intent, 600L);
        assertThat(failed.getStatus()).isEqualTo("failed");
        assertThat(failed.getFailureReason()).isEqualTo("declined");
        simulator.behaviour(account, outTradeNo, Behaviour.NONE);
        assertThat(refund(intent, 600L).getStatus()).isEqualTo("succeeded");
    }

    @Test
    void balanceTransactionsPageNewestFirstWithinADayAndExpandTheirSources() throws Exception {
        long from = System.currentTimeMillis() / 1000 - 1;
        String outTradeNo = newOutTradeNo();
        String intent = paid(outTradeNo, 1000).getPaymentIntent();
        paid(newOutTradeNo(), 2000);
        paid(newOutTradeNo(), 3000);
        Refund refund = refund(intent, 250L);
        simulator.seedBalanceTransaction(account, "charge", 4200, "usd", from - 86_400, "pay_yesterday", null);

        List<BalanceTransaction> all = new ArrayList<>();
        String after = null;
        int pages = 0;
        do {
            BalanceTransactionListParams.Builder params = BalanceTransactionListParams.builder().setLimit(2L)
                    .setCreated(BalanceTransactionListParams.Created.builder().setGte(from).build())
                    .addExpand("data.source");
            if (after != null) {
                params.setStartingAfter(after);
            }
            StripeCollection<BalanceTransaction> page = stripe.balanceTransactions().list(params.build());
            all.addAll(page.getData());
            after = page.getHasMore() ? page.getData().get(page.getData().size() - 1).getId() : null;
            pages++;
        } while (after != null);

        assertThat(pages).isEqualTo(2);
        assertThat(all).extracting(BalanceTransaction::getType).containsExactlyInAnyOrder("charge", "charge",
                "charge", "refund");
        BalanceTransaction refunded = all.stream().filter(txn -> txn.getType().equals("refund")).findFirst()
                .orElseThrow();
        assertThat(refunded.getAmount()).isEqualTo(-250);
        assertThat(refunded.getSourceObject()).isInstanceOfSatisfying(Refund.class,
                source -> assertThat(source.getId()).isEqualTo(refund.getId()));
        BalanceTransaction charged = all.stream().filter(txn -> txn.getAmount() == 1000).findFirst().orElseThrow();
        assertThat(charged.getFee() + charged.getNet()).isEqualTo(1000);
        assertThat(charged.getSourceObject()).isInstanceOfSatisfying(Charge.class, source -> {
            assertThat(source.getPaymentIntent()).isEqualTo(intent);
            assertThat(source.getMetadata()).containsEntry("out_trade_no", outTradeNo);
        });
    }

    @Test
    void switchesOmitATradeFromTheBalanceOrMisreportItsAmount() throws Exception {
        long from = System.currentTimeMillis() / 1000 - 1;
        String omitted = newOutTradeNo();
        String misreported = newOutTradeNo();
        simulator.behaviour(account, omitted, new Behaviour(0, false, 0, false, false, null, true, false, false));
        simulator.behaviour(account, misreported, new Behaviour(0, false, 0, false, false, 1L, false, false, false));

        paid(omitted, 1000);
        paid(misreported, 1000);

        List<BalanceTransaction> day = stripe.balanceTransactions().list(BalanceTransactionListParams.builder()
                .setCreated(BalanceTransactionListParams.Created.builder().setGte(from).build()).build()).getData();
        assertThat(day).singleElement().satisfies(txn -> assertThat(txn.getAmount()).isEqualTo(1));
    }

    private Refund refund(String intent, Long amount) throws Exception {
        RefundCreateParams.Builder params = RefundCreateParams.builder().setPaymentIntent(intent)
                .putMetadata("out_refund_no", "r-" + amount);
        if (amount != null) {
            params.setAmount(amount);
        }
        return stripe.refunds().create(params.build());
    }
}
