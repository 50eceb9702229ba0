package dev.tristate.adapter.out.channel.stripe;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How the gateway reaches Stripe and what it asks for. The API base is read at each call: on a host whose port is
 * chosen at start-up (the embedded simulator on port 0), it is known only once its web server is up.
 *
 * @param apiBase        Stripe's API base: {@code https://api.stripe.com}, or a simulator's
 * @param connectTimeout how long a connection may take (its failure is RETRYABLE: nothing was sent)
 * @param readTimeout    how long an answer may take (its failure is UNKNOWN: Stripe may have acted)
 * @param successUrl     where Checkout sends the payer after paying ({@code {PAYMENT_ID}} is replaced); null: none
 * @param cancelUrl      where Checkout sends a payer who goes back; null: none
 * @param sessionExpiry  how long after the payment's creation its Checkout Session expires (30 min to 24 h)
 * @param maxStatementTransactions the most balance transactions a day's statement may hold before it is refused
 */
public record StripeGatewaySettings(Supplier<String> apiBase, Duration connectTimeout, Duration readTimeout,
                                    String successUrl, String cancelUrl, Duration sessionExpiry, int maxStatementTransactions) {

    public StripeGatewaySettings {
        Objects.requireNonNull(apiBase, "tristate.channels.stripe.api-base");
        Objects.requireNonNull(connectTimeout, "connect timeout");
        Objects.requireNonNull(readTimeout, "read timeout");
        Objects.requireNonNull(sessionExpiry, "session expiry");
        successUrl = successUrl == null || successUrl.isBlank() ? null : successUrl;
        cancelUrl = cancelUrl == null || cancelUrl.isBlank() ? null : cancelUrl;
        if (sessionExpiry.compareTo(Duration.ofMinutes(30)) < 0 || sessionExpiry.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("tristate.channels.stripe.session-expiry is 30m to 24h, as Stripe "
                    + "allows");
        }
        if (maxStatementTransactions < 1) {
            throw new IllegalArgumentException("tristate.channels.stripe.max-statement-transactions must be positive");
        }
    }

    /** Settings with a fixed API base. */
    public StripeGatewaySettings(String apiBase, Duration connectTimeout, Duration readTimeout, String successUrl,
                                 String cancelUrl, Duration sessionExpiry, int maxStatementTransactions) {
        this(constant(Objects.requireNonNull(apiBase, "tristate.channels.stripe.api-base")), connectTimeout,
                readTimeout, successUrl, cancelUrl, sessionExpiry, maxStatementTransactions);
    }

    /** Stripe's API base now, without a trailing slash. */
    String apiBaseNow() {
        String base = Objects.requireNonNull(apiBase.get(), "tristate.channels.stripe.api-base");
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    private static Supplier<String> constant(String value) {
        return () -> value;
    }
}
