package dev.tristate.sandbox;

import dev.tristate.sandbox.Trade.StatusChange;
import dev.tristate.sandbox.Trade.TradeSnapshot;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The channel's in-memory trade book: registration, status changes (which hand their notifications to the
 * dispatcher) and the statement of a day. Nothing survives a restart, as befits a sandbox.
 */
@Component
class SandboxTrades {

    enum Registered { CREATED, EXISTING }

    private final Map<String, Trade> trades = new ConcurrentHashMap<>();
    private final SandboxChannelSettings settings;
    private final CallbackDispatcher dispatcher;
    private final TradeNumbers tradeNumbers;

    SandboxTrades(SandboxChannelSettings settings, CallbackDispatcher dispatcher) {
        this.settings = settings;
        this.dispatcher = dispatcher;
        this.tradeNumbers = new TradeNumbers(settings.clock());
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

    Trade get(String outTradeNo) {
        return find(outTradeNo).orElseThrow(() -> SandboxApiException.notFound("no trade " + outTradeNo));
    }

    /** Changes the trade's status now and queues its notifications, never waiting for them to be delivered. */
    StatusChange changeStatus(Trade trade, TradeStatus target) {
        // One monitor over the change and the queueing keeps the delivery order equal to the order of changes.
        synchronized (trade) {
            StatusChange change = trade.changeTo(target, EventTimes.truncate(settings.clock().instant()),
                    tradeNumbers::next);
            dispatcher.enqueue(trade.outTradeNo(), change.deliveries(), change.behaviour());
            return change;
        }
    }

    /** One row per trade whose last status change happened on {@code day} (UTC), oldest first. */
    List<StatementRow> statement(LocalDate day) {
        return statement(day, null);
    }

    /** The statement of one merchant's trades only, or of all (null). */
    List<StatementRow> statement(LocalDate day, String merchantId) {
        return trades.values().stream()
                .map(Trade::snapshot)
                .filter(TradeSnapshot::touched)
                .filter(trade -> merchantId == null || merchantId.equals(trade.registration().merchantId()))
                .filter(trade -> trade.eventTime().atZone(ZoneOffset.UTC).toLocalDate().equals(day))
                .flatMap(trade -> trade.paymentRow().stream())
                .sorted(Comparator.comparing(StatementRow::eventTime).thenComparing(StatementRow::outTradeNo))
                .toList();
    }
}
