package dev.tristate.simulator.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.stripe.exception.AuthenticationException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.Event;
import com.stripe.model.PaymentIntent;
import com.stripe.model.StripeSearchResult;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.net.Webhook;
import com.stripe.param.PaymentIntentSearchParams;
import dev.tristate.stripesimtest.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckoutTest extends SimulatorTestBase {

    @Test
    void aSessionsUrlIsThePayPageShowingTheOrderAndTheAmount() throws Exception {
        String outTradeNo = newOutTradeNo();

        Session session = session(outTradeNo, 1999);

        assertThat(session.getId()).startsWith("cs_test_");
        assertThat(session.getStatus()).isEqualTo("open");
        assertThat(session.getAmountTotal()).isEqualTo(1999);
        assertThat(session.getMetadata()).containsEntry("out_trade_no", outTradeNo);
        assertThat(session.getUrl()).startsWith("http://localhost:" + port + "/simulators/stripe/pay/cs_test_");
        HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(session.getUrl())).GET());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains(outTradeNo).contains("19.99 USD");
    }

    @Test
    void theSameKeyWithTheSameParametersReplaysTheAnswerAndOtherParametersAreRefused() throws Exception {
        String outTradeNo = newOutTradeNo();
        Session first = session(outTradeNo, 1999);

        Session again = session(outTradeNo, 1999);

        assertThat(again.getId()).isEqualTo(first.getId());
        assertThat(again.getLastResponse().headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(first.getLastResponse().headers().firstValue("Idempotent-Replayed")).hasValue("false");
        assertThatThrownBy(() -> stripe.checkout().sessions().create(sessionParams(outTradeNo, 2999, "usd"),
                RequestOptions.builder().setIdempotencyKey(outTradeNo).build()))
                .isInstanceOf(IdempotencyException.class);
    }

    @Test
    void payingSendsSignedEventsThatStripeJavaVerifiesAndTheIntentCarriesTheMetadata() throws Exception {
        String outTradeNo = newOutTradeNo();
        Session session = session(outTradeNo, 1999);

        HttpResponse<String> pressed = press(session, "pay");

        assertThat(pressed.statusCode()).isEqualTo(303);
        assertThat(pressed.headers().firstValue("Location")).hasValue("https://shop.example/paid");
        List<WebhookReceiver.Received> hooks = awaitWebhooks(3);
        List<Event> events = hooks.stream().map(this::verified).toList();
        assertThat(events).extracting(Event::getType).containsExactlyInAnyOrder("charge.succeeded",
                "payment_intent.succeeded", "checkout.session.completed");
        Session completed = stripe.checkout().sessions().retrieve(session.getId());
        assertThat(completed.getStatus()).isEqualTo("complete");
        assertThat(completed.getPaymentStatus()).isEqualTo("paid");
        StripeSearchResult<PaymentIntent> found = stripe.paymentIntents().search(PaymentIntentSearchParams.builder()
                .setQuery("metadata['out_trade_no']:'" + outTradeNo + "'").build());
        assertThat(found.getData()).singleElement().satisfies(intent -> {
            assertThat(intent.getId()).isEqualTo(completed.getPaymentIntent());
            assertThat(intent.getStatus()).isEqualTo("succeeded");
            assertThat(intent.getAmount()).isEqualTo(1999);
            assertThat(intent.getMetadata()).containsEntry("out_trade_no", outTradeNo);
        });
    }

    @Test
    void nobodyPaidMeansNoIntentAndADeclineLeavesTheSessionOpenForAnotherTry() throws Exception {
        String outTradeNo = newOutTradeNo();
        Session session = session(outTradeNo, 500);
        PaymentIntentSearchParams query = PaymentIntentSearchParams.builder()
                .setQuery("metadata['out_trade_no']:'" + outTradeNo + "'").build();
        assertThat(stripe.paymentIntents().search(query).getData()).isEmpty();

        press(session, "fail");

        PaymentIntent declined = stripe.paymentIntents().search(query).getData().get(0);
        assertThat(declined.getStatus()).isEqualTo("requires_payment_method");
        assertThat(declined.getLastPaymentError().getCode()).isEqualTo("card_declined");
        assertThat(verified(awaitWebhooks(1).get(0)).getType()).isEqualTo("payment_intent.payment_failed");
        press(session, "pay");
        assertThat(stripe.paymentIntents().retrieve(declined.getId()).getStatus()).isEqualTo("succeeded");
    }

    @Test
    void anOpenSessionExpiresOnceAndAnAbandonedOneIsExpiredToo() throws Exception {
        Session open = session(newOutTradeNo(), 500);
        Session expired = stripe.checkout().sessions().expire(open.getId());
        assertThat(expired.getStatus()).isEqualTo("expired");
        assertThat(expired.getUrl()).isNull();
        assertThatThrownBy(() -> stripe.checkout().sessions().expire(open.getId()))
                .isInstanceOf(InvalidRequestException.class);

        Session abandoned = session(newOutTradeNo(), 500);
        HttpResponse<String> pressed = press(abandoned, "abandon");
        assertThat(pressed.headers().firstValue("Location")).hasValue("https://shop.example/cancelled");
        assertThat(stripe.checkout().sessions().retrieve(abandoned.getId()).getStatus()).isEqualTo("expired");
        assertThat(press(abandoned, "pay").statusCode()).isEqualTo(409);
    }

    @Test
    void anUnknownKeyIsRefusedAndAnotherAccountsObjectsAreNotFound() throws Exception {
        Session mine = session(newOutTradeNo(), 500);

        assertThatThrownBy(() -> client("sk_test_nobody", 5000).checkout().sessions().retrieve(mine.getId()))
                .isInstanceOf(AuthenticationException.class);
        simulator.register(new StripeAccount("acct_other_" + account, List.of(secretKey + "_other"), null, null));
        assertThatThrownBy(() -> client(secretKey + "_other", 5000).checkout().sessions().retrieve(mine.getId()))
                .isInstanceOfSatisfying(InvalidRequestException.class,
                        missing -> assertThat(missing.getCode()).isEqualTo("resource_missing"));
    }

    Event verified(WebhookReceiver.Received received) {
        try {
            return Webhook.constructEvent(received.body(), received.signature(), endpointSecret);
        } catch (Exception e) {
            throw new AssertionError("the webhook does not verify: " + e, e);
        }
    }
}
