package dev.tristate.application.refund.service;

import dev.tristate.application.consumer.port.out.TaskStore;
import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.outbox.port.out.OutboxStore;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.ApplyRefundAnswerUseCase;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.GetRefundQuery;
import dev.tristate.application.refund.port.out.RefundLedgerView;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.resolution.port.out.ResolutionCases;
import dev.tristate.application.resolution.port.out.UnknownOutcomeLedger;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.payment.RefundId;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The refund feature's use cases, built for the wiring: the implementations stay inside this package. A refund's
 * answer takes effect the same way whether the request itself or the resolver brings it; {@code firstQueryAfter} is
 * how long after an open or unknown refund the resolver first asks the channel.
 */
public final class RefundServices {

    private RefundServices() {
    }

    /**
     * Every gateway is a channel a refund may go through; the first gateway of a channel wins. {@code refundIds}
     * draws each new refund's id (time-ordered in production, fixed in tests).
     */
    public static CreateRefundUseCase createRefund(IdempotentCommands gate, PaymentRepository payments,
                                                   RefundStore refunds, ChannelCredentialStore credentials,
                                                   List<ChannelGateway> gateways, OutboxStore outbox, TaskStore tasks,
                                                   UnknownOutcomeLedger ledger, ResolutionCases cases,
                                                   Transactions transactions, Clock clock,
                                                   Supplier<RefundId> refundIds,
                                                   Duration firstQueryAfter) {
        return new CreateRefundService(gate, payments, refunds, credentials, gateways,
                outcomes(refunds, payments, outbox, tasks, ledger, cases, transactions, clock, firstQueryAfter),
                transactions, clock, refundIds);
    }

    public static GetRefundQuery getRefund(RefundStore refunds) {
        return new GetRefundService(refunds);
    }

    /** The resolver's way to apply what the channel's refund query said. */
    public static ApplyRefundAnswerUseCase applyRefundAnswer(RefundStore refunds, PaymentRepository payments,
                                                             OutboxStore outbox, TaskStore tasks,
                                                             UnknownOutcomeLedger ledger, ResolutionCases cases,
                                                             Transactions transactions, Clock clock,
                                                             Duration firstQueryAfter) {
        return outcomes(refunds, payments, outbox, tasks, ledger, cases, transactions, clock, firstQueryAfter);
    }

    /** The path of every refund answer, with the payment's side of a success. */
    static RefundOutcomes outcomes(RefundStore refunds, PaymentRepository payments, OutboxStore outbox,
                                   TaskStore tasks, UnknownOutcomeLedger ledger, ResolutionCases cases,
                                   Transactions transactions, Clock clock, Duration firstQueryAfter) {
        return new RefundOutcomes(refunds, new PaymentRefunding(payments, outbox, tasks), ledger, cases, transactions,
                clock, firstQueryAfter);
    }

    /** REFUND_MISMATCH over the refunds table, for reconciliation; its repair asks the channel. */
    public static RefundLedgerView refundLedger(RefundStore refunds, ResolutionCases cases,
                                                List<ChannelGateway> gateways, ChannelCredentialStore credentials,
                                                Clock clock) {
        return new RefundReconciliation(refunds, cases, gateways, credentials, clock);
    }
}
