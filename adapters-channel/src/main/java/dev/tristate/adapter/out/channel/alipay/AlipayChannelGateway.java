package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.response.AlipayTradeQueryResponse;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelReport;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.ChannelTxnId;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Alipay's trade query ({@code alipay.trade.query}) through the official SDK, which signs the request with the app's
 * private key and verifies the answer's signature with Alipay's public key. The merchant account is the app id; its
 * keys are the owning tenant's, read at each call ({@link AlipayAppKeys}): without a valid key nothing is sent
 * (DEFINITE). The SDK verifies with one public key, so during a rotation an answer that fails with the newest key is
 * asked again with the next (a query changes nothing at Alipay). {@code ACQ.TRADE_NOT_EXIST} is "not found"; a
 * timeout, a reset or an answer that fails its signature with every valid key is UNKNOWN.
 * Trades are not created from here: it offers no pay methods, so no payment may name Alipay yet.
 */
public final class AlipayChannelGateway implements ChannelGateway {

    static final String CHANNEL = "alipay";
    private static final Map<String, ChannelTradeStatus> STATUSES = Map.of(
            "WAIT_BUYER_PAY", ChannelTradeStatus.PROCESSING,
            "TRADE_SUCCESS", ChannelTradeStatus.SUCCESS,
            "TRADE_FINISHED", ChannelTradeStatus.SUCCESS,
            "TRADE_CLOSED", ChannelTradeStatus.CLOSED);

    private final String gatewayUrl;
    private final AlipayAppKeys keys;
    private final Duration connectTimeout;
    private final Duration readTimeout;
    private final Clock clock;

    public AlipayChannelGateway(String gatewayUrl, AlipayAppKeys keys, Duration connectTimeout, Duration readTimeout,
                                Clock clock) {
        this.gatewayUrl = Objects.requireNonNull(gatewayUrl, "gateway URL");
        this.keys = Objects.requireNonNull(keys, "app keys");
        this.connectTimeout = connectTimeout;
        this.readTimeout = readTimeout;
        this.clock = clock;
    }

    @Override
    public String channel() {
        return CHANNEL;
    }

    @Override
    public TradeQueryAnswer queryTrade(String outTradeNo, String appId) {
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizContent("{\"out_trade_no\":\"" + outTradeNo.replace("\"", "") + "\"}");
        AlipayTradeQueryResponse response = execute(request, appId, outTradeNo);
        String raw = response.getBody() == null ? "" : response.getBody();
        if (!response.isSuccess()) {
            if ("ACQ.TRADE_NOT_EXIST".equals(response.getSubCode())) {
                return new TradeQueryAnswer.NotFound(raw);
            }
            OutcomeClass outcome = "ACQ.SYSTEM_ERROR".equals(response.getSubCode()) || "20000".equals(response.getCode())
                    ? OutcomeClass.RETRYABLE : OutcomeClass.DEFINITE;
            throw new ChannelFailure(outcome, "Alipay refused the query of " + outTradeNo + ": " + response.getCode()
                    + " " + response.getSubCode() + " " + response.getSubMsg(), null);
        }
        ChannelTradeStatus status = STATUSES.get(response.getTradeStatus());
        if (status == null || !outTradeNo.equals(response.getOutTradeNo())) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + outTradeNo + ": status "
                    + response.getTradeStatus() + ", trade " + response.getOutTradeNo(), null);
        }
        try {
            Money amount = Money.parseDecimal(response.getTotalAmount(), Money.currency("CNY"));
            ChannelTxnId tradeNo = response.getTradeNo() == null ? null : new ChannelTxnId(response.getTradeNo());
            return new TradeQueryAnswer.Found(new ChannelReport(status, amount, tradeNo, eventTime(response)), raw);
        } catch (IllegalArgumentException | NullPointerException | DateTimeParseException e) {
            throw new ChannelFailure(OutcomeClass.UNKNOWN, "unreadable Alipay answer for " + outTradeNo + ": "
                    + e.getMessage(), e);
        }
    }

    private java.time.Instant eventTime(AlipayTradeQueryResponse response) {
        if (response.getSendPayDate() != null) {
            return response.getSendPayDate().toInstant();
        }
        return clock.instant();
    }

    private static ChannelFailure classify(AlipayApiException e, String outTradeNo) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnknownHostException) {
                return new ChannelFailure(OutcomeClass.RETRYABLE, "Alipay was not reached for " + outTradeNo, e);
            }
        }
        // Read timeout, reset, a signature that does not verify: we do not know what Alipay holds.
        return new ChannelFailure(OutcomeClass.UNKNOWN, "no usable Alipay answer for " + outTradeNo + ": "
                + e.getMessage(), e);
    }

    private AlipayTradeQueryResponse execute(AlipayTradeQueryRequest request, String appId, String outTradeNo) {
        AlipayAppKeys.Keys valid = keys.of(appId);
        if (valid.appPrivateKeys().isEmpty()) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "no valid Alipay app private key for app " + appId, null);
        }
        if (valid.alipayPublicKeys().isEmpty()) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "no valid Alipay public key for app " + appId, null);
        }
        String privateKey = valid.appPrivateKeys().get(0);
        List<String> publicKeys = valid.alipayPublicKeys();
        for (int i = 0; ; i++) {
            try {
                return client(appId, privateKey, publicKeys.get(i)).execute(request);
            } catch (AlipayApiException e) {
                if (!isBadSignature(e) || i == publicKeys.size() - 1) {
                    throw classify(e, outTradeNo);
                }
            }
        }
    }

    /** The SDK reports a failed signature check only in its message ({@code AlipayApiErrorEnum.CHECK_SIGN_*}). */
    private static boolean isBadSignature(AlipayApiException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause.getMessage() != null && cause.getMessage().contains("sign check fail")) {
                return true;
            }
        }
        return false;
    }

    /** Built at each call from the keys valid then: a client holds its keys, and a rotated key is used at once. */
    private AlipayClient client(String appId, String appPrivateKey, String alipayPublicKey) {
        AlipayConfig config = new AlipayConfig();
        config.setServerUrl(gatewayUrl);
        config.setAppId(appId);
        config.setPrivateKey(appPrivateKey);
        config.setAlipayPublicKey(alipayPublicKey);
        config.setFormat("json");
        config.setCharset("UTF-8");
        config.setSignType("RSA2");
        config.setConnectTimeout((int) connectTimeout.toMillis());
        config.setReadTimeout((int) readTimeout.toMillis());
        try {
            return new DefaultAlipayClient(config);
        } catch (AlipayApiException e) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "unusable Alipay keys for app " + appId, e);
        }
    }
}
