package dev.tristate.adapter.out.channel.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.stripe.net.Webhook;
import dev.tristate.adapter.out.channel.RawNotifications;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat.Verification;
import dev.tristate.application.callback.port.out.ParseResult.Malformed;
import dev.tristate.application.callback.port.out.ParseResult.Parsed;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.notification.RawNotification;
import dev.tristate.domain.payment.ChannelTradeStatus;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checkout Session and refund events as {@link StripeNotificationFormat} reads them; signed with the SDK's own
 * {@code Webhook.Util.computeHmacSha256}, as Stripe signs.
 */
class StripeCheckoutEventsTest {

    private static final String SECRET = "whsec_tenant_a_0123456789abcdef";
    private static final String OTHER_TENANTS_SECRET = "whsec_tenant_b_0123456789abcdef";
    private static final String ACCOUNT = "acct_tenant_a";
    private static final Instant NOW = Instant.parse("2031-07-01T09:00:10Z");
    private static final long T = NOW.getEpochSecond();

    private static final String COMPLETED = """
            {"id":"evt_1SessionCompleted","object":"event","api_version":"2025-03-31.basil","created":1940662800,
             "data":{"object":{"id":"cs_test_a1","object":"checkout.session","amount_total":1999,"currency":"usd",
               "client_reference_id":"pay_a","metadata":{"out_trade_no":"pay_a"},"mode":"payment",
               "payment_intent":"pi_1","payment_status":"paid","status":"complete"}},
             "livemode":false,"pending_webhooks":1,"type":"checkout.session.completed"}""";

    private final StripeNotificationFormat format = new StripeNotificationFormat();

    @Test
    void aPaidCompletedSessionIsASuccessOfItsPaymentIntent() {
        assertThat(format.parse(signed(COMPLETED, SECRET))).isEqualTo(new Parsed("evt_1SessionCompleted", ACCOUNT,
                "pay_a", "pi_1", ChannelTradeStatus.SUCCESS, Money.of(1999, "USD"), Instant.ofEpochSecond(1940662800)));
        assertThat(format.parse(signed(COMPLETED.replace("checkout.session.completed",
                "checkout.session.async_payment_succeeded"), SECRET))).isInstanceOfSatisfying(Parsed.class,
                parsed -> assertThat(parsed.status()).isEqualTo(ChannelTradeStatus.SUCCESS));
    }

    @Test
    void aFailedDelayedPaymentIsAFailureAndAnExpiredSessionAClose() {
        String failed = COMPLETED.replace("checkout.session.completed", "checkout.session.async_payment_failed")
                .replace("\"paid\"", "\"unpaid\"");
        String expired = COMPLETED.replace("checkout.session.completed", "checkout.session.expired")
                .replace("\"paid\"", "\"unpaid\"").replace("\"payment_intent\":\"pi_1\"", "\"payment_intent\":null");

        assertThat(format.parse(signed(failed, SECRET))).isInstanceOfSatisfying(Parsed.class, parsed -> {
            assertThat(parsed.status()).isEqualTo(ChannelTradeStatus.FAILED);
            assertThat(parsed.tradeNo()).isEqualTo("pi_1");
        });
        assertThat(format.parse(signed(expired, SECRET))).isInstanceOfSatisfying(Parsed.class, parsed -> {
            assertThat(parsed.status()).isEqualTo(ChannelTradeStatus.CLOSED);
            assertThat(parsed.tradeNo()).isNull();
            assertThat(parsed.outTradeNo()).isEqualTo("pay_a");
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"completed but not paid yet", "a session this system did not create"})
    void aSessionThatSaysNothingFinalOrIsNotOursIsAcknowledgedWithoutAStatus(String variant) {
        String body = variant.startsWith("completed") ? COMPLETED.replace("\"paid\"", "\"unpaid\"")
                : COMPLETED.replace("\"metadata\":{\"out_trade_no\":\"pay_a\"},", "");

        assertThat(format.parse(signed(body, SECRET))).isEqualTo(new Parsed("evt_1SessionCompleted", ACCOUNT, null,
                null, null, null, Instant.ofEpochSecond(1940662800)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"charge.refunded", "refund.created", "refund.updated", "refund.failed",
            "charge.refund.updated"})
    void refundEventsAreGenuineEventsWithoutAStatus(String type) {
        String body = """
                {"id":"evt_1Refund","object":"event","created":1940662800,"type":"%s",
                 "data":{"object":{"id":"re_1","object":"refund","amount":250,"currency":"usd",
                   "metadata":{"out_refund_no":"rfd_1","out_trade_no":"pay_a"},"status":"succeeded"}}}"""
                .formatted(type);

        assertThat(format.parse(signed(body, SECRET))).isEqualTo(new Parsed("evt_1Refund", ACCOUNT, null, null, null,
                null, Instant.ofEpochSecond(1940662800)));
    }

    @Test
    void aSessionEventWithAnUnreadableFieldIsMalformedNamingIt() {
        String body = COMPLETED.replace("\"amount_total\":1999", "\"amount_total\":\"1999\"");

        assertThat(format.parse(signed(body, SECRET))).isInstanceOfSatisfying(Malformed.class,
                malformed -> assertThat(malformed.reason()).contains("amount_total"));
    }

    @Test
    void anotherTenantsSecretAndAnyTamperedByteDoNotVerify() {
        RawNotification genuine = signed(COMPLETED, SECRET);

        assertThat(format.verify(genuine, List.of(SECRET), NOW)).isEqualTo(Verification.VALID);
        assertThat(format.verify(signed(COMPLETED, OTHER_TENANTS_SECRET), List.of(SECRET), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
        assertThat(RawNotifications.singleBitChangesAccepted(genuine, 0xFF,
                (changed, change) -> format.verify(changed, List.of(SECRET), NOW) == Verification.VALID)).isEmpty();
        String tampered = COMPLETED.replace("1999", "1998");
        assertThat(format.verify(RawNotifications.raw("stripe", ACCOUNT,
                Map.of("Stripe-Signature", genuine.headerValues("Stripe-Signature").get(0)),
                tampered.getBytes(StandardCharsets.UTF_8)), List.of(SECRET), NOW))
                .isEqualTo(Verification.BAD_SIGNATURE);
    }

    private static RawNotification signed(String body, String secret) {
        String header;
        try {
            header = "t=" + T + ",v1=" + Webhook.Util.computeHmacSha256(secret, T + "." + body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return RawNotifications.raw("stripe", ACCOUNT, Map.of("Stripe-Signature", header),
                body.getBytes(StandardCharsets.UTF_8));
    }
}
