package dev.tristate.adapter.out.channel.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.simulator.wechat.WechatBehaviour;
import dev.tristate.simulator.wechat.WechatBillSeed;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** The gateway's calls through the unmodified SDK against the simulator's v3 wire protocol. */
class WechatGatewayAgainstTheSimulatorTest extends WechatSimulatorHost {

    @Test
    void aNativeOrderIsAQrCodeAndPlacingItAgainAnswersTheSame() {
        Payment payment = payment(1999);

        PayInstruction first = gateway.registerTrade(payment, "native", mchid);
        PayInstruction again = gateway.registerTrade(payment, "native", mchid);

        assertThat(first.method()).isEqualTo("native");
        assertThat(first.qrCode()).startsWith("weixin://wxpay/bizpayurl?pr=");
        assertThat(again).isEqualTo(first);
        assertThat(gateway.payMethods()).containsExactly("native", "h5", "jsapi");
    }

    @Test
    void anH5OrderIsAPageAndAJsapiOrderIsSignedParametersForTheBridge() {
        PayInstruction h5 = gateway.registerTrade(payment(1999), "h5", mchid);
        PayInstruction jsapi = gateway.registerTrade(payment(1999), "jsapi", mchid);

        assertThat(h5.payUrl()).startsWith("http://localhost:" + port + "/simulators/wechat/pay/");
        assertThat(jsapi.jsapi()).containsKeys("appId", "timeStamp", "nonceStr", "package", "signType", "paySign");
        assertThat(jsapi.jsapi().get("package")).startsWith("prepay_id=wx");
        assertThat(jsapi.jsapi().get("appId")).isEqualTo(APP_ID);
    }

    @Test
    void anH5OrdersPageCarriesTheReturnUrlAsRedirectUrlAndNativeAndJsapiIgnoreIt() {
        ReturnUrl back = new ReturnUrl("https://shop.example/back?o=7&lang=zh");

        PayInstruction h5 = gateway.registerTrade(payment(1999).withReturnUrl(back), "h5", mchid);
        PayInstruction plain = gateway.registerTrade(payment(1999), "h5", mchid);
        PayInstruction nativeQr = gateway.registerTrade(payment(1999).withReturnUrl(back), "native", mchid);

        assertThat(h5.payUrl()).startsWith("http://localhost:" + port + "/simulators/wechat/pay/")
                .endsWith("?redirect_url=https%3A%2F%2Fshop.example%2Fback%3Fo%3D7%26lang%3Dzh");
        assertThat(plain.payUrl()).doesNotContain("redirect_url");
        assertThat(nativeQr.qrCode()).doesNotContain("redirect_url");
        assertThat(WechatOrders.withRedirect("https://wx.tenpay.com/checkmweb?prepay_id=wx1",
                payment(1).withReturnUrl(back)))
                .startsWith("https://wx.tenpay.com/checkmweb?prepay_id=wx1&redirect_url=");
    }

    @Test
    void afterPayingOnTheH5PageThePayerGoesToTheRedirectUrlButNeverToAJavascriptOne() throws Exception {
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        String h5 = gateway.registerTrade(payment(1999).withReturnUrl(new ReturnUrl("https://shop.example/back")),
                "h5", mchid).payUrl();
        String page = browser.send(HttpRequest.newBuilder(URI.create(h5)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        assertThat(page).contains("<input type=\"hidden\" name=\"redirect_url\" value=\"https://shop.example/back\">");

        HttpResponse<String> paid = submit(browser, h5, "action=pay&redirect_url=https%3A%2F%2Fshop.example%2Fback");
        HttpResponse<String> evil = submit(browser,
                gateway.registerTrade(payment(1999), "h5", mchid).payUrl(), "action=pay&redirect_url=javascript:1");

        assertThat(paid.statusCode()).isEqualTo(303);
        assertThat(paid.headers().firstValue("Location")).hasValue("https://shop.example/back");
        assertThat(evil.statusCode()).isEqualTo(200);
        assertThat(evil.headers().firstValue("Location")).isEmpty();
        assertThat(evil.body()).doesNotContain("javascript");
    }

    private static HttpResponse<String> submit(HttpClient browser, String payUrl, String form) throws Exception {
        URI page = URI.create(payUrl);
        return browser.send(HttpRequest.newBuilder(page.resolve(page.getPath()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theQueryReadsAnUnpaidThenAPaidOrderAndAnUnknownOneIsNotFound() {
        Payment payment = payment(1999);
        gateway.registerTrade(payment, "native", mchid);

        TradeQueryAnswer unpaid = gateway.queryTrade(payment.id().value(), mchid);
        simulator.pay(mchid, payment.id().value());
        TradeQueryAnswer paid = gateway.queryTrade(payment.id().value(), mchid);

        assertThat(((TradeQueryAnswer.Found) unpaid).report().status()).isEqualTo(ChannelTradeStatus.PROCESSING);
        TradeQueryAnswer.Found found = (TradeQueryAnswer.Found) paid;
        assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS);
        assertThat(found.report().amount()).isEqualTo(Money.of(1999, "CNY"));
        assertThat(found.report().channelTxnId().value())
                .isEqualTo(simulator.transactionId(mchid, payment.id().value()).orElseThrow());
        assertThat(gateway.queryTrade("pay_never_ordered_here", mchid)).isInstanceOf(TradeQueryAnswer.NotFound.class);
    }

    @Test
    void closingAnUnpaidOrderClosesItAgainHarmlesslyAPaidOneIsNotClosableAnUnknownOneNotFound() {
        Payment unpaid = payment(1999);
        gateway.registerTrade(unpaid, "native", mchid);
        Payment paid = paid(1999);

        assertThat(gateway.closeTrade(unpaid.id().value(), mchid)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(gateway.closeTrade(unpaid.id().value(), mchid)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(((TradeQueryAnswer.Found) gateway.queryTrade(unpaid.id().value(), mchid)).report().status())
                .isEqualTo(ChannelTradeStatus.CLOSED);
        assertThat(gateway.closeTrade(paid.id().value(), mchid)).isInstanceOf(CloseAnswer.NotClosable.class);
        assertThat(gateway.closeTrade("pay_never_ordered_here", mchid)).isInstanceOf(CloseAnswer.NotFound.class);
    }

    @Test
    void aPartialRefundSucceedsOnceAndItsQueryAgrees() {
        Payment payment = paid(1999);

        RefundAnswer first = gateway.refund(refund(payment, "ref_001", 500), mchid);
        RefundAnswer again = gateway.refund(refund(payment, "ref_001", 500), mchid);
        RefundAnswer asked = gateway.queryRefund(payment.id().value(), "ref_001", mchid);

        assertThat(first).isInstanceOf(RefundAnswer.Succeeded.class);
        RefundAnswer.Succeeded succeeded = (RefundAnswer.Succeeded) first;
        assertThat(succeeded.amount()).isEqualTo(Money.of(500, "CNY"));
        assertThat(succeeded.refundNo()).isEqualTo(simulator.refundId(mchid, payment.id().value(), "ref_001")
                .orElseThrow());
        assertThat(((RefundAnswer.Succeeded) again).refundNo()).isEqualTo(succeeded.refundNo());
        assertThat(((RefundAnswer.Succeeded) asked).refundNo()).isEqualTo(succeeded.refundNo());
        assertThat(gateway.queryRefund(payment.id().value(), "ref_never", mchid))
                .isInstanceOf(RefundAnswer.NotFound.class);
    }

    @Test
    void aRefundBeyondWhatIsLeftIsRefusedAProcessingOneIsProcessingAnAbnormalOneRefused() {
        Payment payment = paid(1999);
        assertThat(gateway.refund(refund(payment, "ref_too_much", 2000), mchid))
                .isInstanceOf(RefundAnswer.Refused.class);

        simulator.behaviour(mchid, payment.id().value(), new WechatBehaviour(0, false, 0, false, false, null, true,
                false));
        assertThat(gateway.refund(refund(payment, "ref_slow", 100), mchid)).isInstanceOf(RefundAnswer.Processing.class);
        simulator.behaviour(mchid, payment.id().value(), new WechatBehaviour(0, false, 0, false, false, null, false,
                true));
        assertThat(gateway.refund(refund(payment, "ref_bad", 100), mchid)).isInstanceOf(RefundAnswer.Refused.class);
    }

    @Test
    void theDaysTradeBillIsDownloadedGzippedCheckedAndReadWithItsSeededRows() {
        Payment first = paid(1999);
        Payment second = paid(2999);
        gateway.refund(refund(first, "ref_001", 500), mchid);
        LocalDate today = LocalDate.now(ZoneId.of("Asia/Shanghai"));
        simulator.seedBill(mchid, today, WechatBillSeed.NONE.withAmount(second.id().value(), 3999)
                .withTrade("4200000000000000000000000001", "pay_not_ours", 100, Instant.now()));

        ChannelStatement statement = gateway.fetchStatement(today, mchid, 1_000_000);

        assertThat(statement.lines()).extracting(StatementLine::outTradeNo, StatementLine::type,
                line -> line.amount().minor()).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(first.id().value(), StatementEntryType.PAYMENT, 1999L),
                org.assertj.core.groups.Tuple.tuple(second.id().value(), StatementEntryType.PAYMENT, 3999L),
                org.assertj.core.groups.Tuple.tuple(first.id().value(), StatementEntryType.REFUND, 500L),
                org.assertj.core.groups.Tuple.tuple("pay_not_ours", StatementEntryType.PAYMENT, 100L));
        assertThat(statement.sha256()).hasSize(64);
        assertThat(gateway.statementZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
    }

    @Test
    void aBillLargerThanAllowedIsUnreadableAndTomorrowsIsNotThereYet() {
        paid(1999);
        LocalDate today = LocalDate.now(ZoneId.of("Asia/Shanghai"));

        assertThatThrownBy(() -> gateway.fetchStatement(today, mchid, 50))
                .isInstanceOf(dev.tristate.application.payment.port.out.UnreadableStatement.class);
        assertThatThrownBy(() -> gateway.fetchStatement(today.plusDays(1), mchid, 1_000_000))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE));
    }

    @Test
    void aMerchantWithoutKeysIsRefusedDefinitelyUnsent() {
        assertThatThrownBy(() -> gateway.queryTrade("pay_x00000", "1900000000"))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE));
    }
}
