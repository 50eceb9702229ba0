package dev.tristate.simulator.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.stripe.exception.ApiConnectionException;
import com.stripe.exception.ApiException;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.CardException;
import com.stripe.exception.IdempotencyException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.exception.PermissionException;
import com.stripe.exception.RateLimitException;
import com.stripe.model.Refund;
import com.stripe.model.checkout.Session;
import com.stripe.net.RequestOptions;
import com.stripe.param.RefundCreateParams;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import com.stripe.param.RefundListParams;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SwitchesAndFaultsTest extends SimulatorTestBase {

    @Test
    void duplicatesDeliverEachEventThatManyExtraTimesAndDroppedOnesNeverLeave() throws Exception {
        String twice = newOutTradeNo();
        simulator.behaviour(account, twice, new Behaviour(1, false, 0, false, false, null, false, false, false));
        paid(twice, 1000);
        List<String> bodies = awaitWebhooks(6).stream().map(r -> r.body()).toList();
        assertThat(bodies.stream().distinct()).hasSize(3);

        String dropped = newOutTradeNo();
        simulator.behaviour(account, dropped, new Behaviour(0, false, 0, true, false, null, false, false, false));
        paid(dropped, 1000);
        assertThat(simulator.deliveries(account)).filteredOn(d -> dropped.equals(d.outTradeNo()))
                .extracting(WebhookDelivery::state).containsOnly("DROPPED");
    }

    @Test
    void aFailedAttemptIsHeldBackUntilTheNextChangeWhenOutOfOrder() throws Exception {
        String outTradeNo = newOutTradeNo();
        simulator.behaviour(account, outTradeNo, new Behaviour(0, true, 0, false, false, null, false, false, false));
        Session session = session(outTradeNo, 1000);

        press(session, "fail");
        assertThat(simulator.deliveries(account)).singleElement()
                .satisfies(d -> assertThat(d.state()).isEqualTo("HELD"));
        press(session, "pay");

        List<String> types = awaitWebhooks(4).stream().map(r -> r.body().replaceAll(
                "(?s).*\"type\":\"([a-z_.]+)\"}$", "$1")).toList();
        assertThat(types.get(types.size() - 1)).isEqualTo("payment_intent.payment_failed");
    }

    @Test
    void anUnacknowledgedEventIsResentWithStripesBackoffForThreeDaysThenGivenUp() throws Exception {
        receiver.answer(account, 500);
        paid(newOutTradeNo(), 1000);

        // 1, 2, 4 ... 2048 minutes after the first attempt add up to 4095 minutes; the next would pass 3 days.
        await().atMost(WAIT).until(() -> simulator.deliveries(account),
                list -> list.size() == 3 && list.stream().allMatch(d -> d.state().equals("GAVE_UP")));
        assertThat(simulator.deliveries(account)).extracting(WebhookDelivery::attempts).containsOnly(13);
    }

    @Test
    void aHangingRetrieveOutlastsTheClientsReadTimeout() throws Exception {
        String outTradeNo = newOutTradeNo();
        String intent = paid(outTradeNo, 1000).getPaymentIntent();
        simulator.behaviour(account, outTradeNo, new Behaviour(0, false, 0, false, true, null, false, false, false));

        assertThatThrownBy(() -> client(secretKey, 300).paymentIntents().retrieve(intent))
                .isInstanceOf(ApiConnectionException.class)
                .hasCauseInstanceOf(SocketTimeoutException.class);
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of(400, "invalid_request_error", "parameter_invalid", InvalidRequestException.class),
                Arguments.of(404, "invalid_request_error", "resource_missing", InvalidRequestException.class),
                Arguments.of(400, "idempotency_error", null, IdempotencyException.class),
                Arguments.of(401, "invalid_request_error", null, AuthenticationException.class),
                Arguments.of(402, "card_error", "card_declined", CardException.class),
                Arguments.of(403, "invalid_request_error", "secret_key_required", PermissionException.class),
                Arguments.of(429, "invalid_request_error", "rate_limit", RateLimitException.class),
                Arguments.of(500, "api_error", null, ApiException.class),
                Arguments.of(503, "api_error", null, ApiException.class));
    }

    @ParameterizedTest
    @MethodSource("errors")
    void aForcedErrorReachesStripeJavaAsItsOwnException(int status, String type, String code,
                                                        Class<? extends Exception> expected) throws Exception {
        String intent = paid(newOutTradeNo(), 1000).getPaymentIntent();
        simulator.force(account, Fault.error("POST", "/v1/refunds", status, type, code));

        assertThatThrownBy(() -> stripe.refunds().create(RefundCreateParams.builder().setPaymentIntent(intent)
                .build())).isExactlyInstanceOf(expected);
        assertThat(stripe.refunds().create(RefundCreateParams.builder().setPaymentIntent(intent).build())
                .getStatus()).as("a fault is used up").isEqualTo("succeeded");
    }

    @Test
    void aCutConnectionAndAnAnswerThatIsNotJsonAreWhatStripeJavaSaysTheyAre() throws Exception {
        String intent = paid(newOutTradeNo(), 1000).getPaymentIntent();

        simulator.force(account, Fault.of("GET", "/v1/payment_intents/", Fault.Kind.RESET));
        assertThatThrownBy(() -> stripe.paymentIntents().retrieve(intent))
                .isInstanceOf(ApiConnectionException.class);
        simulator.force(account, Fault.of("GET", "/v1/payment_intents/", Fault.Kind.GARBAGE));
        assertThatThrownBy(() -> stripe.paymentIntents().retrieve(intent))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.getStatusCode()).isEqualTo(200));
    }

    @Test
    void aFaultAfterActingLosesOnlyTheAnswerAndTheSameKeyFindsTheRefund() throws Exception {
        String intent = paid(newOutTradeNo(), 1000).getPaymentIntent();
        simulator.force(account, Fault.error("POST", "/v1/refunds", 500, "api_error", null).onceActed());
        RefundCreateParams params = RefundCreateParams.builder().setPaymentIntent(intent).setAmount(100L).build();
        RequestOptions key = RequestOptions.builder().setIdempotencyKey("rfd_lost_answer").build();

        assertThatThrownBy(() -> stripe.refunds().create(params, key)).isInstanceOf(ApiException.class);
        Refund replayed = stripe.refunds().create(params, key);

        assertThat(replayed.getLastResponse().headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(stripe.refunds().list(RefundListParams.builder().setPaymentIntent(intent).build()).getData())
                .singleElement().satisfies(refund -> assertThat(refund.getId()).isEqualTo(replayed.getId()));
    }

    @Test
    void theControlsAreThereOverHttpForTheAccountsKeyOnly() {
        String outTradeNo = newOutTradeNo();
        URI behaviour = URI.create(apiBase() + "/_simulator/behaviour/" + outTradeNo);

        HttpResponse<String> set = send(HttpRequest.newBuilder(behaviour).header("Authorization", "Bearer " + secretKey)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"duplicates\":2,\"hang_retrieve\":true}")));
        HttpResponse<String> unknown = send(HttpRequest.newBuilder(behaviour)
                .header("Authorization", "Bearer " + secretKey)
                .PUT(HttpRequest.BodyPublishers.ofString("{\"duplicate\":2}")));
        HttpResponse<String> anonymous = send(HttpRequest.newBuilder(behaviour)
                .PUT(HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(set.statusCode()).isEqualTo(200);
        assertThat(simulator.behaviour(account, outTradeNo))
                .isEqualTo(new Behaviour(2, false, 0, false, true, null, false, false, false));
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(anonymous.body()).contains("\"error\"");
    }
}
