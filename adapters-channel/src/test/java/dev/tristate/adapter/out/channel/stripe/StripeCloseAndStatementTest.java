package dev.tristate.adapter.out.channel.stripe;

import static dev.tristate.adapter.out.channel.stripe.StripeChannelGatewayTest.failureOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.simulator.stripe.Behaviour;
import dev.tristate.simulator.stripe.Fault;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Closing trades and fetching the day's balance transactions, through stripe-java against the simulator. */
@Timeout(60)
class StripeCloseAndStatementTest extends StripeSimulatorHost {

    private static final long LIMIT = 10_000_000;

    @Test
    void aTradeNobodyTriedToPayIsClosedOnceAndForAllAndAnUnknownOneIsNotFound() {
        Payment payment = payment(1999, "USD");
        String payUrl = gateway.registerTrade(payment, "checkout", account).payUrl();

        assertThat(gateway.closeTrade(payment.id().value(), account)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(gateway.closeTrade(payment.id().value(), account)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(press(payUrl, "pay")).as("nobody can pay it any more").isEqualTo(409);
        assertThat(gateway.queryTrade(payment.id().value(), account)).isInstanceOf(TradeQueryAnswer.NotFound.class);
        assertThat(gateway.closeTrade("pay_never_registered", account)).isInstanceOf(CloseAnswer.NotFound.class);
    }

    @Test
    void aDeclinedTradeIsClosedWithItsIntentAndAPaidOneIsNotClosable() {
        Payment declined = payment(500, "USD");
        press(gateway.registerTrade(declined, "checkout", account).payUrl(), "fail");

        assertThat(gateway.closeTrade(declined.id().value(), account)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(((TradeQueryAnswer.Found) gateway.queryTrade(declined.id().value(), account)).report().status())
                .isEqualTo(ChannelTradeStatus.CLOSED);
        assertThat(gateway.closeTrade(paid(500).id().value(), account)).isInstanceOf(CloseAnswer.NotClosable.class);
    }

    @Test
    void theDaysBalanceTransactionsAreTheStatementWithTheDiscrepanciesStripeHas() {
        long now = Instant.now().getEpochSecond();
        Payment matched = paid(1000);
        Payment misreported = payment(2000, "USD");
        simulator.behaviour(account, misreported.id().value(),
                new Behaviour(0, false, 0, false, false, 2500L, false, false, false));
        press(gateway.registerTrade(misreported, "checkout", account).payUrl(), "pay");
        Payment missing = payment(3000, "USD");
        simulator.behaviour(account, missing.id().value(),
                new Behaviour(0, false, 0, false, false, null, true, false, false));
        press(gateway.registerTrade(missing, "checkout", account).payUrl(), "pay");
        RefundAnswer.Succeeded refund = (RefundAnswer.Succeeded) gateway.refund(refund(matched, "rfd_s", 400),
                account);
        simulator.seedBalanceTransaction(account, "charge", 777, "usd", now, "pay_unknown_here", null);
        simulator.seedBalanceTransaction(account, "charge", 888, "usd", now, null, null);
        simulator.seedBalanceTransaction(account, "charge", 999, "usd", now - 86_400 * 2, "pay_other_day", null);

        ChannelStatement statement = gateway.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, LIMIT);

        assertThat(statement.sha256()).matches("[0-9a-f]{64}");
        assertThat(statement.lines()).extracting(StatementLine::outTradeNo, StatementLine::type,
                        StatementLine::amount)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(matched.id().value(), StatementEntryType.PAYMENT,
                                Money.of(1000, "USD")),
                        org.assertj.core.groups.Tuple.tuple(misreported.id().value(), StatementEntryType.PAYMENT,
                                Money.of(2500, "USD")),
                        org.assertj.core.groups.Tuple.tuple(matched.id().value(), StatementEntryType.REFUND,
                                Money.of(400, "USD")),
                        org.assertj.core.groups.Tuple.tuple("pay_unknown_here", StatementEntryType.PAYMENT,
                                Money.of(777, "USD")));
        StatementLine paymentLine = statement.lines().stream().filter(line -> line.outTradeNo()
                .equals(matched.id().value()) && line.type() == StatementEntryType.PAYMENT).findFirst().orElseThrow();
        assertThat(paymentLine.tradeNo()).startsWith("pi_");
        assertThat(paymentLine.status()).isEqualTo("SUCCESS");
        assertThat(statement.lines()).filteredOn(line -> line.type() == StatementEntryType.REFUND)
                .extracting(StatementLine::tradeNo).containsExactly(refund.refundNo());
    }

    @Test
    void aLongDayIsReadPageByPageAndTooMuchIsRefusedWhole() {
        long now = Instant.now().getEpochSecond();
        for (int i = 0; i < 230; i++) {
            simulator.seedBalanceTransaction(account, "charge", 100 + i, "usd", now, "pay_many_" + i, null);
        }

        assertThat(gateway.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, LIMIT).lines()).hasSize(230);
        assertThatThrownBy(() -> gateway.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, 20_000))
                .isInstanceOf(UnreadableStatement.class).hasMessageContaining("20000 bytes");
        simulator.seedBalanceTransaction(account, "charge", 5, "usd", now, "pay_many_0", null);
        assertThatThrownBy(() -> gateway.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, LIMIT))
                .isInstanceOfSatisfying(UnreadableStatement.class, unreadable -> assertThat(unreadable.problems())
                        .singleElement().satisfies(problem -> assertThat(problem.message())
                                .contains("pay_many_0 already has a payment line")));
    }

    @Test
    void aStatementThatDoesNotComeIsAFailureNeverAnEmptyDay() {
        simulator.force(account, Fault.of("GET", "/v1/balance_transactions", Fault.Kind.HANG));
        assertThat(failureOf(() -> impatient.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, LIMIT)))
                .isEqualTo(OutcomeClass.UNKNOWN);
        List<StatementLine> none = gateway.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, LIMIT).lines();
        assertThat(none).isEmpty();
    }
}
