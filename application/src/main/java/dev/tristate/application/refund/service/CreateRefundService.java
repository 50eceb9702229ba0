package dev.tristate.application.refund.service;

import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.PaymentNotFound;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.refund.port.in.CreateRefundUseCase.RefundRequest;
import dev.tristate.application.refund.port.in.CreateRefundUseCase;
import dev.tristate.application.refund.port.in.RefundResponseRenderer;
import dev.tristate.application.refund.port.out.RefundStore;
import dev.tristate.application.shared.failure.PersistenceFailure;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.application.shared.port.out.Transactions;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.Refund;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.RefundId;
import dev.tristate.domain.payment.TransitionOutcome.Rejected;
import dev.tristate.domain.payment.TransitionOutcome.RejectionReason;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Refunds a payment under an Idempotency-Key, exactly once in effect:
 * <ol>
 *   <li>Hold the key (its reserved id is the refund id, so a retry that takes the key over continues the same
 *   refund).</li>
 *   <li>One transaction: lock the payment row, add up the refunds still held (PENDING, UNKNOWN), let
 *   {@link Payment#refundRejection} decide, insert the refund PENDING. Two concurrent refunds that together exceed
 *   the captured amount are decided one after the other on the lock: the second one sees the first one's hold.</li>
 *   <li>Ask the channel after that commit, never inside a transaction, with the refund id as out_refund_no (the
 *   channel dedupes on it, so asking again is harmless).</li>
 *   <li>One transaction: apply the answer through {@link RefundOutcomes} and store the answer under the key. A
 *   timeout is UNKNOWN (ledger, resolver case), answered 202; a commit of unknown outcome is answered 202 UNKNOWN
 *   and left in flight.</li>
 * </ol>
 */
class CreateRefundService implements CreateRefundUseCase {

    private final IdempotentCommands gate;
    private final PaymentRepository payments;
    private final RefundStore refunds;
    private final ChannelCredentialStore credentials;
    private final Map<String, ChannelGateway> gateways;
    private final RefundOutcomes outcomes;
    private final Transactions transactions;
    private final Clock clock;
    private final Supplier<RefundId> refundIds;

    CreateRefundService(IdempotentCommands gate, PaymentRepository payments, RefundStore refunds,
                        ChannelCredentialStore credentials, List<ChannelGateway> gateways,
                        RefundOutcomes outcomes, Transactions transactions, Clock clock,
                        Supplier<RefundId> refundIds) {
        this.gate = gate;
        this.payments = payments;
        this.refunds = refunds;
        this.credentials = credentials;
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        gateways.forEach(g -> byChannel.putIfAbsent(g.channel(), g));
        this.gateways = Map.copyOf(byChannel);
        this.outcomes = outcomes;
        this.transactions = transactions;
        this.clock = clock;
        this.refundIds = refundIds;
    }

    @Override
    public IdempotentResponse createRefund(CreateRefundCommand command) {
        // A failure without an answer releases the key: a retry may start at once, and continues this refund id.
        return gate.hold(command.tenantId(), command.idempotencyKey(), command.fingerprint(), this::newRefundId,
                mine -> createHolding(mine, command));
    }

    private sealed interface Reservation {
    }

    private record Held(Refund refund) implements Reservation {
    }

    private record Refused(Rejection rejection) implements Reservation {
    }

    private IdempotentResponse createHolding(IdempotencyEntry mine, CreateRefundCommand command) {
        RefundResponseRenderer renderer = command.renderer();
        Payment payment = payments.findById(command.tenantId(), command.paymentId())
                .orElseThrow(() -> new PaymentNotFound(command.paymentId()));
        List<FieldError> errors = check(command.request());
        if (!errors.isEmpty()) {
            return gate.finish(mine, renderer.rejected(new Rejection.ValidationFailed(errors)));
        }
        ChannelGateway gateway = gateways.get(payment.channel());
        Optional<String> account = credentials.accountOf(command.tenantId(), payment.channel());
        if (gateway == null || account.isEmpty()) {
            return gate.finish(mine, renderer.rejected(new Rejection.ChannelNotConfigured(payment.channel())));
        }
        RefundId refundId = new RefundId(mine.reservedId());
        Money amount = Money.of(command.request().amountMinor(), payment.amount().currencyCode());
        Reservation reservation;
        try {
            reservation = transactions.inTransaction(() -> reserve(command, refundId, amount));
        } catch (PersistenceFailure failure) {
            if (!failure.outcomeClass().mustBeResolved()) {
                throw failure;
            }
            // The refund may or may not be stored; it was not sent to the channel. The resolver finds out.
            outcomes.recordUnknown(Refund.request(refundId, payment, amount, command.request().reason(),
                    now()), UnknownOutcomeOrigin.REFUND_CREATE_COMMIT, "outcome of the create-refund commit unknown");
            return IdempotentResponse.fresh(renderer.outcomeUnknown(refundId, amount));
        }
        if (reservation instanceof Refused refused) {
            return gate.finish(mine, renderer.rejected(refused.rejection()));
        }
        Refund refund = ((Held) reservation).refund();
        if (!refund.status().isOpen()) {
            // A retry that took the key over finds the refund settled already (by the resolver, say).
            return gate.finishWith(mine, () -> renderer.answered(refund), () -> renderer.answered(refund));
        }
        RefundAnswer answer;
        try {
            answer = gateway.refund(new ChannelGateway.RefundRequest(refund.paymentId().value(), refund.id().value(),
                    refund.amount(), refund.reason()), account.get());
        } catch (ChannelFailure failure) {
            return afterChannelFailure(mine, renderer, refund, failure);
        }
        return gate.finishWith(mine, () -> renderer.answered(outcomes.applyWithin(refund, answer).refund()),
                () -> {
                    outcomes.recordUnknown(refund, UnknownOutcomeOrigin.REFUND_RESULT_COMMIT,
                            "outcome of the commit of the channel's refund answer unknown");
                    return renderer.outcomeUnknown(refund.id(), refund.amount());
                });
    }

    private IdempotentResponse afterChannelFailure(IdempotencyEntry mine, RefundResponseRenderer renderer,
                                                   Refund refund, ChannelFailure failure) {
        if (failure.outcomeClass().mustBeResolved()) {
            // The channel may have refunded: UNKNOWN, never FAILED. The answer (202 UNKNOWN) is true and stored.
            return gate.finishWith(mine,
                    () -> renderer.answered(outcomes.recordUnknownWithin(refund,
                            UnknownOutcomeOrigin.REFUND_CHANNEL_CALL, "no answer from the channel: "
                                    + failure.getMessage())),
                    () -> {
                        outcomes.recordUnknown(refund, UnknownOutcomeOrigin.REFUND_CHANNEL_CALL,
                                "no answer from the channel, and the record of it has an unknown outcome");
                        return renderer.outcomeUnknown(refund.id(), refund.amount());
                    });
        }
        if (failure.outcomeClass() == dev.tristate.domain.outcome.OutcomeClass.DEFINITE) {
            return gate.finishWith(mine, () -> renderer.answered(outcomes.failWithin(refund,
                    "the channel refused the call: " + failure.getMessage()).refund()),
                    () -> renderer.outcomeUnknown(refund.id(), refund.amount()));
        }
        // Nothing reached the channel: the refund stays PENDING (its amount held); the same request may be sent again
        // at once and continues it, and if nobody does, the resolver asks the channel and settles it.
        throw new ChannelUnavailable(refund.channel());
    }

    private Reservation reserve(CreateRefundCommand command, RefundId refundId, Money amount) {
        Optional<Refund> earlier = refunds.find(command.tenantId(), refundId);
        if (earlier.isPresent()) {
            return new Held(earlier.get());
        }
        Payment payment = payments.lockById(command.tenantId(), command.paymentId())
                .orElseThrow(() -> new PaymentNotFound(command.paymentId()));
        Money held = Money.of(refunds.heldMinor(command.tenantId(), command.paymentId()),
                payment.amount().currencyCode());
        Optional<Rejected> rejection = payment.refundRejection(amount, held);
        if (rejection.isPresent()) {
            return new Refused(rejection.get().reason() == RejectionReason.REFUND_EXCEEDS_CAPTURED
                    ? new Rejection.RefundExceedsCaptured("refunded " + payment.refunded().minor() + ", held "
                            + held.minor() + ", asked " + amount.minor() + " of the captured "
                            + payment.amount().minor() + " (minor units)")
                    : new Rejection.PaymentNotRefundable(payment.status().name()));
        }
        Refund refund = Refund.request(refundId, payment, amount, command.request().reason(), now());
        refunds.insert(refund);
        return new Held(refund);
    }

    /** The request's rules, one error per field in the API's order; empty when it may proceed. */
    static List<FieldError> check(RefundRequest request) {
        List<FieldError> errors = new ArrayList<>(request.malformed());
        List<String> reported = errors.stream().map(FieldError::field).toList();
        if (!reported.contains(RefundRequest.AMOUNT_MINOR)) {
            if (request.amountMinor() == null) {
                errors.add(new FieldError(RefundRequest.AMOUNT_MINOR, "is required"));
            } else if (request.amountMinor() <= 0) {
                errors.add(new FieldError(RefundRequest.AMOUNT_MINOR, "must be a positive integer (minor units)"));
            }
        }
        if (!reported.contains(RefundRequest.REASON) && Refund.reasonProblem(request.reason()) != null) {
            errors.add(new FieldError(RefundRequest.REASON, Refund.reasonProblem(request.reason())));
        }
        errors.sort(java.util.Comparator.comparingInt(e -> RefundRequest.FIELDS.indexOf(e.field())));
        return errors;
    }

    private String newRefundId() {
        return refundIds.get().value();
    }

    private java.time.Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
