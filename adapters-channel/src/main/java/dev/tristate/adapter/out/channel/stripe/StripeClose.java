package dev.tristate.adapter.out.channel.stripe;

import com.stripe.exception.InvalidRequestException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.StripeCollection;
import com.stripe.model.checkout.Session;
import com.stripe.param.checkout.SessionListParams;
import dev.tristate.adapter.out.channel.stripe.StripeApi.Effect;
import dev.tristate.adapter.out.channel.stripe.StripeChannelGateway.Found;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.domain.outcome.OutcomeClass;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Closing a trade nobody paid: its Checkout Session is expired (which cancels the session's PaymentIntent), or, for
 * an intent without an open session, the intent is canceled. A trade whose intent succeeded or is processing is not
 * closable. The session is found through its intent, or, before the payer ever tried (no intent yet), among the
 * sessions of the last day: none lives longer, since Stripe expires every session within 24 hours.
 */
final class StripeClose {

    private static final Set<String> NOT_CLOSABLE = Set.of("succeeded", "processing", "requires_capture");
    /** Stripe's longest session life and some slack for clocks. */
    private static final Duration SESSIONS_LIVE = Duration.ofHours(25);
    private static final int MAX_PAGES = 50;

    private final StripeApi api;
    private final BiFunction<String, String, Found> intents;
    private final Clock clock;

    StripeClose(StripeApi api, BiFunction<String, String, Found> intents, Clock clock) {
        this.api = api;
        this.intents = intents;
        this.clock = clock;
    }

    CloseAnswer close(String outTradeNo, String account) {
        Found found = intents.apply(outTradeNo, account);
        Optional<PaymentIntent> intent = found.intent();
        if (intent.isPresent() && NOT_CLOSABLE.contains(intent.get().getStatus())) {
            return new CloseAnswer.NotClosable("its PaymentIntent " + intent.get().getId() + " is "
                    + intent.get().getStatus(), found.raw());
        }
        Optional<Session> session = intent.isPresent()
                ? sessionOfIntent(intent.get().getId(), account) : recentSession(outTradeNo, account);
        if (session.isPresent()) {
            return closeSession(session.get(), account);
        }
        if (intent.isEmpty()) {
            return new CloseAnswer.NotFound(found.raw());
        }
        if ("canceled".equals(intent.get().getStatus())) {
            return new CloseAnswer.Closed(found.raw());
        }
        PaymentIntent canceled = api.call(account, Effect.ACTS, "the cancel of " + intent.get().getId(),
                client -> client.paymentIntents().cancel(intent.get().getId()));
        return new CloseAnswer.Closed(raw(canceled.getLastResponse() == null ? null
                : canceled.getLastResponse().body()));
    }

    private CloseAnswer closeSession(Session session, String account) {
        switch (String.valueOf(session.getStatus())) {
            case "complete" -> {
                return new CloseAnswer.NotClosable("its Checkout Session " + session.getId() + " is complete",
                        session.toJson());
            }
            case "expired" -> {
                return new CloseAnswer.Closed(session.toJson());
            }
            default -> {
                Session expired = api.call(account, Effect.ACTS, "the expiry of " + session.getId(), client -> {
                    try {
                        return client.checkout().sessions().expire(session.getId());
                    } catch (InvalidRequestException refused) {
                        // Paid or expired meanwhile, the session as it stands says which; still open, it was refused.
                        Session now = client.checkout().sessions().retrieve(session.getId());
                        if ("open".equals(now.getStatus())) {
                            throw refused;
                        }
                        return now;
                    }
                });
                if (!"expired".equals(expired.getStatus())) {
                    return closeSession(expired, account);
                }
                return new CloseAnswer.Closed(expired.getLastResponse() == null ? expired.toJson()
                        : expired.getLastResponse().body());
            }
        }
    }

    private Optional<Session> sessionOfIntent(String intentId, String account) {
        StripeCollection<Session> sessions = api.call(account, Effect.READS, "the Checkout Session of " + intentId,
                client -> client.checkout().sessions().list(SessionListParams.builder()
                        .setPaymentIntent(intentId).setLimit(1L).build()));
        return sessions.getData().stream().findFirst();
    }

    private Optional<Session> recentSession(String outTradeNo, String account) {
        long since = clock.instant().minus(SESSIONS_LIVE).getEpochSecond();
        String after = null;
        for (int page = 0; page < MAX_PAGES; page++) {
            SessionListParams.Builder params = SessionListParams.builder().setLimit(100L)
                    .setCreated(SessionListParams.Created.builder().setGte(since).build());
            if (after != null) {
                params.setStartingAfter(after);
            }
            StripeCollection<Session> sessions = api.call(account, Effect.READS, "the recent Checkout Sessions",
                    client -> client.checkout().sessions().list(params.build()));
            Optional<Session> ours = sessions.getData().stream()
                    .filter(session -> outTradeNo.equals(StripeChannelGateway.metadata(session.getMetadata())))
                    .findFirst();
            if (ours.isPresent() || !Boolean.TRUE.equals(sessions.getHasMore()) || sessions.getData().isEmpty()) {
                return ours;
            }
            after = sessions.getData().get(sessions.getData().size() - 1).getId();
        }
        throw new ChannelFailure(OutcomeClass.RETRYABLE, "more than " + MAX_PAGES * 100 + " Checkout Sessions in "
                + "the last day; the one of " + outTradeNo + " was not looked for further",
                null);
    }

    private static String raw(String body) {
        return body == null ? "" : body;
    }
}
