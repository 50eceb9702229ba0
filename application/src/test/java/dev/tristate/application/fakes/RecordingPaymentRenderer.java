package dev.tristate.application.fakes;

import dev.tristate.application.idempotency.port.in.RenderedResponse;
import dev.tristate.application.payment.port.in.PaymentResponseRenderer;
import dev.tristate.application.payment.port.in.Rejection;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import java.util.ArrayList;
import java.util.List;

/** Renders merchant-API answers as plain strings and keeps the rejections, for assertions. */
public final class RecordingPaymentRenderer implements PaymentResponseRenderer {
    public final List<Rejection> rejections = new ArrayList<>();

    @Override
    public RenderedResponse created(Payment payment, PayInstruction pay) {
        return new RenderedResponse(201, "created " + payment.id() + " " + pay.method() + " " + pay.payUrl() + " "
                + payment.createdAt());
    }

    @Override
    public RenderedResponse rejected(Rejection rejection) {
        rejections.add(rejection);
        return new RenderedResponse(422, "rejected " + rejection);
    }

    @Override
    public RenderedResponse outcomeUnknown(Payment payment) {
        return new RenderedResponse(202, "unknown " + payment.id());
    }

    @Override
    public RenderedResponse tradeOutcomeUnknown(Payment payment) {
        return new RenderedResponse(202, "trade unknown " + payment.id() + " " + payment.status());
    }
}
