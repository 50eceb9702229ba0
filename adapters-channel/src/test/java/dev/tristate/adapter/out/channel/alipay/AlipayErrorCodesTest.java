package dev.tristate.adapter.out.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.simulator.alipay.Fault;
import java.time.LocalDate;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each error code Alipay documents for each call, forced at the simulator, and what the gateway makes of it: an answer
 * of the port (not found, refused, not closable) or a failure of an outcome class. This is the table in
 * adapters-channel/README.md.
 */
class AlipayErrorCodesTest extends AlipayAgainstTheSimulatorBase {

    @ParameterizedTest(name = "{0} {1} {2}: {3}")
    @CsvSource({
            // call, code, sub_code, expected
            "query,    40004, ACQ.TRADE_NOT_EXIST,            NOT_FOUND",
            "query,    40004, ACQ.SYSTEM_ERROR,               RETRYABLE",
            "query,    20000, isp.unknow-error,               RETRYABLE",
            "query,    20000, aop.unknow-error,               RETRYABLE",
            "query,    40004, ACQ.INVALID_PARAMETER,          DEFINITE",
            "query,    40004, ACQ.ACCESS_FORBIDDEN,           DEFINITE",
            "query,    20001, aop.invalid-auth-token,         DEFINITE",
            "query,    40001, isv.missing-signature,          DEFINITE",
            "query,    40002, isv.invalid-signature,          DEFINITE",
            "query,    40002, isv.invalid-app-id,             DEFINITE",
            "query,    40006, isv.insufficient-isv-permissions, DEFINITE",
            "query,    50000, isp.something-new,              UNKNOWN",
            "create,   40004, ACQ.TRADE_HAS_SUCCESS,          DEFINITE",
            "create,   40004, ACQ.TRADE_HAS_CLOSE,            DEFINITE",
            "create,   40004, ACQ.CONTEXT_INCONSISTENT,       DEFINITE",
            "create,   40004, ACQ.INVALID_PARAMETER,          DEFINITE",
            "create,   40004, ACQ.ACCESS_FORBIDDEN,           DEFINITE",
            "create,   40004, ACQ.SYSTEM_ERROR,               UNKNOWN",
            "create,   20000, isp.unknow-error,               UNKNOWN",
            "create,   40002, isv.invalid-signature,          DEFINITE",
            "create,   40006, isv.insufficient-isv-permissions, DEFINITE",
            "close,    40004, ACQ.TRADE_NOT_EXIST,            NOT_FOUND",
            "close,    40004, ACQ.TRADE_STATUS_ERROR,         NOT_CLOSABLE",
            "close,    40004, ACQ.SYSTEM_ERROR,               UNKNOWN",
            "close,    20000, isp.unknow-error,               UNKNOWN",
            "close,    40004, ACQ.INVALID_PARAMETER,          DEFINITE",
            "close,    40004, ACQ.ACCESS_FORBIDDEN,           DEFINITE",
            "close,    40002, isv.invalid-app-id,             DEFINITE",
            "refund,   40004, ACQ.TRADE_NOT_EXIST,            REFUSED",
            "refund,   40004, ACQ.TRADE_STATUS_ERROR,         REFUSED",
            "refund,   40004, ACQ.TRADE_HAS_FINISHED,         REFUSED",
            "refund,   40004, ACQ.TRADE_HAS_CLOSE,            REFUSED",
            "refund,   40004, ACQ.REFUND_AMT_NOT_EQUAL_TOTAL, REFUSED",
            "refund,   40004, ACQ.SELLER_BALANCE_NOT_ENOUGH,  REFUSED",
            "refund,   40004, ACQ.REASON_TRADE_BEEN_FREEZEN,  REFUSED",
            "refund,   40004, ACQ.DISCORDANT_REPEAT_REQUEST,  DEFINITE",
            "refund,   40004, ACQ.INVALID_PARAMETER,          DEFINITE",
            "refund,   40004, ACQ.ACCESS_FORBIDDEN,           DEFINITE",
            "refund,   40004, ACQ.SYSTEM_ERROR,               UNKNOWN",
            "refund,   20000, isp.unknow-error,               UNKNOWN",
            "refund,   20001, aop.invalid-auth-token,         DEFINITE",
            "refund,   40002, isv.invalid-signature,          DEFINITE",
            "refund,   40006, isv.insufficient-isv-permissions, DEFINITE",
            "refundQuery, 40004, ACQ.TRADE_NOT_EXIST,         NOT_FOUND",
            "refundQuery, 40004, ACQ.SYSTEM_ERROR,            RETRYABLE",
            "refundQuery, 20000, isp.unknow-error,            RETRYABLE",
            "refundQuery, 40004, ACQ.INVALID_PARAMETER,       DEFINITE",
            "refundQuery, 40004, ACQ.ACCESS_FORBIDDEN,        DEFINITE",
            "refundQuery, 40002, isv.invalid-app-id,          DEFINITE",
            "bill,     40004, isp.bill_not_exist,             RETRYABLE",
            "bill,     40004, ACQ.SYSTEM_ERROR,               RETRYABLE",
            "bill,     20000, isp.unknow-error,               RETRYABLE",
            "bill,     40004, ACQ.INVALID_PARAMETER,          DEFINITE",
            "bill,     40004, ACQ.ACCESS_FORBIDDEN,           DEFINITE",
            "bill,     40006, isv.insufficient-isv-permissions, DEFINITE",
    })
    void eachErrorCodeMeansWhatTheTableSays(String call, String code, String subCode, String expected) {
        String trade = paidTrade(1000);
        simulator.fault(APP_ID, method(call), Fault.error(code, subCode));

        Supplier<Object> invocation = switch (call) {
            case "query" -> () -> gateway.queryTrade(trade, APP_ID);
            case "create" -> () -> gateway.registerTrade(payment(100, "CNY"), "qr", APP_ID);
            case "close" -> () -> gateway.closeTrade(trade, APP_ID);
            case "refund" -> () -> gateway.refund(new RefundRequest(trade, "rfd_1", Money.of(100, "CNY"), null),
                    APP_ID);
            case "refundQuery" -> () -> gateway.queryRefund(trade, "rfd_1", APP_ID);
            default -> () -> gateway.fetchStatement(LocalDate.of(2020, 1, 1), APP_ID, 1_000_000);
        };
        switch (expected) {
            case "NOT_FOUND" -> assertThat(invocation.get()).isInstanceOfAny(TradeQueryAnswer.NotFound.class,
                    CloseAnswer.NotFound.class, RefundAnswer.NotFound.class);
            case "REFUSED" -> assertThat(invocation.get()).isInstanceOfSatisfying(RefundAnswer.Refused.class,
                    refused -> assertThat(refused.reason()).startsWith(subCode));
            case "NOT_CLOSABLE" -> assertThat(invocation.get()).isInstanceOf(CloseAnswer.NotClosable.class);
            default -> assertThatThrownBy(invocation::get).isInstanceOfSatisfying(ChannelFailure.class,
                    f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.valueOf(expected)));
        }
    }

    @ParameterizedTest(name = "{0}: an unsigned error answer is UNKNOWN")
    @CsvSource({"query", "refund", "close"})
    void anErrorAnswerWithoutSignatureCannotBeTrusted(String call) {
        String trade = paidTrade(1000);
        simulator.fault(APP_ID, method(call), new Fault("40004", "ACQ.TRADE_NOT_EXIST", "forged", false, 0, true,
                false));

        assertThatThrownBy(() -> {
            switch (call) {
                case "query" -> gateway.queryTrade(trade, APP_ID);
                case "close" -> gateway.closeTrade(trade, APP_ID);
                default -> gateway.refund(new RefundRequest(trade, "rfd_1", Money.of(100, "CNY"), null), APP_ID);
            }
        }).isInstanceOfSatisfying(ChannelFailure.class,
                f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
    }

    @ParameterizedTest(name = "{0}: the answer after acting is lost")
    @CsvSource({"refund", "close"})
    void aCallThatActedAndThenHungIsUnknown(String call) {
        String trade = paidTrade(1000);
        simulator.fault(APP_ID, method(call), Fault.hang(3000, true));

        assertThatThrownBy(() -> {
            if (call.equals("refund")) {
                gateway(java.time.Duration.ofMillis(300)).refund(new RefundRequest(trade, "rfd_lost",
                        Money.of(100, "CNY"), null), APP_ID);
            } else {
                gateway(java.time.Duration.ofMillis(300)).closeTrade(trade, APP_ID);
            }
        }).isInstanceOfSatisfying(ChannelFailure.class,
                f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
        if (call.equals("refund")) {
            simulator.clearFaults(APP_ID);
            assertThat(gateway.queryRefund(trade, "rfd_lost", APP_ID)).isInstanceOf(RefundAnswer.Succeeded.class);
        }
    }

    private static String method(String call) {
        return switch (call) {
            case "query" -> "alipay.trade.query";
            case "create" -> "alipay.trade.precreate";
            case "close" -> "alipay.trade.close";
            case "refund" -> "alipay.trade.refund";
            case "refundQuery" -> "alipay.trade.fastpay.refund.query";
            default -> "alipay.data.dataservice.bill.downloadurl.query";
        };
    }
}
