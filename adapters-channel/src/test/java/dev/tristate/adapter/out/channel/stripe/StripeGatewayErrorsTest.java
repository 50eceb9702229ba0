package dev.tristate.adapter.out.channel.stripe;

import static dev.tristate.adapter.out.channel.stripe.StripeChannelGatewayTest.failureOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.Payment;
import dev.tristate.simulator.stripe.Fault;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every error stripe-java can raise, for every call the gateway makes, with the simulator made to answer it: the
 * outcome class each one gets. This is the table of docs/channels-stripe.md.
 */
@Timeout(60)
class StripeGatewayErrorsTest extends StripeSimulatorHost {

    /** A gateway call, the Stripe request a fault is set on, and whether that request may act. */
    enum Call {
        REGISTER_TRADE("POST", "/v1/checkout/sessions", true),
        QUERY_TRADE("GET", "/v1/payment_intents/search", false),
        REFUND("POST", "/v1/refunds", true),
        QUERY_REFUND("GET", "/v1/refunds", false),
        CLOSE_TRADE("POST", "/v1/checkout/sessions/", true),
        FETCH_STATEMENT("GET", "/v1/balance_transactions", false);

        final String method;
        final String path;
        final boolean acts;

        Call(String method, String path, boolean acts) {
            this.method = method;
            this.path = path;
            this.acts = acts;
        }
    }

    /** A fault and the class it gets on a call that acts and on one that only reads. */
    record Case(String name, Fault fault, OutcomeClass whenActing, OutcomeClass whenReading) {
        static Case error(int status, String type, String code, OutcomeClass both) {
            return new Case(status + " " + type + " " + code, Fault.error("*", "/", status, type, code), both, both);
        }
    }

    static List<Case> cases() {
        return List.of(
                Case.error(400, "invalid_request_error", "parameter_invalid", OutcomeClass.DEFINITE),
                Case.error(404, "invalid_request_error", "resource_missing", OutcomeClass.DEFINITE),
                Case.error(400, "invalid_request_error", "amount_too_large", OutcomeClass.DEFINITE),
                Case.error(400, "invalid_request_error", "charge_already_refunded", OutcomeClass.DEFINITE),
                Case.error(400, "idempotency_error", null, OutcomeClass.DEFINITE),
                Case.error(401, "invalid_request_error", "api_key_expired", OutcomeClass.DEFINITE),
                Case.error(402, "card_error", "card_declined", OutcomeClass.DEFINITE),
                Case.error(403, "invalid_request_error", "secret_key_required", OutcomeClass.DEFINITE),
                Case.error(429, "invalid_request_error", "rate_limit", OutcomeClass.RETRYABLE),
                Case.error(429, "invalid_request_error", "lock_timeout", OutcomeClass.RETRYABLE),
                new Case("409 idempotency_key_in_use", Fault.error("*", "/", 409, "idempotency_error",
                        "idempotency_key_in_use"), OutcomeClass.UNKNOWN, OutcomeClass.RETRYABLE),
                new Case("500 api_error", Fault.error("*", "/", 500, "api_error", null), OutcomeClass.UNKNOWN,
                        OutcomeClass.RETRYABLE),
                new Case("503 api_error", Fault.error("*", "/", 503, "api_error", null), OutcomeClass.UNKNOWN,
                        OutcomeClass.RETRYABLE),
                new Case("connection cut", Fault.of("*", "/", Fault.Kind.RESET), OutcomeClass.UNKNOWN,
                        OutcomeClass.UNKNOWN),
                new Case("200 not JSON", Fault.of("*", "/", Fault.Kind.GARBAGE), OutcomeClass.UNKNOWN,
                        OutcomeClass.UNKNOWN),
                new Case("read timeout", Fault.of("*", "/", Fault.Kind.HANG), OutcomeClass.UNKNOWN,
                        OutcomeClass.UNKNOWN));
    }

    static Stream<Arguments> table() {
        List<Arguments> rows = new ArrayList<>();
        for (Call call : Call.values()) {
            for (Case c : cases()) {
                rows.add(Arguments.of(call, c.name(), c.fault(), call.acts ? c.whenActing() : c.whenReading()));
            }
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}, {1}: {3}")
    @MethodSource("table")
    void eachErrorOfEachCallHasItsOutcomeClass(Call call, String name, Fault fault, OutcomeClass expected) {
        Payment payment = switch (call) {
            case REGISTER_TRADE -> payment(1000, "USD");
            case CLOSE_TRADE -> registered();
            default -> paid(1000);
        };
        simulator.force(account, new Fault(call.method, call.path, fault.kind(), fault.status(), fault.type(),
                fault.code(), fault.message(), fault.param(), false, 1));

        OutcomeClass actual = failureOf(() -> {
            switch (call) {
                case REGISTER_TRADE -> impatient.registerTrade(payment, "checkout", account);
                case QUERY_TRADE -> impatient.queryTrade(payment.id().value(), account);
                case REFUND -> impatient.refund(refund(payment, "rfd_1", 100), account);
                case QUERY_REFUND -> impatient.queryRefund(payment.id().value(), "rfd_1", account);
                case CLOSE_TRADE -> impatient.closeTrade(payment.id().value(), account);
                case FETCH_STATEMENT -> impatient.fetchStatement(LocalDate.now(ZoneOffset.UTC), account, 1_000_000);
            }
        });

        assertThat(actual).isEqualTo(expected);
    }

    private Payment registered() {
        Payment payment = payment(1000, "USD");
        gateway.registerTrade(payment, "checkout", account);
        return payment;
    }
}
