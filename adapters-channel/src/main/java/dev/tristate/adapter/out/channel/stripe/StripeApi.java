package dev.tristate.adapter.out.channel.stripe;

import com.stripe.StripeClient;
import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.RateLimitException;
import com.stripe.exception.StripeException;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * One call to Stripe with the account's key, and what its failure means. The SDK is built per call from the key
 * valid then (its own network retries off, so that the outcome class is ours to decide):
 * <ul>
 *   <li>not reached (refused connection, unknown host, connect timeout) or 429: RETRYABLE, nothing was done;</li>
 *   <li>a read timeout, a cut connection or an answer the SDK cannot read: UNKNOWN;</li>
 *   <li>a 5xx ({@code api_error}) or 409 (the same key still in flight): UNKNOWN for a call that may have acted,
 *       RETRYABLE for a read;</li>
 *   <li>every other Stripe error ({@code invalid_request_error}, {@code card_error}, {@code idempotency_error},
 *       authentication, permission): DEFINITE, Stripe refused the call and did nothing for it.</li>
 * </ul>
 */
final class StripeApi {

    /** Whether a call may change something at Stripe: an unclear failure of one that may is UNKNOWN. */
    enum Effect { READS, ACTS }

    @FunctionalInterface
    interface Call<T> {
        T on(StripeClient client) throws StripeException;
    }

    private final StripeGatewaySettings settings;
    private final StripeSecretKeys keys;

    StripeApi(StripeGatewaySettings settings, StripeSecretKeys keys) {
        this.settings = settings;
        this.keys = keys;
    }

    <T> T call(String account, Effect effect, String what, Call<T> call) {
        String key = keys.secretKeyOf(account).orElseThrow(() -> new ChannelFailure(OutcomeClass.DEFINITE,
                "no valid Stripe secret key for account " + account + "; " + what + " was not sent", null));
        StripeClient client = StripeClient.builder()
                .setApiKey(key)
                .setApiBase(settings.apiBaseNow())
                .setMaxNetworkRetries(0)
                .setConnectTimeout((int) settings.connectTimeout().toMillis())
                .setReadTimeout((int) settings.readTimeout().toMillis())
                .build();
        try {
            return call.on(client);
        } catch (StripeException e) {
            throw classify(e, effect, what);
        } catch (RuntimeException unreadable) {
            // The SDK's JSON binding throws unchecked exceptions for answers it cannot bind.
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Stripe answer to " + what, unreadable);
        }
    }

    static ChannelFailure classify(StripeException e, Effect effect, String what) {
        String said = what + ": " + e.getClass().getSimpleName()
                + (e.getStatusCode() == null ? "" : " " + e.getStatusCode())
                + (e.getCode() == null ? "" : " " + e.getCode()) + " " + e.getMessage();
        if (e instanceof ApiConnectionException) {
            return new ChannelFailure(notSent(e) ? OutcomeClass.RETRYABLE : OutcomeClass.UNKNOWN,
                    (notSent(e) ? "Stripe was not reached for " : "no answer from Stripe to ") + said, e);
        }
        if (e instanceof RateLimitException) {
            return new ChannelFailure(OutcomeClass.RETRYABLE, "Stripe asked to slow down, " + said, e);
        }
        if (e instanceof ApiException) {
            Integer status = e.getStatusCode();
            boolean unreadable = status != null && status < 300;
            boolean serverSide = status == null || status >= 500 || status == 409;
            if (unreadable || (serverSide && effect == Effect.ACTS)) {
                return new ChannelFailure(OutcomeClass.UNKNOWN, "no clear Stripe answer to " + said, e);
            }
            if (serverSide) {
                return new ChannelFailure(OutcomeClass.RETRYABLE, "Stripe failed to answer " + said, e);
            }
        }
        return new ChannelFailure(OutcomeClass.DEFINITE, "Stripe refused " + said, e);
    }

    /** The request never left: the connection was refused, the host unknown, or connecting timed out. */
    private static boolean notSent(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnknownHostException
                    || cause instanceof NoRouteToHostException) {
                return true;
            }
            if (cause instanceof SocketTimeoutException && cause.getMessage() != null
                    && cause.getMessage().toLowerCase(Locale.ROOT).contains("connect")) {
                return true;
            }
        }
        return false;
    }
}
