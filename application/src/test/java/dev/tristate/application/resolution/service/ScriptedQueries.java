package dev.tristate.application.resolution.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

/** A channel answering status and refund queries from a script, one answer (or failure) per query; counts them. */
final class ScriptedQueries implements ChannelGateway {

    static final Instant REPORTED_AT = Instant.parse("2026-11-30T08:00:00Z");

    final String channel;
    final Deque<Supplier<TradeQueryAnswer>> answers = new ArrayDeque<>();
    final Deque<Supplier<RefundAnswer>> refundAnswers = new ArrayDeque<>();
    /** Empty: this channel has no close (as the sandbox), and the port's default refuses definitely. */
    final Deque<Supplier<CloseAnswer>> closeAnswers = new ArrayDeque<>();
    final List<String> closed = new ArrayList<>();
    final List<String> asked = new ArrayList<>();
    final List<String> refundsAsked = new ArrayList<>();
    Runnable onRegister = () -> { };

    ScriptedQueries(String channel) {
        this.channel = channel;
    }

    ScriptedQueries then(Supplier<TradeQueryAnswer> answer) {
        answers.add(answer);
        return this;
    }

    ScriptedQueries thenClose(Supplier<CloseAnswer> answer) {
        closeAnswers.add(answer);
        return this;
    }

    ScriptedQueries thenRefund(Supplier<RefundAnswer> answer) {
        refundAnswers.add(answer);
        return this;
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public List<String> payMethods() {
        return List.of("page");
    }

    @Override
    public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
        onRegister.run();
        return PayInstruction.redirect(payMethod, "https://pay.example/" + payment.id());
    }

    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
        asked.add(outTradeNo + "@" + merchantAccount);
        return answers.isEmpty() ? new TradeQueryAnswer.NotFound("{}") : answers.removeFirst().get();
    }

    @Override
    public CloseAnswer closeTrade(String outTradeNo, String merchantAccount) {
        if (closeAnswers.isEmpty()) {
            return ChannelGateway.super.closeTrade(outTradeNo, merchantAccount);
        }
        closed.add(outTradeNo + "@" + merchantAccount);
        return closeAnswers.removeFirst().get();
    }

    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
        refundsAsked.add(outRefundNo + "@" + merchantAccount);
        return refundAnswers.isEmpty() ? new RefundAnswer.Processing("{}") : refundAnswers.removeFirst().get();
    }

    static Supplier<TradeQueryAnswer> says(ChannelTradeStatus status, long amount) {
        return () -> new TradeQueryAnswer.Found(new ChannelReport(status, Money.of(amount, "CNY"),
                status == ChannelTradeStatus.SUCCESS ? new ChannelTxnId("T-9") : null, REPORTED_AT), "{\"raw\":true}");
    }

    static Supplier<TradeQueryAnswer> notFound() {
        return () -> new TradeQueryAnswer.NotFound("{\"code\":\"NOT_FOUND\"}");
    }

    static <A> Supplier<A> timesOut() {
        return () -> {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "no answer in 5s", null);
        };
    }
}
