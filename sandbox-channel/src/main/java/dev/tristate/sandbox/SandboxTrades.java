package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.RefundChange;
import dev.tristate.sandbox.Trade.RefundSnapshot;
import dev.tristate.sandbox.Trade.StatusChange;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The channel's in-memory trade book: registration, status changes (which hand their notifications to the
 * dispatcher), refunds and the statement of a day. Nothing survives a restart, as befits a sandbox.
 */
@Component
class SandboxTrades {

    enum Registered { CREATED, EXISTING }

    private final Map<String, Trade> trades = new ConcurrentHashMap<>();
    private final SandboxChannelSettings settings;
    private final CallbackDispatcher dispatcher;
    private final SandboxScheduler scheduler;
    private final TradeNumbers tradeNumbers;
    private final TradeNumbers refundNumbers;

    SandboxTrades(SandboxChannelSettings settings, CallbackDispatcher dispatcher, SandboxScheduler scheduler) {
        this.settings = settings;
        this.dispatcher = dispatcher;
        this.scheduler = scheduler;
        this.tradeNumbers = new TradeNumbers(settings.clock());
        this.refundNumbers = new TradeNumbers(TradeNumbers.REFUND_PREFIX, settings.clock());
    }

    /**
     * Registers a trade; registering the same trade with the same data again is answered like the first time.
     *
     * @throws SandboxApiException CONFLICT when the trade exists with different data
     */
    Registered register(TradeRegistration registration) {
        Trade existing = trades.putIfAbsent(registration.outTradeNo(), new Trade(registration));
        if (existing == null) {
            return Registered.CREATED;
        }
        if (!existing.registration().equals(registration)) {
            throw SandboxApiException.conflict("out_trade_no " + registration.outTradeNo()
                    + " is already registered with different data");
        }
        return Registered.EXISTING;
    }

    Optional<Trade> find(String outTradeNo) {
        return Optional.ofNullable(outTradeNo).map(trades::get);
    }

    /** The trade if it is the merchant's: another merchant's trade is as unknown to it as one never registered. */
    Optional<Trade> find(String merchantId, String outTradeNo) {
        return find(outTradeNo).filter(trade -> trade.registration().merchantId().equals(merchantId));
    }

    Trade get(String merchantId, String outTradeNo) {
        return find(merchantId, outTradeNo).orElseThrow(() -> SandboxApiException.notFound("no trade " + outTradeNo));
    }

    /** Changes the trade's status now and queues its notifications, never waiting for them to be delivered. */
    StatusChange changeStatus(Trade trade, TradeStatus target) {
        // One monitor over the change and the queueing keeps the delivery order equal to the order of changes.
        synchronized (trade) {
            StatusChange change = trade.changeTo(target, now(), tradeNumbers::next);
            dispatcher.enqueue(trade.outTradeNo(), change.deliveries(), change.behaviour());
            return change;
        }
    }

    /**
     * Makes a refund of the trade, or answers the one made under the same out_refund_no (see {@link Trade#refund}).
     * A new PROCESSING refund is settled by the scheduler after its settle time, unless a query settles it first.
     */
    RefundChange refund(Trade trade, RefundOrder order) {
        RefundChange change = trade.refund(order, now(), refundNumbers::next);
        if (change.created() && change.refund().status() == RefundStatus.PROCESSING) {
            long settleMs = change.behaviour().refundSettleMs(settings.refundSettleMs());
            if (settleMs > 0) {
                scheduler.schedule(() -> trade.settleRefund(order.outRefundNo(), now()), settleMs);
            }
        }
        return change;
    }

    /** The refund's state as its query reports it: asking is what ends a PROCESSING refund in SUCCESS. */
    Optional<RefundSnapshot> queryRefund(Trade trade, String outRefundNo) {
        return trade.settleRefund(outRefundNo, now());
    }

    private Instant now() {
        return EventTimes.truncate(settings.clock().instant());
    }

    /**
     * One PAYMENT row per trade of the merchant whose last status change happened on {@code day} (UTC) and one REFUND row per refund
     * that succeeded on that day, oldest first.
     */
    List<StatementRow> statement(LocalDate day, String merchantId) {
        return trades.values().stream()
                .map(Trade::snapshot)
                .filter(trade -> merchantId.equals(trade.registration().merchantId()))
                .flatMap(trade -> Stream.concat(trade.paymentRow().stream(), trade.refundRows().stream()))
                .filter(row -> row.eventTime().atZone(ZoneOffset.UTC).toLocalDate().equals(day))
                .sorted(Comparator.comparing(StatementRow::eventTime).thenComparing(StatementRow::outTradeNo)
                        .thenComparing(StatementRow::type).thenComparing(StatementRow::tradeNo))
                .toList();
    }
}
