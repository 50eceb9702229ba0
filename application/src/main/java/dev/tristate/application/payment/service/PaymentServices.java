package dev.tristate.application.payment.service;

import dev.tristate.application.idempotency.port.in.IdempotentCommands;
import dev.tristate.application.payment.port.in.CreatePaymentUseCase;
import dev.tristate.application.payment.port.in.GetPaymentQuery;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.PaymentRepository;
import dev.tristate.application.resolution.port.in.RecordUnknownOutcomeUseCase;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.payment.PaymentId;
import java.time.Clock;
import java.util.List;
import java.util.function.Supplier;

/** The payment feature's use cases, built for the wiring: the implementations stay inside this package. */
public final class PaymentServices {

    private PaymentServices() {
    }

    /**
     * Every gateway with pay methods is a channel a payment may name; two gateways for one channel are refused.
     * {@code paymentIds} draws each new payment's id (time-ordered in production, fixed in tests).
     */
    public static CreatePaymentUseCase createPayment(IdempotentCommands idempotency, PaymentRepository payments,
                                                     ChannelCredentialStore credentials, List<ChannelGateway> gateways,
                                                     Clock clock, Supplier<PaymentId> paymentIds,
                                                     RecordUnknownOutcomeUseCase unknowns) {
        return new CreatePaymentService(idempotency, payments, credentials, gateways, clock, paymentIds, unknowns);
    }

    public static GetPaymentQuery getPayment(PaymentRepository payments) {
        return new GetPaymentService(payments);
    }
}
