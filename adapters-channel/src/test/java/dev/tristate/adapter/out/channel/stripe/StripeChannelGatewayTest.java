package dev.tristate.adapter.out.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.simulator.stripe.Behaviour;
import dev.tristate.simulator.stripe.Fault;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link StripeChannelGateway} through the real stripe-java against the simulator, switches included. */
@Timeout(60)
class StripeChannelGatewayTest extends StripeSimulatorHost {

    @Test
    void aTradeIsOneCheckoutSessionHoweverOftenItIsRegistered() {
        Payment payment = payment(1999, "USD");

        PayInstruction first = gateway.registerTrade(payment, "checkout", account);
        PayInstruction again = gateway.registerTrade(payment, "checkout", account);

        assertThat(gateway.payMethods()).containsExactly("checkout");
        assertThat(first.method()).isEqualTo("checkout");
        assertThat(first.payUrl()).contains(":" + port + "/simulators/stripe/pay/cs_test_");
        assertThat(again).isEqualTo(first);
    }

    @Test
    void withoutAReturnUrlThePayerGoesToTheDeploymentsSuccessAndCancelUrls() {
        Payment paying = payment(1999, "USD");
        Payment leaving = payment(1999, "USD");

        assertThat(sentTo(gateway.registerTrade(paying, "checkout", account).payUrl(), "pay"))
                .isEqualTo("https://shop.example/paid/" + paying.id().value());
        assertThat(sentTo(gateway.registerTrade(leaving, "checkout", account).payUrl(), "abandon"))
                .isEqualTo("https://shop.example/cancelled");
    }

    @Test
    void aPaymentsReturnUrlIsTheSessionsSuccessAndCancelUrl() {
        ReturnUrl back = new ReturnUrl("https://merchant.example/orders/o-7?from=stripe");
        Payment paying = payment(1999, "USD").withReturnUrl(back);
        Payment leaving = payment(1999, "USD").withReturnUrl(back);

        assertThat(sentTo(gateway.registerTrade(paying, "checkout", account).payUrl(), "pay"))
                .isEqualTo(back.value());
        assertThat(sentTo(gateway.registerTrade(leaving, "checkout", account).payUrl(), "abandon"))
                .isEqualTo(back.value());
    }

    @Test
    void nobodyPaidIsNotFoundAndAPaidTradeIsASuccessWithItsPaymentIntent() {
        Payment payment = payment(1999, "USD");
        String payUrl = gateway.registerTrade(payment, "checkout", account).payUrl();
        assertThat(gateway.queryTrade(payment.id().value(), account)).isInstanceOf(TradeQueryAnswer.NotFound.class);

        press(payUrl, "pay");

        assertThat(gateway.queryTrade(payment.id().value(), account))
                .isInstanceOfSatisfying(TradeQueryAnswer.Found.class, found -> {
                    assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS);
                    assertThat(found.report().amount()).isEqualTo(Money.of(1999, "USD"));
                    assertThat(found.report().channelTxnId().value()).startsWith("pi_");
                    assertThat(found.rawAnswer()).contains(payment.id().value());
                });
    }

    @Test
    void aDeclinedCardIsAFailedTradeAndAZeroDecimalCurrencyKeepsItsUnits() {
        Payment payment = payment(1500, "JPY");
        String payUrl = gateway.registerTrade(payment, "checkout", account).payUrl();

        press(payUrl, "fail");

        TradeQueryAnswer.Found found = (TradeQueryAnswer.Found) gateway.queryTrade(payment.id().value(), account);
        assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.FAILED);
        assertThat(found.report().amount()).isEqualTo(Money.of(1500, "JPY"));
    }

    @Test
    void currenciesStripeCountsOtherwiseAndOtherPayMethodsAreRefusedUnsent() {
        assertThat(failureOf(() -> gateway.registerTrade(payment(100, "ISK"), "checkout", account)))
                .isEqualTo(OutcomeClass.DEFINITE);
        assertThat(failureOf(() -> gateway.registerTrade(payment(1005, "KWD"), "checkout", account)))
                .isEqualTo(OutcomeClass.DEFINITE);
        assertThat(failureOf(() -> gateway.registerTrade(payment(100, "USD"), "qr", account)))
                .isEqualTo(OutcomeClass.DEFINITE);
        assertThat(failureOf(() -> gateway.queryTrade("pay_x", "acct_without_a_key")))
                .isEqualTo(OutcomeClass.DEFINITE);
        assertThat(simulator.deliveries(account)).isEmpty();
    }

    @Test
    void refundsInPartAndInFullAndTheSameRefundAgainIsTheSameRefund() {
        Payment payment = paid(1000);

        RefundAnswer partial = gateway.refund(refund(payment, "rfd_1", 300), account);
        RefundAnswer again = gateway.refund(refund(payment, "rfd_1", 300), account);
        RefundAnswer rest = gateway.refund(refund(payment, "rfd_2", 700), account);

        assertThat(partial).isInstanceOfSatisfying(RefundAnswer.Succeeded.class, succeeded -> {
            assertThat(succeeded.refundNo()).startsWith("re_");
            assertThat(succeeded.amount()).isEqualTo(Money.of(300, "USD"));
        });
        assertThat(((RefundAnswer.Succeeded) again).refundNo())
                .isEqualTo(((RefundAnswer.Succeeded) partial).refundNo());
        assertThat(rest).isInstanceOf(RefundAnswer.Succeeded.class);
        assertThat(gateway.queryRefund(payment.id().value(), "rfd_1", account)).isInstanceOfSatisfying(
                RefundAnswer.Succeeded.class, queried -> assertThat(queried.refundNo())
                        .isEqualTo(((RefundAnswer.Succeeded) partial).refundNo()));
        assertThat(gateway.queryRefund(payment.id().value(), "rfd_never", account))
                .isInstanceOf(RefundAnswer.NotFound.class);
        assertThat(failureOf(() -> gateway.refund(refund(payment, "rfd_3", 1), account)))
                .as("charge_already_refunded").isEqualTo(OutcomeClass.DEFINITE);
    }

    @Test
    void moreThanIsLeftIsRefusedAndAnUnknownTradeCannotBeRefundedYet() {
        Payment payment = paid(1000);

        assertThat(failureOf(() -> gateway.refund(refund(payment, "rfd_big", 1001), account)))
                .as("amount_too_large").isEqualTo(OutcomeClass.DEFINITE);
        assertThat(gateway.queryRefund(payment.id().value(), "rfd_big", account))
                .isInstanceOf(RefundAnswer.NotFound.class);
        assertThat(failureOf(() -> gateway.refund(refund(payment(5, "USD"), "rfd_x", 1), account)))
                .as("no PaymentIntent found: nothing sent").isEqualTo(OutcomeClass.RETRYABLE);
    }

    @Test
    void aPendingRefundIsProcessingAndAFailedOneIsRefused() {
        Payment payment = paid(1000);
        simulator.behaviour(account, payment.id().value(),
                new Behaviour(0, false, 0, false, false, null, false, true, false));
        assertThat(gateway.refund(refund(payment, "rfd_p", 100), account)).isInstanceOf(RefundAnswer.Processing.class);

        simulator.behaviour(account, payment.id().value(),
                new Behaviour(0, false, 0, false, false, null, false, false, true));
        assertThat(gateway.refund(refund(payment, "rfd_f", 100), account)).isInstanceOfSatisfying(
                RefundAnswer.Refused.class, refused -> assertThat(refused.reason()).isEqualTo("failed: declined"));
    }

    @Test
    void aQueryThatTimesOutIsUnknownNeverNotFound() {
        Payment payment = paid(1000);
        simulator.behaviour(account, payment.id().value(),
                new Behaviour(0, false, 0, false, true, null, false, false, false));

        assertThat(failureOf(() -> impatient.queryTrade(payment.id().value(), account)))
                .isEqualTo(OutcomeClass.UNKNOWN);
    }

    @Test
    void aRefundWhoseAnswerIsLostIsUnknownAndAskingAgainFindsIt() {
        Payment payment = paid(1000);
        simulator.force(account, Fault.of("POST", "/v1/refunds", Fault.Kind.HANG).onceActed());

        assertThat(failureOf(() -> impatient.refund(refund(payment, "rfd_lost", 400), account)))
                .isEqualTo(OutcomeClass.UNKNOWN);

        assertThat(gateway.queryRefund(payment.id().value(), "rfd_lost", account))
                .isInstanceOf(RefundAnswer.Succeeded.class);
        assertThat(gateway.refund(refund(payment, "rfd_lost", 400), account))
                .isInstanceOf(RefundAnswer.Succeeded.class);
        assertThat(failureOf(() -> gateway.refund(refund(payment, "rfd_more", 601), account)))
                .as("the lost refund counts").isEqualTo(OutcomeClass.DEFINITE);
    }

    @Test
    void aStripeNobodyListensAtIsNotReached() {
        StripeChannelGateway nowhere = new StripeChannelGateway(settings("http://127.0.0.1:1/simulators/stripe",
                Duration.ofSeconds(2)), any -> Optional.of("sk_test_0123456789abcdefgh"), java.time.Clock.systemUTC());

        assertThat(failureOf(() -> nowhere.registerTrade(payment(100, "USD"), "checkout", account)))
                .isEqualTo(OutcomeClass.RETRYABLE);
        assertThat(failureOf(() -> nowhere.queryTrade("pay_1", account))).isEqualTo(OutcomeClass.RETRYABLE);
    }

    static OutcomeClass failureOf(Runnable call) {
        try {
            call.run();
        } catch (ChannelFailure failure) {
            return failure.outcomeClass();
        }
        throw new AssertionError("no ChannelFailure");
    }
}
