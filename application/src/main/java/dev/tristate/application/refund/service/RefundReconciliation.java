package dev.tristate.application.refund.service;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.in.RefundQueryAnswer;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.RefundStatus;
import dev.tristate.domain.reconciliation.StatementComparison;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.domain.tenant.TenantId;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * REFUND_MISMATCH over the refunds table. A statement's REFUND line carries the channel's refund no as
 * {@code trade_no} and the payment id as {@code out_trade_no}; a refund of ours that succeeded stores the channel's
 * refund no, so a line matches that refund exactly. A line that matches none is paired with an unsettled refund of
 * ours of the same payment and amount (the channel refunded it, we did not learn it). The mismatches:
 * <ul>
 *   <li>refunded at the channel, not SUCCEEDED here (our refund PENDING, UNKNOWN or FAILED; or none at all);</li>
 *   <li>SUCCEEDED here (on the statement's day), no line on the statement;</li>
 *   <li>the same refund with another amount on each side.</li>
 * </ul>
 * The repair QUERY_REFUND asks the channel about our refund: an open one gets a resolver case due at once, so the
 * channel's answer is applied by the resolver through {@link RefundOutcomes} (the path of every refund answer); a
 * settled one is asked at once, its answer kept with the refund (as every refund answer is), and an answer that
 * contradicts it fails the repair with why, for a person: that failure rolls the repair's unit of work back, the kept
 * answer with it, and the failed repair's result names what the channel answered instead.
 */
class RefundReconciliation implements RefundLedgerView {

    private final RefundStore refunds;
    private final ResolutionCases cases;
    private final Map<String, ChannelGateway> gateways;
    private final ChannelCredentialStore credentials;
    private final Clock clock;

    RefundReconciliation(RefundStore refunds, ResolutionCases cases, List<ChannelGateway> gateways,
                         ChannelCredentialStore credentials, Clock clock) {
        this.refunds = refunds;
        this.cases = cases;
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.putIfAbsent(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.credentials = credentials;
        this.clock = clock;
    }

    @Override
    public Optional<String> unavailableBecause() {
        return Optional.empty();
    }

    @Override
    public List<RefundMismatch> compare(TenantId tenantId, String channel, LocalDate day,
                                        List<StatementLine> refundLines) {
        List<RefundMismatch> mismatches = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (StatementLine line : refundLines) {
            Optional<Refund> exact = refunds.findByChannelRefundNo(tenantId, channel, line.tradeNo());
            if (exact.isPresent()) {
                Refund ours = exact.get();
                seen.add(ours.id().value());
                if (!ours.amount().equals(line.amount())) {
                    mismatches.add(new RefundMismatch(line, ours.id().value(), ours.paymentId(),
                            "amount: the channel refunded " + line.amount() + " under refund " + line.tradeNo()
                                    + ", our refund " + ours.id() + " is for " + ours.amount()));
                }
                continue;
            }
            Optional<Refund> unsettled = paymentId(line.outTradeNo()).stream()
                    .flatMap(p -> refunds.findByPayment(tenantId, p).stream())
                    .filter(r -> r.status() != RefundStatus.SUCCEEDED && r.amount().equals(line.amount())
                            && !seen.contains(r.id().value()))
                    .findFirst();
            if (unsettled.isPresent()) {
                Refund ours = unsettled.get();
                seen.add(ours.id().value());
                mismatches.add(new RefundMismatch(line, ours.id().value(), ours.paymentId(),
                        "refunded at the channel (" + line.tradeNo() + ", " + line.amount() + "), " + ours.status()
                                + " here (refund " + ours.id() + ")"));
            } else {
                mismatches.add(new RefundMismatch(line, line.tradeNo(), paymentId(line.outTradeNo()).orElse(null),
                        "refunded at the channel (" + line.tradeNo() + ", " + line.amount() + " of payment "
                                + line.outTradeNo() + "), no refund of ours matches"));
            }
        }
        ZoneId zone = Optional.ofNullable(gateways.get(channel)).map(ChannelGateway::statementZone)
                .orElse(ZoneOffset.UTC);
        for (Refund ours : refunds.findSucceeded(tenantId, channel, StatementComparison.startOf(day, zone),
                StatementComparison.endOf(day, zone))) {
            if (!seen.contains(ours.id().value())) {
                mismatches.add(new RefundMismatch(null, ours.id().value(), ours.paymentId(),
                        "SUCCEEDED here (" + ours.amount() + ", channel refund " + ours.channelRefundNo()
                                + "), not on the channel's statement"));
            }
        }
        return mismatches;
    }

    @Override
    public String queryRefund(TenantId tenantId, String channel, String subject, String operator, String reason) {
        if (!RefundId.isRefundId(subject)) {
            throw new IllegalStateException("the channel refunded " + subject + " and no refund of ours matches it:"
                    + " there is nothing of ours to ask about; a person decides (refund made outside Tristate?)");
        }
        Refund refund = refunds.find(tenantId, new RefundId(subject))
                .orElseThrow(() -> new IllegalStateException("no refund " + subject));
        if (refund.status().isOpen()) {
            boolean open = cases.open(tenantId, refund.id(), refund.channel(), "RECONCILIATION",
                    clock.instant().truncatedTo(ChronoUnit.MICROS));
            return open ? "resolver case open for refund " + subject + ", due now: the channel is asked and its"
                    + " answer applied" : "the resolver case of refund " + subject + " is flagged: a person has it";
        }
        RefundAnswer answer = ask(tenantId, refund);
        RefundOutcomes.keepAnswer(refunds, refund, answer, clock.instant().truncatedTo(ChronoUnit.MICROS));
        boolean channelRefunded = answer instanceof RefundAnswer.Succeeded s && s.amount().equals(refund.amount());
        if (refund.status() == RefundStatus.SUCCEEDED && channelRefunded) {
            return "the channel confirms refund " + subject + " (" + ((RefundAnswer.Succeeded) answer).refundNo()
                    + "): timing, a later statement carries it";
        }
        throw new IllegalStateException("refund " + subject + " is " + refund.status() + " here, the channel says "
                + RefundQueryAnswer.of(answer) + ": a person decides");
    }

    private RefundAnswer ask(TenantId tenantId, Refund refund) {
        ChannelGateway gateway = gateways.get(refund.channel());
        String account = credentials.accountOf(tenantId, refund.channel()).orElse(null);
        if (gateway == null || account == null) {
            throw new IllegalStateException("cannot ask channel " + refund.channel() + " (no gateway or account)");
        }
        try {
            return gateway.queryRefund(refund.paymentId().value(), refund.id().value(), account);
        } catch (ChannelFailure failure) {
            throw new IllegalStateException("the channel did not answer (" + failure.outcomeClass() + "): "
                    + failure.getMessage(), failure);
        }
    }

    private static Optional<PaymentId> paymentId(String outTradeNo) {
        try {
            return Optional.of(new PaymentId(outTradeNo));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
