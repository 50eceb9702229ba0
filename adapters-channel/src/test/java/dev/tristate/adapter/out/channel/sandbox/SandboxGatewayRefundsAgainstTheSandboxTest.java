package dev.tristate.adapter.out.channel.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.sandbox.SandboxChannelConfiguration;
import dev.tristate.sandbox.SandboxMerchants;
import dev.tristate.testing.SandboxRequests;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * {@link SandboxChannelGateway}'s refunds against the real sandbox channel running in this process: what the sandbox
 * answers is what the gateway reads, switches included. A timeout is UNKNOWN, never a refusal.
 */
@Timeout(60)
@SpringBootTest(classes = SandboxGatewayRefundsAgainstTheSandboxTest.SandboxHost.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.sandbox-channel.enabled=true",
                "tristate.sandbox-channel.notify-url=http://127.0.0.1:1/nobody-listens",
                "tristate.sandbox-channel.retry.max-attempts=1",
                "tristate.sandbox-channel.query-hang-ms=" + SandboxGatewayRefundsAgainstTheSandboxTest.HANG_MS
        })
class SandboxGatewayRefundsAgainstTheSandboxTest {

    static final long HANG_MS = 3000;
    private static final String MERCHANT = "m-gateway-test";
    private static final String SECRET = "whsec_gateway_test_secret";
    private static final String SOMEONE_ELSE = "m-someone-else";
    private static final Map<String, String> SECRETS = Map.of(MERCHANT, SECRET, SOMEONE_ELSE, "whsec_someone_else");

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(SandboxChannelConfiguration.class)
    static class SandboxHost {
    }

    @LocalServerPort
    int port;

    @Autowired
    SandboxMerchants merchants;

    private final HttpClient http = HttpClient.newHttpClient();
    private SandboxChannelGateway gateway;
    private SandboxChannelGateway impatientGateway;

    @BeforeEach
    void aMerchantAndGateways() {
        SECRETS.forEach((merchant, secret) -> merchants.register(merchant, List.of(secret)));
        URI base = URI.create("http://localhost:" + port);
        SandboxMerchantSecrets secrets = merchant -> Optional.ofNullable(SECRETS.get(merchant));
        gateway = new SandboxChannelGateway(base, Duration.ofSeconds(2), Duration.ofSeconds(10), secrets);
        impatientGateway = new SandboxChannelGateway(base, Duration.ofSeconds(2), Duration.ofMillis(HANG_MS / 6),
                secrets);
    }

    @Test
    void aRefundSucceedsOnceAndTheSameRefundAgainIsTheSameRefund() {
        String outTradeNo = paidTrade(1999);

        RefundAnswer first = gateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT);
        RefundAnswer again = gateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT);
        RefundAnswer queried = gateway.queryRefund(outTradeNo, "rf_1", MERCHANT);

        assertThat(first).isInstanceOfSatisfying(RefundAnswer.Succeeded.class, succeeded -> {
            assertThat(succeeded.refundNo()).startsWith("SBR");
            assertThat(succeeded.amount()).isEqualTo(Money.of(500, "CNY"));
        });
        assertThat(again).isEqualTo(first);
        assertThat(queried).isEqualTo(first);
        RefundAnswer.Succeeded refunded = (RefundAnswer.Succeeded) first;
        List<StatementLine> statement = gateway.fetchStatement(
                LocalDate.ofInstant(refunded.refundedAt(), ZoneOffset.UTC), MERCHANT, 1 << 20).lines();
        assertThat(statement).anySatisfy(line -> {
            assertThat(line.type()).isEqualTo(StatementEntryType.REFUND);
            assertThat(line.tradeNo()).isEqualTo(refunded.refundNo());
            assertThat(line.outTradeNo()).isEqualTo(outTradeNo);
            assertThat(line.status()).isEqualTo("SUCCESS");
            assertThat(line.amount()).isEqualTo(Money.of(500, "CNY"));
        });
    }

    @Test
    void moreThanIsLeftAndAnUnpaidTradeAreRefusedWithTheSandboxsReason() {
        String outTradeNo = paidTrade(1999);
        gateway.refund(refund(outTradeNo, "rf_1", 1500), MERCHANT);

        assertThat(gateway.refund(refund(outTradeNo, "rf_2", 500), MERCHANT)).isInstanceOfSatisfying(
                RefundAnswer.Refused.class, refused -> assertThat(refused.reason()).startsWith("REFUND_AMOUNT_EXCEEDED"));
        String unpaid = registeredTrade(1999);
        assertThat(gateway.refund(refund(unpaid, "rf_1", 1), MERCHANT)).isInstanceOfSatisfying(
                RefundAnswer.Refused.class, refused -> assertThat(refused.reason()).startsWith("TRADE_NOT_PAID"));
    }

    @Test
    void anotherAmountUnderAKnownRefundOrAnUnknownTradeIsADefiniteNoOfTheRequestNotARefusal() {
        String outTradeNo = paidTrade(1999);
        gateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT);

        assertFailure(() -> gateway.refund(refund(outTradeNo, "rf_1", 600), MERCHANT), OutcomeClass.DEFINITE);
        assertFailure(() -> gateway.refund(refund("pay_never_" + UUID.randomUUID(), "rf_1", 600), MERCHANT),
                OutcomeClass.DEFINITE);
        assertFailure(() -> gateway.refund(refund(outTradeNo, "rf_2", 1), SOMEONE_ELSE), OutcomeClass.DEFINITE);
    }

    @Test
    void aRefundTheSandboxNeverSawIsNotFound() {
        String outTradeNo = paidTrade(1999);

        assertThat(gateway.queryRefund(outTradeNo, "rf_never", MERCHANT)).isInstanceOf(RefundAnswer.NotFound.class);
        assertThat(gateway.queryRefund("pay_never_" + UUID.randomUUID(), "rf_1", MERCHANT))
                .isInstanceOf(RefundAnswer.NotFound.class);
    }

    @Test
    void refundProcessingIsProcessingUntilTheQuerySettlesIt() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_processing\":true,\"refund_settle_ms\":0}");

        assertThat(gateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT))
                .isInstanceOf(RefundAnswer.Processing.class);
        assertThat(gateway.queryRefund(outTradeNo, "rf_1", MERCHANT)).isInstanceOf(RefundAnswer.Succeeded.class);
    }

    @Test
    void refundFailIsRefused() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_fail\":true}");

        assertThat(gateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT)).isInstanceOfSatisfying(
                RefundAnswer.Refused.class, refused -> assertThat(refused.reason()).startsWith("REFUND_REFUSED"));
    }

    @Test
    void aRefundWhoseAnswerTimesOutIsUnknownNeverRefusedAndTheRefundWasMade() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_timeout\":true}");

        assertFailure(() -> impatientGateway.refund(refund(outTradeNo, "rf_1", 500), MERCHANT),
                OutcomeClass.UNKNOWN);

        assertThat(gateway.queryRefund(outTradeNo, "rf_1", MERCHANT)).isInstanceOf(RefundAnswer.Succeeded.class);
    }

    @Test
    void aRefundQueryThatTimesOutIsUnknownNeverNotFound() {
        String outTradeNo = paidTrade(1999);
        behaviour(outTradeNo, "{\"refund_query_timeout\":true}");

        assertFailure(() -> impatientGateway.queryRefund(outTradeNo, "rf_never", MERCHANT), OutcomeClass.UNKNOWN);
    }

    private static void assertFailure(ThrowingCallable call,
                                      OutcomeClass expected) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ChannelFailure.class,
                failure -> assertThat(failure.outcomeClass()).isEqualTo(expected));
    }

    private static RefundRequest refund(String outTradeNo, String outRefundNo, long amountMinor) {
        return new RefundRequest(outTradeNo, outRefundNo, Money.of(amountMinor, "CNY"), "gateway test");
    }

    private String registeredTrade(long amountMinor) {
        String outTradeNo = "pay_gw_" + UUID.randomUUID().toString().substring(0, 12);
        gateway.registerTrade(PaymentTestData.aPendingPayment().withId(outTradeNo).withAmount(amountMinor, "CNY")
                .build(), "page", MERCHANT);
        return outTradeNo;
    }

    private String paidTrade(long amountMinor) {
        String outTradeNo = registeredTrade(amountMinor);
        send("POST", "/sandbox-channel/trades/" + outTradeNo + "/events", "{\"status\":\"SUCCESS\"}");
        return outTradeNo;
    }

    private void behaviour(String outTradeNo, String switches) {
        send("PUT", "/sandbox-channel/trades/" + outTradeNo + "/behaviour", switches);
    }

    private void send(String method, String path, String json) {
        try {
            HttpResponse<String> answer = http.send(SandboxRequests.signed(URI.create("http://localhost:" + port),
                    MERCHANT, SECRET, method, path, json).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
