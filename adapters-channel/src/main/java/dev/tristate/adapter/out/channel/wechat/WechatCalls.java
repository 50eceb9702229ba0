package dev.tristate.adapter.out.channel.wechat;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.auth.WechatPay2Credential;
import com.wechat.pay.java.core.auth.WechatPay2Validator;
import com.wechat.pay.java.core.cipher.RSASigner;
import com.wechat.pay.java.core.cipher.RSAVerifier;
import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.util.PemUtil;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.outcome.OutcomeClass;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * One call to WeChat Pay through wechatpay-java with a merchant's keys of now, and how its failures are classed. The
 * SDK names {@code https://api.mch.weixin.qq.com} in every request it signs; it takes a caller-built HTTP client, so
 * the client given here sends those requests to {@link WechatGatewaySettings#apiBase} (a simulator's base) by an OkHttp
 * interceptor. The signature covers the path the SDK signed, which the simulator reads back without its prefix.
 * Answers are verified by the SDK with the platform key their {@code Wechatpay-Serial} names, among those valid now.
 * OkHttp retries nothing: a failed call is classed here, and the caller decides.
 */
final class WechatCalls {

    /** Whether a call may have changed something at WeChat Pay (an order, a close, a refund) or only reads. */
    enum Effect { ACTS, READS }

    /** Codes meaning WeChat Pay is busy or broken on its side. */
    private static final Set<String> SERVER_SIDE = Set.of("SYSTEM_ERROR", "SYSTEMERROR", "BANK_ERROR", "BANKERROR");
    private static final Set<String> SLOW_DOWN = Set.of("FREQUENCY_LIMITED", "FREQUENCY_LIMIT_EXCEED");

    /** A call's context: the SDK's HTTP client and config for the merchant, and its keys. */
    record Merchant(String mchid, WechatMerchantKeys.Keys keys, HttpClient http, RSAPublicKeyConfig config) {
    }

    private final WechatGatewaySettings settings;
    private final WechatMerchantKeys merchantKeys;
    private final OkHttpClient base;

    WechatCalls(WechatGatewaySettings settings, WechatMerchantKeys merchantKeys) {
        this.settings = settings;
        this.merchantKeys = merchantKeys;
        this.base = new OkHttpClient.Builder().retryOnConnectionFailure(false).build();
    }

    /** Runs {@code call} for the merchant; every failure leaves as a {@link ChannelFailure}. */
    <T> T call(String mchid, Effect effect, String what, Function<Merchant, T> call) {
        WechatMerchantKeys.Keys keys = merchantKeys.keysOf(mchid).orElseThrow(() -> new ChannelFailure(
                OutcomeClass.DEFINITE, "no complete WeChat Pay keys for merchant " + mchid + "; " + what
                + " was not sent", null));
        Merchant merchant;
        try {
            merchant = merchant(mchid, keys);
        } catch (RuntimeException unusable) {
            throw new ChannelFailure(OutcomeClass.DEFINITE, "the WeChat Pay keys of merchant " + mchid
                    + " are unusable; " + what + " was not sent", unusable);
        }
        try {
            return call.apply(merchant);
        } catch (ChannelFailure | UnreadableStatement answered) {
            throw answered;
        } catch (RuntimeException e) {
            throw classify(e, effect, what);
        }
    }

    private Merchant merchant(String mchid, WechatMerchantKeys.Keys keys) {
        WechatMerchantKeys.PlatformKey newest = keys.platformKeys().get(0);
        RSAPublicKeyConfig config = new RSAPublicKeyConfig.Builder()
                .merchantId(mchid)
                .privateKey(keys.privateKey())
                .merchantSerialNumber(keys.serial())
                .publicKey(newest.publicKey())
                .publicKeyId(newest.id())
                .apiV3Key(keys.apiV3Key())
                .build();
        HttpClient http = new DefaultHttpClientBuilder()
                .credential(new WechatPay2Credential(mchid, new RSASigner(keys.serial(),
                        PemUtil.loadPrivateKeyFromString(keys.privateKey()))))
                .validator(new WechatPay2Validator(new PlatformVerifier(keys.platformKeys())))
                .okHttpClient(okHttp())
                .build();
        return new Merchant(mchid, keys, http, config);
    }

    private OkHttpClient okHttp() {
        String target = settings.apiBaseNow();
        OkHttpClient.Builder builder = base.newBuilder()
                .connectTimeout(settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .writeTimeout(settings.readTimeout().toMillis(), TimeUnit.MILLISECONDS);
        if (!target.equals(WechatGatewaySettings.WECHAT_API)) {
            HttpUrl to = HttpUrl.get(target);
            builder.addInterceptor(chain -> {
                Request request = chain.request();
                HttpUrl from = request.url();
                if (!from.host().equals("api.mch.weixin.qq.com")) {
                    return chain.proceed(request);
                }
                HttpUrl.Builder rewritten = from.newBuilder().scheme(to.scheme()).host(to.host()).port(to.port())
                        .encodedPath(to.encodedPath().replaceAll("/$", "") + from.encodedPath());
                return chain.proceed(request.newBuilder().url(rewritten.build()).build());
            });
        }
        return builder.build();
    }

    /** The SDK's verifier of the platform key an answer names, among the merchant's valid ones (rotation). */
    private static final class PlatformVerifier implements Verifier {
        private final List<RSAVerifier> verifiers;
        private final String newestId;

        PlatformVerifier(List<WechatMerchantKeys.PlatformKey> keys) {
            this.verifiers = keys.stream().map(key -> new RSAVerifier(PemUtil.loadPublicKeyFromString(
                    key.publicKey()), key.id())).toList();
            this.newestId = keys.get(0).id();
        }

        @Override
        public boolean verify(String serialNumber, String message, String signature) {
            return serialNumber != null && verifiers.stream().anyMatch(v -> serialNumber.equals(v.getSerialNumber())
                    && v.verify(serialNumber, message, signature));
        }

        @Override
        public String getSerialNumber() {
            return newestId;
        }
    }

    /** A failure of the SDK, classed: see the table in {@code docs/channels.md} (WeChat Pay). */
    static ChannelFailure classify(RuntimeException e, Effect effect, String what) {
        if (e instanceof ServiceException refused) {
            String said = what + ": HTTP " + refused.getHttpStatusCode() + " " + refused.getErrorCode() + " "
                    + refused.getErrorMessage();
            String code = refused.getErrorCode() == null ? "" : refused.getErrorCode();
            if (refused.getHttpStatusCode() == 429 || SLOW_DOWN.contains(code)) {
                return new ChannelFailure(OutcomeClass.RETRYABLE, "WeChat Pay asked to slow down, " + said, e);
            }
            if (refused.getHttpStatusCode() >= 500 || SERVER_SIDE.contains(code)) {
                return effect == Effect.ACTS
                        ? new ChannelFailure(OutcomeClass.UNKNOWN, "no clear WeChat Pay answer to " + said, e)
                        : new ChannelFailure(OutcomeClass.RETRYABLE, "WeChat Pay failed to answer " + said, e);
            }
            return new ChannelFailure(OutcomeClass.DEFINITE, "WeChat Pay refused " + said, e);
        }
        if (e instanceof HttpException && notSent(e)) {
            return new ChannelFailure(OutcomeClass.RETRYABLE, "WeChat Pay was not reached for " + what, e);
        }
        // No answer, a cut one, one whose signature does not verify (ValidationException) or that cannot be read
        // (MalformedMessageException, a JSON binding error): WeChat Pay may have acted.
        return new ChannelFailure(OutcomeClass.UNKNOWN, "no readable WeChat Pay answer to " + what + ": "
                + e.getClass().getSimpleName(), e);
    }

    /** The error code of a WeChat Pay refusal; null for any other failure. */
    static String code(RuntimeException e) {
        return e instanceof ServiceException refused ? refused.getErrorCode() : null;
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
