package dev.tristate.application.payment.service;

import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.idempotency.port.in.IdempotentResponse;
import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.ChannelRefused;
import dev.tristate.application.payment.port.in.ChannelUnavailable;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.PaymentResponseRenderer;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.shared.port.in.FieldError;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.idempotency.IdempotencyEntry;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.domain.resolution.UnknownOutcomeOrigin;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Creates a payment under an Idempotency-Key: hold the key, check the request, register the trade at the channel
 * (outside any transaction: a remote call must not hold database locks), then in one transaction store the answer
 * under the key and insert the PENDING payment. When the channel's answer to the trade is lost, the payment is still
 * stored PENDING, with an unknown-outcome entry so that the resolver asks the channel before anything else happens
 * under it; the answer (202, no way to pay) is stored, so a retry never registers a second trade.
 */
class CreatePaymentService implements CreatePaymentUseCase {

    private final IdempotentCommands gate;
    private final PaymentRepository payments;
    private final ChannelCredentialStore credentials;
    private final Map<String, ChannelGateway> gateways;
    private final SortedMap<String, List<String>> payMethods;
    private final Clock clock;
    private final Supplier<PaymentId> paymentIds;
    private final RecordUnknownOutcomeUseCase unknowns;

    CreatePaymentService(IdempotentCommands gate, PaymentRepository payments, ChannelCredentialStore credentials,
                         List<ChannelGateway> gateways, Clock clock, Supplier<PaymentId> paymentIds,
                         RecordUnknownOutcomeUseCase unknowns) {
        this.gate = gate;
        this.payments = payments;
        this.credentials = credentials;
        Map<String, ChannelGateway> byChannel = new TreeMap<>();
        SortedMap<String, List<String>> methods = new TreeMap<>();
        for (ChannelGateway gateway : gateways) {
            if (byChannel.putIfAbsent(gateway.channel(), gateway) != null) {
                throw new IllegalStateException("two gateways for channel " + gateway.channel());
            }
            // A gateway without pay methods creates no trades here: a payment cannot name its channel.
            if (!gateway.payMethods().isEmpty()) {
                methods.put(gateway.channel(), List.copyOf(gateway.payMethods()));
            }
        }
        this.gateways = Collections.unmodifiableMap(byChannel);
        this.payMethods = Collections.unmodifiableSortedMap(methods);
        this.clock = clock;
        this.paymentIds = paymentIds;
        this.unknowns = unknowns;
    }

    @Override
    public IdempotentResponse createPayment(CreatePaymentCommand command) {
        return gate.hold(command.tenantId(), command.idempotencyKey(), command.fingerprint(), this::newPaymentId,
                mine -> createHolding(mine, command));
    }

    private IdempotentResponse createHolding(IdempotencyEntry mine, CreatePaymentCommand command) {
        PaymentRequest request = command.request();
        PaymentResponseRenderer renderer = command.renderer();
        List<FieldError> errors = PaymentRequestRules.check(request, payMethods);
        boolean channelServed = errors.stream().noneMatch(e -> e.field().equals(PaymentRequest.CHANNEL));
        Optional<String> account = channelServed
                ? credentials.accountOf(command.tenantId(), request.channel()) : Optional.empty();
        if (channelServed && account.isEmpty()) {
            errors.add(new FieldError(PaymentRequest.CHANNEL,
                    "names a channel at which this merchant has no account: " + request.channel()));
            PaymentRequestRules.sort(errors);
        }
        if (!errors.isEmpty()) {
            return gate.finish(mine, renderer.rejected(new Rejection.ValidationFailed(errors)));
        }
        ChannelGateway gateway = gateways.get(request.channel());
        String payMethod = request.payMethod() != null ? request.payMethod()
                : payMethods.get(gateway.channel()).get(0);
        Payment payment = Payment.initiate(new PaymentId(mine.reservedId()), command.tenantId(),
                new MerchantOrderId(request.merchantOrderId()), Money.of(request.amountMinor(), request.currency()),
                gateway.channel(), request.userId(), request.sku(), request.description(),
                clock.instant().truncatedTo(ChronoUnit.MICROS))
                .withReturnUrl(ReturnUrl.ofNullable(request.returnUrl()));
        PayInstruction pay;
        try {
            pay = registerTrade(gateway, payment, payMethod, account.get());
        } catch (TradeOutcomeUnknown lost) {
            IdempotentResponse stored = gate.finish(mine, () -> renderer.tradeOutcomeUnknown(payment),
                    () -> payments.insert(payment), () -> commitUnknown(command, renderer, payment));
            // After the commit: the case makes the resolver ask at once. Were it not recorded, the resolver still
            // finds the PENDING payment once it is stale, as it finds any payment nobody reported on.
            recordUnknown(command, payment, UnknownOutcomeOrigin.TRADE_CREATE_CHANNEL_CALL, lost.getMessage());
            return stored;
        }
        return gate.finish(mine, () -> renderer.created(payment, pay), () -> payments.insert(payment),
                () -> commitUnknown(command, renderer, payment));
    }

    /** 202 UNKNOWN, never a failure: the payment may exist. The ledger makes the resolver find out. */
    private RenderedResponse commitUnknown(CreatePaymentCommand command, PaymentResponseRenderer renderer,
                                           Payment payment) {
        recordUnknown(command, payment, UnknownOutcomeOrigin.PAYMENT_CREATE_COMMIT,
                "outcome of the create-payment commit unknown");
        return renderer.outcomeUnknown(payment);
    }

    private void recordUnknown(CreatePaymentCommand command, Payment payment, UnknownOutcomeOrigin origin,
                               String detail) {
        unknowns.record(command.tenantId(), payment.id(), payment.channel(), origin,
                command.idempotencyKey().value(), detail);
    }

    private static PayInstruction registerTrade(ChannelGateway gateway, Payment payment, String payMethod,
                                                String account) {
        try {
            return gateway.registerTrade(payment, payMethod, account);
        } catch (ChannelFailure failure) {
            if (failure.outcomeClass().mustBeResolved()) {
                throw new TradeOutcomeUnknown("the channel's answer to the trade's creation was lost: "
                        + failure.getMessage());
            }
            if (failure.outcomeClass() == OutcomeClass.DEFINITE) {
                throw new ChannelRefused(gateway.channel(), failure.getMessage());
            }
            throw new ChannelUnavailable(gateway.channel());
        }
    }

    /** The channel may or may not hold the trade: the payment is stored and the channel asked, never guessed. */
    private static final class TradeOutcomeUnknown extends RuntimeException {
        TradeOutcomeUnknown(String message) {
            super(message, null, false, false);
        }
    }

    private String newPaymentId() {
        return paymentIds.get().value();
    }
}
