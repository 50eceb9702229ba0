package dev.tristate.adapter.out.channel.sandbox;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementLine;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Registers trades with the sandbox channel ({@code POST {baseUrl}/sandbox-channel/trades}), queries them, fetches
 * statements, and refunds (see {@link #refund} for how refund answers map). Every failure is a
 * {@link ChannelFailure} that says whether the sandbox may have acted: not reached (connection refused, unknown
 * host, connect timeout) and 5xx are RETRYABLE, 4xx is DEFINITE, and anything after the request may have left
 * (read timeout, reset, an unreadable success) is UNKNOWN, never "no". The exchange itself is {@link SandboxHttp}'s,
 * the reading of answers {@link SandboxAnswers}', the refund calls {@link SandboxRefunds}'. Every request is the merchant account's, signed with its newest secret
 * ({@link SandboxMerchantSecrets}); without one nothing is sent (DEFINITE).
 */
public final class SandboxChannelGateway implements ChannelGateway {

    static final String PAGE = "page";
    static final String QR = "qr";
    private static final List<String> PAY_METHODS = List.of(PAGE, QR);

    private final SandboxHttp http;
    private final SandboxRefunds refunds;

    public SandboxChannelGateway(URI baseUrl, Duration connectTimeout, Duration readTimeout,
                                 SandboxMerchantSecrets secrets) {
        this(constant(baseUrl), connectTimeout, readTimeout, secrets, Clock.systemUTC());
    }

    /**
     * With the base URL read at each call: when the sandbox runs in this very process on a port chosen at start-up
     * (server.port=0), the port is known only once the web server is up, after this gateway was created.
     */
    public SandboxChannelGateway(Supplier<URI> baseUrl, Duration connectTimeout, Duration readTimeout,
                                 SandboxMerchantSecrets secrets, Clock clock) {
        this.http = new SandboxHttp(baseUrl, connectTimeout, readTimeout, secrets, clock);
        this.refunds = new SandboxRefunds(http);
    }

    private static Supplier<URI> constant(URI baseUrl) {
        Objects.requireNonNull(baseUrl, "base URL");
        return () -> baseUrl;
    }

    @Override
    public String channel() {
        return SandboxNotificationFormat.CHANNEL;
    }

    /**
     * {@code page} (the default) sends the payer to the sandbox's pay page; {@code qr} gives the same page's URL as
     * the QR code's content, as a channel's QR method would, so that a phone that scans it opens the page.
     */
    @Override
    public List<String> payMethods() {
        return PAY_METHODS;
    }

    @Override
    public PayInstruction registerTrade(Payment payment, String payMethod, String merchantAccount) {
        Objects.requireNonNull(payment, "payment");
        if (!PAY_METHODS.contains(payMethod)) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "the sandbox has no pay method " + payMethod, null);
        }
        Objects.requireNonNull(merchantAccount, "merchant account");
        String outTradeNo = payment.id().value();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("out_trade_no", outTradeNo);
        body.put("merchant_id", merchantAccount);
        body.put("amount_minor", payment.amount().minor());
        body.put("currency", payment.amount().currencyCode());
        body.put("description", payment.description());
        body.put("merchant_order_id", payment.merchantOrderId().value());
        if (payment.returnUrl() != null) {
            body.put("return_url", payment.returnUrl().value());
        }
        HttpResponse<byte[]> response = http.postJson(http.uri("/sandbox-channel/trades"), body,
                "registering trade " + outTradeNo, merchantAccount);
        int status = response.statusCode();
        if (status == 200 || status == 201) {
            String payUrl = SandboxAnswers.payUrl(response.body(), outTradeNo);
            return QR.equals(payMethod) ? PayInstruction.qr(QR, payUrl, payUrl) : PayInstruction.redirect(PAGE, payUrl);
        }
        throw SandboxAnswers.statusFailure(status, response.body(), "registering trade " + outTradeNo);
    }

    /**
     * The contract's status query: {@code GET {baseUrl}/sandbox-channel/trades/{out_trade_no}}. 200 is the trade's
     * state, 404 "never saw it act"; anything unreadable after the request left is UNKNOWN, never "not found".
     */
    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String merchantAccount) {
        Objects.requireNonNull(outTradeNo, "out_trade_no");
        Objects.requireNonNull(merchantAccount, "merchant account");
        String what = "the query of trade " + outTradeNo;
        HttpResponse<byte[]> response = http.get(http.uri("/sandbox-channel/trades/" + SandboxHttp.segment(outTradeNo)),
                "application/json", what, merchantAccount);
        int status = response.statusCode();
        String raw = SandboxAnswers.raw(response.body());
        if (status == 404) {
            return new TradeQueryAnswer.NotFound(raw);
        }
        if (status == 200) {
            return new TradeQueryAnswer.Found(SandboxAnswers.queryReport(response.body(), outTradeNo), raw);
        }
        throw SandboxAnswers.statusFailure(status, response.body(), what);
    }

    /**
     * The contract's statement: {@code GET {baseUrl}/sandbox-channel/statements/{yyyy-MM-dd}}, the merchant's rows
     * (the signed request says whose), read as the sandbox's CSV. 404 or another 4xx is DEFINITE, 5xx RETRYABLE, a
     * lost answer UNKNOWN; a file that does not read is refused whole.
     */
    @Override
    public ChannelStatement fetchStatement(LocalDate day, String merchantAccount, long maxBytes) {
        Objects.requireNonNull(day, "day");
        Objects.requireNonNull(merchantAccount, "merchant account");
        URI uri = http.uri("/sandbox-channel/statements/" + day);
        HttpResponse<byte[]> response = http.get(uri, "text/csv", "the statement of " + day, merchantAccount);
        int status = response.statusCode();
        if (status == 200) {
            byte[] file = response.body() == null ? new byte[0] : response.body();
            return ChannelStatement.of(parseStatement(file, day, maxBytes), file);
        }
        throw SandboxAnswers.statusFailure(status, response.body(), "the statement of " + day);
    }

    @Override
    public List<StatementLine> parseStatement(byte[] file, LocalDate day, long maxBytes) {
        return new SandboxStatementParser(maxBytes).parse(file, day);
    }

    /**
     * A refund: {@code POST {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds}. The refund's status maps to the
     * answer (SUCCESS: Succeeded, PROCESSING: Processing, FAILED: Refused with the channel's fail_reason). A 4xx is
     * the sandbox refusing the request itself (malformed, unknown trade, another refund under this out_refund_no):
     * DEFINITE, since it did nothing for this call; not Refused, because after a 409 a refund under this out_refund_no
     * may well exist. Not reached is RETRYABLE; a lost answer, a 5xx or an unreadable answer is UNKNOWN: the sandbox
     * may have refunded.
     */
    @Override
    public RefundAnswer refund(RefundRequest refund, String merchantAccount) {
        return refunds.refund(refund, merchantAccount);
    }

    /**
     * A refund's query: {@code GET {baseUrl}/sandbox-channel/trades/{out_trade_no}/refunds/{out_refund_no}}. 404 with
     * the sandbox's own {@code NOT_FOUND} answer is NotFound; a 404 in any other words (a wrong base URL, a proxy) is
     * UNKNOWN, since it does not say the sandbox never saw the refund. Otherwise as {@link #refund}.
     */
    @Override
    public RefundAnswer queryRefund(String outTradeNo, String outRefundNo, String merchantAccount) {
        return refunds.queryRefund(outTradeNo, outRefundNo, merchantAccount);
    }
}
