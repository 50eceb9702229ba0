package dev.tristate.adapter.out.channel.stripe;

import com.stripe.model.PaymentIntent;
import com.stripe.model.Refund;
import com.stripe.model.StripeCollection;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import com.stripe.param.RefundListParams;
import dev.tristate.adapter.out.channel.stripe.StripeApi.Effect;
import dev.tristate.adapter.out.channel.stripe.StripeChannelGateway.Found;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.RefundAnswer;
import java.time.Instant;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Refunds at Stripe. A refund carries the system's refund id as its {@code Idempotency-Key} and as
 * {@code metadata.out_refund_no}; before creating one the trade's refunds are listed, so that asking again after
 * Stripe's 24 hours of idempotency still finds the refund made the first time rather than refunding twice. A refund
 * that is not in the list was never made.
 */
final class StripeRefunds {

    static final String OUT_REFUND_NO = "out_refund_no";
    private static final int MAX_PAGES = 20;

    private final StripeApi api;
    private final BiFunction<String, String, Found> intents;

    StripeRefunds(StripeApi api, BiFunction<String, String, Found> intents) {
        this.api = api;
        this.intents = intents;
    }

    RefundAnswer refund(RefundRequest request, String account) {
        long amount;
        try {
            amount = StripeAmounts.toStripe(request.amount());
        } catch (IllegalArgumentException refused) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "refund " + request.outRefundNo() + " cannot be made at "
                    + "Stripe: " + refused.getMessage(), null);
        }
        // A trade paid seconds ago may not be searchable yet: nothing is sent, and asking again later finds it.
        PaymentIntent intent = intents.apply(request.outTradeNo(), account).intent().orElseThrow(() ->
                new ChannelFailure(OutcomeClass.RETRYABLE, "Stripe's search finds no PaymentIntent of "
                        + request.outTradeNo() + " (yet); refund " + request.outRefundNo() + " was not sent", null));
        Optional<Refund> earlier = find(intent.getId(), request.outRefundNo(), account);
        if (earlier.isPresent()) {
            return answer(earlier.get(), request.outRefundNo());
        }
        RefundCreateParams.Builder params = RefundCreateParams.builder()
                .setPaymentIntent(intent.getId())
                .setAmount(amount)
                .putMetadata(OUT_REFUND_NO, request.outRefundNo())
                .putMetadata(StripeChannelGateway.OUT_TRADE_NO, request.outTradeNo());
        if (request.reason() != null && !request.reason().isBlank()) {
            String reason = request.reason().strip();
            params.putMetadata("reason", reason.length() > 500 ? reason.substring(0, 500) : reason);
        }
        RequestOptions key = RequestOptions.builder().setIdempotencyKey(request.outRefundNo()).build();
        Refund refund = api.call(account, Effect.ACTS, "refund " + request.outRefundNo(),
                client -> client.refunds().create(params.build(), key));
        return answer(refund, request.outRefundNo());
    }

    /** The refund under {@code outRefundNo}, or {@link RefundAnswer.NotFound} when Stripe never made it. */
    RefundAnswer query(String outTradeNo, String outRefundNo, String account) {
        Found found = intents.apply(outTradeNo, account);
        if (found.intent().isEmpty()) {
            return new RefundAnswer.NotFound(found.raw());
        }
        return find(found.intent().get().getId(), outRefundNo, account)
                .map(refund -> answer(refund, outRefundNo))
                .orElseGet(() -> new RefundAnswer.NotFound("no refund with metadata.out_refund_no " + outRefundNo
                        + " among the refunds of " + found.intent().get().getId()));
    }

    private Optional<Refund> find(String intentId, String outRefundNo, String account) {
        String after = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            RefundListParams.Builder params = RefundListParams.builder().setPaymentIntent(intentId).setLimit(100L);
            if (after != null) {
                params.setStartingAfter(after);
            }
            StripeCollection<Refund> refunds = api.call(account, Effect.READS, "the refunds of " + intentId,
                    client -> client.refunds().list(params.build()));
            for (Refund refund : refunds.getData()) {
                if (refund.getMetadata() != null && outRefundNo.equals(refund.getMetadata().get(OUT_REFUND_NO))) {
                    return Optional.of(refund);
                }
            }
            if (!Boolean.TRUE.equals(refunds.getHasMore()) || refunds.getData().isEmpty()) {
                return Optional.empty();
            }
            after = refunds.getData().get(refunds.getData().size() - 1).getId();
        }
        throw new ChannelFailure(OutcomeClass.RETRYABLE, "more than " + MAX_PAGES * 100 + " refunds of " + intentId
                + " at Stripe; refund " + outRefundNo + " not looked for further", null);
    }

    private static RefundAnswer answer(Refund refund, String outRefundNo) {
        String raw = refund.getLastResponse() == null ? refund.toJson() : refund.getLastResponse().body();
        try {
            return switch (String.valueOf(refund.getStatus())) {
                case "succeeded" -> new RefundAnswer.Succeeded(refund.getId(),
                        StripeAmounts.fromStripe(refund.getAmount(), refund.getCurrency()),
                        Instant.ofEpochSecond(refund.getCreated()), raw);
                case "pending", "requires_action" -> new RefundAnswer.Processing(raw);
                case "failed", "canceled" -> new RefundAnswer.Refused(refund.getStatus()
                        + (refund.getFailureReason() == null ? "" : ": " + refund.getFailureReason()), raw);
                default -> throw new IllegalArgumentException("unknown refund status " + refund.getStatus());
            };
        } catch (IllegalArgumentException | NullPointerException unreadable) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Stripe refund " + refund.getId() + " ("
                    + outRefundNo + "): " + unreadable.getMessage(), unreadable);
        }
    }
}
