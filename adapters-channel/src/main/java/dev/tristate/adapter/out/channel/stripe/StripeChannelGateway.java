package dev.tristate.adapter.out.channel.stripe;

import com.stripe.model.Charge;
import com.stripe.model.PaymentIntent;
import com.stripe.model.StripeSearchResult;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.param.PaymentIntentSearchParams;
import com.stripe.param.checkout.SessionCreateParams;
import dev.tristate.adapter.out.channel.stripe.StripeApi.Effect;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementLine;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Stripe through the official SDK (stripe-java), for one Stripe account per tenant whose secret key is read at each
 * call ({@link StripeSecretKeys}). The payer pays on a Checkout Session ({@code checkout}); the payment id is the
 * session's and its PaymentIntent's {@code metadata.out_trade_no} and the session's {@code Idempotency-Key}, so a
 * trade registered twice is one session. The trade is found again by searching PaymentIntents by that metadata;
 * refunds carry their refund id as key and in metadata. How each failure is classed: {@link StripeApi}.
 */
public final class StripeChannelGateway implements ChannelGateway {

    static final String CHANNEL = "stripe";
    static final String CHECKOUT = "checkout";
    static final String OUT_TRADE_NO = "out_trade_no";

    private final StripeGatewaySettings settings;
    private final StripeApi api;
    private final StripeRefunds refunds;
    private final StripeClose close;
    private final StripeStatements statements;

    public StripeChannelGateway(StripeGatewaySettings settings, StripeSecretKeys keys, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.api = new StripeApi(settings, Objects.requireNonNull(keys, "secret keys"));
        this.refunds = new StripeRefunds(api, this::findIntent);
        this.close = new StripeClose(api, this::findIntent, Objects.requireNonNull(clock, "clock"));
        this.statements = new StripeStatements(api, settings.maxStatementTransactions());
    }

    @Override
    public String channel() {
        return CHANNEL;
    }

    @Override
    public List<String> payMethods() {
        return List.of(CHECKOUT);
    }

    /**
     * Creates the payment's Checkout Session (or finds it again: the payment id is the key, and the parameters are
     * the payment's own, so asking again replays the same session) and answers its URL.
     */
    @Override
    public PayInstruction registerTrade(Payment payment, String payMethod, String account) {
        if (!CHECKOUT.equals(payMethod)) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "Stripe offers the pay method checkout, not " + payMethod,
                    null);
        }
        String outTradeNo = payment.id().value();
        long amount;
        try {
            amount = StripeAmounts.toStripe(payment.amount());
        } catch (IllegalArgumentException refused) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "payment " + outTradeNo + " cannot be paid at Stripe: "
                    + refused.getMessage(), null);
        }
        SessionCreateParams.Builder params = SessionCreateParams.builder()
                .setMode(SessionCreateParams.Mode.PAYMENT)
                .addLineItem(SessionCreateParams.LineItem.builder()
                        .setQuantity(1L)
                        .setPriceData(SessionCreateParams.LineItem.PriceData.builder()
                                .setCurrency(StripeAmounts.currency(payment.amount()))
                                .setUnitAmount(amount)
                                .setProductData(SessionCreateParams.LineItem.PriceData.ProductData.builder()
                                        .setName(productName(payment)).build())
                                .build())
                        .build())
                .setClientReferenceId(outTradeNo)
                .putMetadata(OUT_TRADE_NO, outTradeNo)
                .setPaymentIntentData(SessionCreateParams.PaymentIntentData.builder()
                        .putMetadata(OUT_TRADE_NO, outTradeNo).build())
                // From the payment's own creation time: the same payment asks with the same parameters.
                .setExpiresAt(payment.createdAt().plus(settings.sessionExpiry()).getEpochSecond());
        // The merchant's own address for this payment wins over the deployment's: the payer goes back to the shop
        // whether they paid or gave up, as the shop asked.
        if (payment.returnUrl() != null) {
            params.setSuccessUrl(payment.returnUrl().value()).setCancelUrl(payment.returnUrl().value());
        } else {
            if (settings.successUrl() != null) {
                params.setSuccessUrl(settings.successUrl().replace("{PAYMENT_ID}", outTradeNo));
            }
            if (settings.cancelUrl() != null) {
                params.setCancelUrl(settings.cancelUrl().replace("{PAYMENT_ID}", outTradeNo));
            }
        }
        RequestOptions key = RequestOptions.builder().setIdempotencyKey(outTradeNo).build();
        Session session = api.call(account, Effect.ACTS, "the Checkout Session of " + outTradeNo,
                client -> client.checkout().sessions().create(params.build(), key));
        if (session.getUrl() == null || !outTradeNo.equals(metadata(session.getMetadata()))) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Stripe answered the Checkout Session of " + outTradeNo
                    + " without its pay URL or order number", null);
        }
        return PayInstruction.redirect(CHECKOUT, session.getUrl());
    }

    /**
     * The PaymentIntent whose {@code metadata.out_trade_no} is the trade: nothing found means nobody tried to pay
     * (Checkout creates the intent when the payer first confirms).
     */
    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String account) {
        Found found = findIntent(outTradeNo, account);
        if (found.intent().isEmpty()) {
            return new TradeQueryAnswer.NotFound(found.raw());
        }
        PaymentIntent intent = found.intent().get();
        try {
            return new TradeQueryAnswer.Found(report(intent), found.raw());
        } catch (IllegalArgumentException | NullPointerException unreadable) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Stripe PaymentIntent " + intent.getId()
                    + " of " + outTradeNo + ": " + unreadable.getMessage(), unreadable);
        }
    }

    @Override
    public CloseAnswer closeTrade(String outTradeNo, String account) {
        return close.close(outTradeNo, account);
    }

    /** The day's balance transactions (UTC), all or nothing: see {@link StripeStatements}. */
    @Override
    public ChannelStatement fetchStatement(LocalDate day, String account, long maxBytes) {
        return statements.fetch(day, account, maxBytes);
    }

    /** A balance-transaction export as uploaded: see {@link StripeStatementCsv} for its columns. */
    @Override
    public List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        return StripeStatementCsv.parse(file, day, maxBytes);
    }

    @Override
    public RefundAnswer refund(RefundRequest request, String account) {
        return refunds.refund(request, account);
    }

    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String account) {
        return refunds.query(outTradeNo, outRefundNo, account);
    }

    /** A search's answer: the trade's intent, if any, and the raw text. */
    record Found(Optional<PaymentIntent> intent, String raw) {
    }

    /**
     * The trade's PaymentIntent by a search on its metadata. Several (an integration that made more than one) are
     * ranked: a succeeded one first, then one in progress, then the newest.
     */
    Found findIntent(String outTradeNo, String account) {
        PaymentIntentSearchParams search = PaymentIntentSearchParams.builder()
                .setQuery("metadata['" + OUT_TRADE_NO + "']:'" + outTradeNo.replace("'", "\\'") + "'")
                .addExpand("data.latest_charge")
                .build();
        StripeSearchResult<PaymentIntent> result = api.call(account, Effect.READS,
                "the search for the PaymentIntent of " + outTradeNo,
                client -> client.paymentIntents().search(search));
        String raw = result.getLastResponse() == null ? "" : result.getLastResponse().body();
        List<PaymentIntent> ours = result.getData() == null ? List.of() : result.getData().stream()
                .filter(intent -> outTradeNo.equals(metadata(intent.getMetadata())))
                .toList();
        if (result.getData() != null && ours.size() != result.getData().size()) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "Stripe's search for " + outTradeNo
                    + " found PaymentIntents of other trades", null);
        }
        return new Found(ours.stream().min(Comparator.comparingInt(StripeChannelGateway::rank)
                .thenComparing(Comparator.comparing(PaymentIntent::getCreated).reversed())), raw);
    }

    private static int rank(PaymentIntent intent) {
        return switch (String.valueOf(intent.getStatus())) {
            case "succeeded" -> 0;
            case "processing", "requires_capture" -> 1;
            default -> 2;
        };
    }

    /** What the intent says about the trade; an intent whose payer's last try failed is a failed trade for now. */
    private static ChannelReport report(PaymentIntent intent) {
        ChannelTradeStatus status = switch (String.valueOf(intent.getStatus())) {
            case "succeeded" -> ChannelTradeStatus.SUCCESS;
            case "processing", "requires_confirmation", "requires_action", "requires_capture" ->
                    ChannelTradeStatus.PROCESSING;
            case "requires_payment_method" -> intent.getLastPaymentError() == null
                    ? ChannelTradeStatus.PROCESSING : ChannelTradeStatus.FAILED;
            case "canceled" -> ChannelTradeStatus.CLOSED;
            default -> throw new IllegalArgumentException("unknown status " + intent.getStatus());
        };
        Money amount = StripeAmounts.fromStripe(intent.getAmount(), intent.getCurrency());
        return new ChannelReport(status, amount, new ChannelTxnId(intent.getId()), eventTime(intent));
    }

    /** When the intent got its status: the charge's time once paid, the cancellation's once canceled. */
    private static Instant eventTime(PaymentIntent intent) {
        Charge charge = intent.getLatestChargeObject();
        if ("succeeded".equals(intent.getStatus()) && charge != null && charge.getCreated() != null) {
            return Instant.ofEpochSecond(charge.getCreated());
        }
        if ("canceled".equals(intent.getStatus()) && intent.getCanceledAt() != null) {
            return Instant.ofEpochSecond(intent.getCanceledAt());
        }
        return Instant.ofEpochSecond(intent.getCreated());
    }

    private static String productName(Payment payment) {
        String name = payment.description() != null && !payment.description().isBlank() ? payment.description()
                : payment.sku() != null && !payment.sku().isBlank() ? payment.sku() : payment.id().value();
        return name.length() > 250 ? name.substring(0, 250) : name;
    }

    static String metadata(Map<String, String> metadata) {
        return metadata == null ? null : metadata.get(OUT_TRADE_NO);
    }
}
