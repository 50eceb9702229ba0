package dev.tristate.bootstrap.callback;

import static dev.tristate.bootstrap.callback.CallbackTestSupport.insertPendingPayment;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.outboxRows;
import static dev.tristate.bootstrap.callback.CallbackTestSupport.status;
import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.internal.util.AlipaySignature;
import com.stripe.net.Webhook;
import dev.tristate.adapter.out.channel.alipay.AlipayNotificationFormat;
import dev.tristate.adapter.out.channel.stripe.StripeNotificationFormat;
import dev.tristate.application.tenant.port.in.ProvisionTenantUseCase.ProvisionTenantCommand;
import dev.tristate.application.tenant.port.out.ChannelCredentialStore;
import dev.tristate.domain.tenant.MerchantId;
import dev.tristate.domain.tenant.TenantId;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The real channel formats through the whole application over HTTP: notifications signed the way Alipay and Stripe
 * sign them (with their own SDKs' primitives) are applied and answered in the channels' exact words; one tampered
 * byte is refused and changes nothing.
 */
class RealChannelCallbackEndToEndTest extends ApplicationOverHttpTest {

    @Autowired
    ChannelCredentialStore credentials;

    private TenantId tenant;
    private final String suffix = UUID.randomUUID().toString().substring(0, 12);

    @BeforeEach
    void aTenant() {
        tenant = new TenantId("t-real-" + suffix);
        tenants.provision(new ProvisionTenantCommand(tenant, "Real channels shop", new MerchantId("m-real-" + suffix),
                Optional.empty(), Optional.empty()));
    }

    @Test
    void anAlipayNotificationSignedWithRsa2IsAppliedAndAnsweredExactlySuccess() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair alipay = generator.generateKeyPair();
        String appId = "2021" + suffix.replace("-", "").substring(0, 10).replaceAll("[^0-9]", "7");
        credentials.bindAccount(tenant, AlipayNotificationFormat.CHANNEL, appId, Instant.now());
        credentials.addSecret(tenant, AlipayNotificationFormat.CHANNEL, AlipayNotificationFormat.SECRET_NAME,
                Base64.getEncoder().encodeToString(alipay.getPublic().getEncoded()), Instant.now(), Instant.now());
        String paymentId = insertPendingPayment(dataSource, tenant.value(), AlipayNotificationFormat.CHANNEL, "CNY");

        Map<String, String> params = new LinkedHashMap<>();
        params.put("notify_id", "n-" + suffix);
        params.put("notify_type", "trade_status_sync");
        params.put("notify_time", "2026-11-30 18:00:01");
        params.put("charset", "utf-8");
        params.put("version", "1.0");
        params.put("app_id", appId);
        params.put("out_trade_no", paymentId);
        params.put("trade_no", "2026113022001" + suffix.replace("-", ""));
        params.put("trade_status", "TRADE_SUCCESS");
        params.put("total_amount", "19.99");
        params.put("gmt_payment", "2026-11-30 18:00:00");
        String privateKey = Base64.getEncoder().encodeToString(alipay.getPrivate().getEncoded());
        params.put("sign", AlipaySignature.rsaSign(AlipaySignature.getSignContent(new TreeMap<>(params)), privateKey,
                "utf-8", "RSA2"));
        params.put("sign_type", "RSA2");
        String form = params.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));

        HttpResponse<String> tampered = post("/callbacks/alipay", "application/x-www-form-urlencoded",
                form.replace("total_amount=19.99", "total_amount=19.98"), Map.of());
        assertThat(tampered.body()).isEqualTo("failure");
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");

        HttpResponse<String> answer = post("/callbacks/alipay", "application/x-www-form-urlencoded", form, Map.of());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("success");
        assertThat(status(dataSource, paymentId)).isEqualTo("SUCCEEDED");
        assertThat(outboxRows(dataSource, paymentId)).isEqualTo(1);
    }

    @Test
    void aStripeWebhookIsVerifiedOverTheRawBodyAppliedAndAcknowledged() throws Exception {
        String account = "acct_" + suffix.replace("-", "");
        String secret = "whsec_" + suffix.replace("-", "") + "0123456789";
        credentials.bindAccount(tenant, StripeNotificationFormat.CHANNEL, account, Instant.now());
        credentials.addSecret(tenant, StripeNotificationFormat.CHANNEL, StripeNotificationFormat.SECRET_NAME, secret,
                Instant.now(), Instant.now());
        String paymentId = insertPendingPayment(dataSource, tenant.value(), StripeNotificationFormat.CHANNEL, "USD");
        long t = Instant.now().getEpochSecond();
        String event = """
                {"id":"evt_%s","object":"event","created":%d,"type":"payment_intent.succeeded",
                 "data":{"object":{"id":"pi_%s","object":"payment_intent","amount":1999,"amount_received":1999,
                 "currency":"usd","metadata":{"out_trade_no":"%s"},"status":"succeeded"}}}
                """.formatted(suffix, t, suffix.replace("-", ""), paymentId);
        String signature = "t=" + t + ",v1=" + Webhook.Util.computeHmacSha256(secret, t + "." + event);

        HttpResponse<String> tampered = post("/callbacks/stripe/" + account, "application/json",
                event.replace("1999", "1998"), Map.of("Stripe-Signature", signature));
        assertThat(tampered.statusCode()).isEqualTo(400);
        assertThat(status(dataSource, paymentId)).isEqualTo("PENDING");

        HttpResponse<String> answer = post("/callbacks/stripe/" + account, "application/json", event,
                Map.of("Stripe-Signature", signature));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).isEqualTo("{\"received\":true}");
        assertThat(status(dataSource, paymentId)).isEqualTo("SUCCEEDED");
        assertThat(outboxRows(dataSource, paymentId)).isEqualTo(1);
    }

    private HttpResponse<String> post(String path, String contentType, String body, Map<String, String> headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        return CallbackTestSupport.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
