package dev.tristate.adapter.out.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.DefaultAlipayClient;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.domain.outcome.OutcomeClass;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every call to Alipay through the official SDK, which signs the request with the app's private key and verifies the
 * answer with Alipay's public key. The keys are the owning tenant's, read at each call ({@link AlipayAppKeys}); the
 * client is built per call from them, so a rotated or revoked key takes effect at once. Without a valid key nothing
 * is sent (DEFINITE).
 * <p>
 * The SDK verifies with one public key, so during a rotation an answer that fails with the newest is asked again with
 * the next: every call made here is idempotent at Alipay (out_trade_no, out_request_no), so asking again changes
 * nothing. Failures are classified here: a refused connection is RETRYABLE (nothing was sent); a read timeout, a
 * reset, or an answer that verifies with no valid key is UNKNOWN; an error answer the SDK did not verify (Alipay signs
 * its error answers too; the SDK checks an error's signature only when there is one) is UNKNOWN as well.
 */
final class AlipayCalls {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The public codes Alipay answers a request it refused before acting: auth, missing or bad arguments, rights. */
    private static final Set<String> REFUSED_BEFORE_ACTING = Set.of("20001", "40001", "40002", "40006");

    private final AlipayGatewaySettings settings;
    private final AlipayAppKeys keys;

    AlipayCalls(AlipayGatewaySettings settings, AlipayAppKeys keys) {
        this.settings = settings;
        this.keys = keys;
    }

    /** Whether a call changes something at Alipay, which decides what an unclear answer means. */
    enum Kind {
        /** a query: asking again is harmless, so "Alipay is busy" is RETRYABLE */
        READS,
        /** a create, close or refund: "Alipay is busy" may come after it acted, so it is UNKNOWN */
        ACTS
    }

    /** The verified answer (successful or a signed error answer); a failure that is no answer throws. */
    <T extends AlipayResponse> T execute(AlipayRequest<T> request, String appId, String what) {
        AlipayAppKeys.Keys valid = validKeys(appId);
        List<String> publicKeys = valid.alipayPublicKeys();
        for (int i = 0; ; i++) {
            try {
                T response = client(appId, valid.appPrivateKeys().get(0), publicKeys.get(i)).execute(request);
                if (response == null) {
                    throw new ChannelFailure(OutcomeClass.UNKNOWN, "no Alipay answer for " + what, null);
                }
                if (!response.isSuccess() && !isSigned(response.getBody())) {
                    throw new ChannelFailure(OutcomeClass.UNKNOWN, "an unsigned Alipay error answer for " + what
                            + " (" + response.getCode() + " " + response.getSubCode() + ") cannot be trusted", null);
                }
                return response;
            } catch (AlipayApiException e) {
                if (!isBadSignature(e) || i == publicKeys.size() - 1) {
                    throw classify(e, what);
                }
            }
        }
    }

    /** The pay URL the SDK signs for the buyer's browser ({@code pageExecute(request, "GET")}); nothing is sent. */
    String pageUrl(AlipayRequest<?> request, String appId, String what) {
        AlipayAppKeys.Keys valid = validKeys(appId);
        try {
            return client(appId, valid.appPrivateKeys().get(0), valid.alipayPublicKeys().get(0))
                    .pageExecute(request, "GET").getBody();
        } catch (AlipayApiException e) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "cannot sign the Alipay pay URL for " + what, e);
        }
    }

    /**
     * What an error answer means when the call has no more specific reading of its sub_code: "Alipay is busy"
     * ({@code 20000}, {@code ACQ.SYSTEM_ERROR}) is RETRYABLE for a read and UNKNOWN for a call that may have acted;
     * a refusal before acting (20001, 40001, 40002, 40006) and a business refusal (40004) are DEFINITE; a code Alipay
     * does not document is UNKNOWN.
     */
    static ChannelFailure refusal(AlipayResponse response, Kind kind, String what) {
        String code = response.getCode();
        String detail = "Alipay answered " + what + ": " + code + " " + response.getSubCode() + " "
                + response.getSubMsg();
        if ("20000".equals(code) || "ACQ.SYSTEM_ERROR".equals(response.getSubCode())) {
            return new ChannelFailure(kind == Kind.READS ? OutcomeClass.RETRYABLE : OutcomeClass.UNKNOWN, detail,
                    null);
        }
        if (REFUSED_BEFORE_ACTING.contains(code) || "40004".equals(code)) {
            return new ChannelFailure(OutcomeClass.DEFINITE, detail, null);
        }
        return new ChannelFailure(OutcomeClass.UNKNOWN, detail, null);
    }

    static String raw(AlipayResponse response) {
        return response.getBody() == null ? "" : response.getBody();
    }

    private AlipayAppKeys.Keys validKeys(String appId) {
        AlipayAppKeys.Keys valid = keys.of(appId);
        if (valid.appPrivateKeys().isEmpty()) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "no valid Alipay app private key for app " + appId, null);
        }
        if (valid.alipayPublicKeys().isEmpty()) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "no valid Alipay public key for app " + appId, null);
        }
        return valid;
    }

    private static boolean isSigned(String body) {
        try {
            JsonNode sign = body == null ? null : JSON.readTree(body).get("sign");
            return sign != null && sign.isString() && !sign.stringValue().isEmpty();
        } catch (JacksonException e) {
            return false;
        }
    }

    private static ChannelFailure classify(AlipayApiException e, String what) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof UnknownHostException
                    || cause instanceof NoRouteToHostException) {
                return new ChannelFailure(OutcomeClass.RETRYABLE, "Alipay was not reached for " + what, e);
            }
        }
        // Read timeout, reset, an answer that does not verify or does not parse: we do not know what Alipay holds.
        return new ChannelFailure(OutcomeClass.UNKNOWN, "no usable Alipay answer for " + what + ": "
                + e.getMessage(), e);
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

    private AlipayClient client(String appId, String appPrivateKey, String alipayPublicKey) {
        AlipayConfig config = new AlipayConfig();
        config.setServerUrl(settings.gatewayUrlNow());
        config.setAppId(appId);
        config.setPrivateKey(appPrivateKey);
        config.setAlipayPublicKey(alipayPublicKey);
        config.setFormat("json");
        config.setCharset("UTF-8");
        config.setSignType("RSA2");
        config.setConnectTimeout((int) settings.connectTimeout().toMillis());
        config.setReadTimeout((int) settings.readTimeout().toMillis());
        try {
            return new DefaultAlipayClient(config);
        } catch (AlipayApiException e) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "unusable Alipay keys for app " + appId, e);
        }
    }
}
