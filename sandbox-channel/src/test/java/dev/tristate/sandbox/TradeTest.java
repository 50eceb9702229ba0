package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.sandbox.Trade.StatusChange;
import dev.tristate.simulator.kit.DeliveryRecord;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TradeTest {

    private static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private final AtomicInteger numbers = new AtomicInteger();
    private final Trade trade = new Trade(new TradeRegistration("pay_1", "m-1", 1999, "CNY", "", "order-1", ""));

    private StatusChange change(TradeStatus status, int secondsLater) {
        return trade.changeTo(status, T0.plusSeconds(secondsLater), () -> "SBX" + numbers.incrementAndGet());
    }

    @Test
    void aTradeIsUntouchedUntilItsFirstChangeWhichGivesItItsTradeNo() {
        assertThat(trade.snapshot().touched()).isFalse();
        assertThat(trade.snapshot().paymentRow()).isEmpty();

        StatusChange processing = change(TradeStatus.PROCESSING, 0);
        StatusChange success = change(TradeStatus.SUCCESS, 5);

        assertThat(processing.trade().tradeNo()).isEqualTo("SBX1");
        assertThat(success.trade().tradeNo()).isEqualTo("SBX1");
        assertThat(success.trade().eventTime()).isEqualTo(T0.plusSeconds(5));
        assertThat(success.deliveries()).extracting(OutgoingNotification::status).containsExactly(TradeStatus.SUCCESS);
    }

    @Test
    void theSameStatusAgainIsNoChange() {
        change(TradeStatus.FAILED, 0);

        StatusChange again = change(TradeStatus.FAILED, 9);

        assertThat(again.changed()).isFalse();
        assertThat(again.deliveries()).isEmpty();
        assertThat(again.trade().eventTime()).isEqualTo(T0);
        assertThat(trade.notifications()).hasSize(1);
    }

    @Test
    void outOfOrderReleasesAHeldProcessingAfterWhateverComesNext() {
        trade.behaviour(new Behaviour(0, true, 0, false, false, null));

        StatusChange processing = change(TradeStatus.PROCESSING, 0);
        assertThat(processing.deliveries()).isEmpty();
        assertThat(trade.notifications()).singleElement().extracting(OutgoingNotification::state)
                .isEqualTo(DeliveryRecord.State.HELD);

        StatusChange failed = change(TradeStatus.FAILED, 1);

        assertThat(failed.deliveries()).extracting(OutgoingNotification::status)
                .containsExactly(TradeStatus.FAILED, TradeStatus.PROCESSING);
    }

    @Test
    void droppedCallbacksAreRecordedButNotDelivered() {
        trade.behaviour(new Behaviour(3, true, 0, true, false, null));

        StatusChange success = change(TradeStatus.SUCCESS, 0);

        assertThat(success.deliveries()).isEmpty();
        assertThat(trade.notifications()).extracting(OutgoingNotification::state)
                .containsExactly(DeliveryRecord.State.DROPPED, DeliveryRecord.State.DROPPED);
    }
}
