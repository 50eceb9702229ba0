package dev.tristate.adapter.out.channel.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.simulator.wechat.WechatFault;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** How each failure of each call is classed, with the simulator answering WeChat Pay's errors over HTTP. */
class WechatErrorCodesTest extends WechatSimulatorHost {

    private static final String ORDER = "/v3/pay/transactions/native";
    private static final String QUERY = "/v3/pay/transactions/out-trade-no/";
    private static final String REFUNDS = "/v3/refund/domestic/refunds";

    private static void assertClass(OutcomeClass expected, Executable call) {
        assertThatThrownBy(call::execute).isInstanceOfSatisfying(ChannelFailure.class,
                f -> assertThat(f.outcomeClass()).as(f.getMessage()).isEqualTo(expected));
    }

    @Test
    void anOrderRefusedForItsParametersOrAuthorityIsDefinite() {
        for (String code : new String[] {"PARAM_ERROR", "INVALID_REQUEST", "APPID_MCHID_NOT_MATCH", "NO_AUTH",
                "MCH_NOT_EXISTS", "OUT_TRADE_NO_USED", "RULE_LIMIT", "SIGN_ERROR"}) {
            simulator.force(mchid, WechatFault.error("POST", ORDER, code.equals("SIGN_ERROR") ? 401 : 400, code));
            assertClass(OutcomeClass.DEFINITE, () -> gateway.registerTrade(payment(1999), "native", mchid));
        }
    }

    @Test
    void aServerErrorOnAnOrderIsUnknownAndOnAQueryRetryable() {
        simulator.force(mchid, WechatFault.error("POST", ORDER, 500, "SYSTEM_ERROR"));
        assertClass(OutcomeClass.UNKNOWN, () -> gateway.registerTrade(payment(1999), "native", mchid));
        simulator.force(mchid, WechatFault.error("GET", QUERY, 500, "SYSTEM_ERROR"));
        assertClass(OutcomeClass.RETRYABLE, () -> gateway.queryTrade("pay_00000001", mchid));
    }

    @Test
    void slowDownIsRetryable() {
        simulator.force(mchid, WechatFault.error("POST", ORDER, 429, "FREQUENCY_LIMITED"));
        assertClass(OutcomeClass.RETRYABLE, () -> gateway.registerTrade(payment(1999), "native", mchid));
    }

    @Test
    void anAnswerThatHangsIsCutOrIsSignedWronglyIsUnknown() {
        simulator.force(mchid, WechatFault.of("POST", ORDER, WechatFault.Kind.HANG));
        assertClass(OutcomeClass.UNKNOWN, () -> impatient.registerTrade(payment(1999), "native", mchid));
        simulator.force(mchid, WechatFault.of("POST", ORDER, WechatFault.Kind.RESET));
        assertClass(OutcomeClass.UNKNOWN, () -> impatient.registerTrade(payment(1999), "native", mchid));
        Payment payment = paid(1999);
        simulator.force(mchid, WechatFault.of("GET", QUERY, WechatFault.Kind.BAD_SIGNATURE));
        assertClass(OutcomeClass.UNKNOWN, () -> gateway.queryTrade(payment.id().value(), mchid));
    }

    @Test
    void aRefundWhoseAnswerIsLostIsUnknownAndItsQueryFindsItDone() {
        Payment payment = paid(1999);
        simulator.force(mchid, WechatFault.error("POST", REFUNDS, 500, "SYSTEM_ERROR").onceActed());

        assertClass(OutcomeClass.UNKNOWN, () -> gateway.refund(refund(payment, "ref_lost", 500), mchid));

        assertThat(gateway.queryRefund(payment.id().value(), "ref_lost", mchid))
                .isInstanceOf(RefundAnswer.Succeeded.class);
    }

    @Test
    void aRefundRefusedForTheMerchantsBalanceIsARefusal() {
        Payment payment = paid(1999);
        simulator.force(mchid, WechatFault.error("POST", REFUNDS, 403, "NOT_ENOUGH"));

        assertThat(gateway.refund(refund(payment, "ref_poor", 500), mchid)).isInstanceOf(RefundAnswer.Refused.class);
    }

    @Test
    void anAnswerSignedWithAPlatformKeyTheMerchantDoesNotHoldIsUnknownUntilItHoldsIt() {
        Payment payment = paid(1999);
        WechatMerchantKeys.PlatformKey old = keys.platformKeys().get(0);
        String newKey = simulator.rotatePlatformKey("PUB_KEY_ID_0100000000000000000000000000000002");

        assertClass(OutcomeClass.UNKNOWN, () -> gateway.queryTrade(payment.id().value(), mchid));

        // The merchant holds both while WeChat Pay rotates: answers under either id verify.
        keys = new WechatMerchantKeys.Keys(keys.appId(), keys.privateKey(), keys.serial(), keys.apiV3Key(),
                java.util.List.of(new WechatMerchantKeys.PlatformKey("PUB_KEY_ID_0100000000000000000000000000000002",
                        newKey), old));
        assertThat(((TradeQueryAnswer.Found) gateway.queryTrade(payment.id().value(), mchid)).report().status())
                .isEqualTo(ChannelTradeStatus.SUCCESS);
    }

    @Test
    void aChannelNobodyListensAtIsNotReachedAndRetryable() {
        WechatChannelGateway nowhere = new WechatChannelGateway(WechatGatewaySettings.fixed("http://127.0.0.1:9/x",
                "http://127.0.0.1:9/callbacks/wechat", Duration.ofSeconds(1), Duration.ofSeconds(1)),
                m -> Optional.of(keys), Clock.systemUTC());
        assertClass(OutcomeClass.RETRYABLE, () -> nowhere.queryTrade("pay_00000001", mchid));
    }
}
