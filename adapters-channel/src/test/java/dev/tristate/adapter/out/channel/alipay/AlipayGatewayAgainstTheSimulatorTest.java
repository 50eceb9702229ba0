package dev.tristate.adapter.out.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alipay.api.internal.util.AlipaySignature;
import dev.tristate.application.payment.port.out.ChannelFailure;
import dev.tristate.application.payment.port.out.ChannelGateway.CloseAnswer;
import dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest;
import dev.tristate.application.payment.port.out.ChannelGateway.TradeQueryAnswer;
import dev.tristate.application.payment.port.out.ChannelStatement;
import dev.tristate.application.payment.port.out.UnreadableStatement;
import dev.tristate.domain.money.Money;
import dev.tristate.domain.outcome.OutcomeClass;
import dev.tristate.domain.payment.ChannelTradeStatus;
import dev.tristate.domain.payment.PayInstruction;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.RefundAnswer;
import dev.tristate.domain.payment.ReturnUrl;
import dev.tristate.domain.reconciliation.StatementEntryType;
import dev.tristate.domain.reconciliation.StatementLine;
import dev.tristate.simulator.alipay.Behaviour;
import dev.tristate.simulator.alipay.BillSeed;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every gateway call, end to end through the SDK and the simulator. */
class AlipayGatewayAgainstTheSimulatorTest extends AlipayAgainstTheSimulatorBase {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aQrTradeIsNotFoundUntilTheBuyerOpensItThenPaidAtItsAmount() {
        Payment payment = payment(1999, "CNY");
        String outTradeNo = payment.id().value();

        PayInstruction pay = gateway.registerTrade(payment, "qr", APP_ID);

        assertThat(gateway.payMethods()).containsExactly("page", "qr", "wap");
        assertThat(pay.method()).isEqualTo("qr");
        assertThat(pay.qrCode()).contains("/simulators/alipay/cashier/");
        assertThat(pay.payUrl()).as("the code is a link to a pay page").isEqualTo(pay.qrCode());
        assertThat(gateway.queryTrade(outTradeNo, APP_ID)).isInstanceOf(TradeQueryAnswer.NotFound.class);
        assertThat(gateway.registerTrade(payment, "qr", APP_ID).qrCode()).isEqualTo(pay.qrCode());
        simulator.open(APP_ID, outTradeNo);
        assertThat(gateway.queryTrade(outTradeNo, APP_ID)).isInstanceOfSatisfying(TradeQueryAnswer.Found.class,
                found -> assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.PROCESSING));
        simulator.pay(APP_ID, outTradeNo);
        assertThat(gateway.queryTrade(outTradeNo, APP_ID)).isInstanceOfSatisfying(TradeQueryAnswer.Found.class,
                found -> {
                    assertThat(found.report().status()).isEqualTo(ChannelTradeStatus.SUCCESS);
                    assertThat(found.report().amount()).isEqualTo(Money.of(1999, "CNY"));
                    assertThat(found.report().channelTxnId().value())
                            .isEqualTo(simulator.tradeNo(APP_ID, outTradeNo));
                });
        assertThatThrownBy(() -> gateway.registerTrade(payment, "qr", APP_ID))
                .isInstanceOfSatisfying(ChannelFailure.class, f -> {
                    assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE);
                    assertThat(f.getMessage()).contains("ACQ.TRADE_HAS_SUCCESS");
                });
    }

    @Test
    void pageAndWapTradesAreSignedUrlsThatTakeTheBuyerToTheCashier() throws Exception {
        for (String method : new String[] {"page", "wap"}) {
            Payment payment = payment(500, "CNY");

            PayInstruction pay = gateway.registerTrade(payment, method, APP_ID);

            assertThat(pay.payUrl()).contains("/simulators/alipay/gateway.do?")
                    .contains(method.equals("page") ? "alipay.trade.page.pay" : "alipay.trade.wap.pay");
            HttpResponse<String> gatewayPage = http.send(HttpRequest.newBuilder(URI.create(pay.payUrl())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(gatewayPage.statusCode()).isEqualTo(302);
            String cashier = gatewayPage.headers().firstValue("Location").orElseThrow();
            assertThat(http.send(HttpRequest.newBuilder(URI.create(cashier)).build(),
                    HttpResponse.BodyHandlers.ofString()).body()).contains(payment.id().value()).contains("5.00 CNY");
        }
    }

    @Test
    void afterPayingAPageOrWapTradeTheBuyerGoesToThePaymentsReturnUrlWithTheSignedSyncReturn() throws Exception {
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        for (String method : new String[] {"page", "wap"}) {
            Payment payment = payment(500, "CNY").withReturnUrl(new ReturnUrl("https://shop.example/back?o=7"));

            PayInstruction pay = gateway.registerTrade(payment, method, APP_ID);
            assertThat(pay.payUrl()).contains("return_url=");
            String cashier = browser.send(HttpRequest.newBuilder(URI.create(pay.payUrl())).build(),
                    HttpResponse.BodyHandlers.discarding()).headers().firstValue("Location").orElseThrow();
            HttpResponse<Void> paid = browser.send(HttpRequest.newBuilder(URI.create(cashier))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(),
                    HttpResponse.BodyHandlers.discarding());

            assertThat(paid.statusCode()).isEqualTo(303);
            URI back = URI.create(paid.headers().firstValue("Location").orElseThrow());
            assertThat(back.getScheme() + "://" + back.getHost() + back.getPath())
                    .isEqualTo("https://shop.example/back");
            Map<String, String> params = new HashMap<>();
            for (String pair : back.getRawQuery().split("&")) {
                String[] kv = pair.split("=", 2);
                params.put(URLDecoder.decode(kv[0], StandardCharsets.UTF_8),
                        URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
            }
            assertThat(params).containsEntry("o", "7").containsEntry("out_trade_no", payment.id().value())
                    .containsEntry("trade_no", simulator.tradeNo(APP_ID, payment.id().value()))
                    .containsEntry("total_amount", "5.00").containsEntry("method", "alipay.trade." + method
                            + ".pay.return");
            params.remove("o");
            assertThat(AlipaySignature.rsaCheckV1(params, simulator.alipayPublicKey(), "utf-8", "RSA2")).isTrue();
        }
    }

    @Test
    void withoutAReturnUrlThePayUrlHasNoneAndPayingLeadsBackToTheCashier() throws Exception {
        HttpClient browser = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
        PayInstruction pay = gateway.registerTrade(payment(500, "CNY"), "page", APP_ID);
        assertThat(pay.payUrl()).doesNotContain("return_url");
        String cashier = browser.send(HttpRequest.newBuilder(URI.create(pay.payUrl())).build(),
                HttpResponse.BodyHandlers.discarding()).headers().firstValue("Location").orElseThrow();

        HttpResponse<Void> paid = browser.send(HttpRequest.newBuilder(URI.create(cashier))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(),
                HttpResponse.BodyHandlers.discarding());

        assertThat(paid.headers().firstValue("Location")).hasValue(URI.create(cashier).getPath());
    }

    @Test
    void aPaymentInAnotherCurrencyIsRefusedDefinitelyAndNothingIsSent() {
        assertThatThrownBy(() -> gateway.registerTrade(payment(500, "USD"), "qr", APP_ID))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.DEFINITE));
    }

    @Test
    void closeAnswersClosedNotFoundOrNotClosableAsTheTradeStands() {
        Payment waiting = payment(100, "CNY");
        gateway.registerTrade(waiting, "qr", APP_ID);
        Payment unopened = payment(100, "CNY");
        gateway.registerTrade(unopened, "qr", APP_ID);
        simulator.open(APP_ID, waiting.id().value());
        String paid = paidTrade(100);

        assertThat(gateway.closeTrade(waiting.id().value(), APP_ID)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(gateway.closeTrade(waiting.id().value(), APP_ID)).isInstanceOf(CloseAnswer.Closed.class);
        assertThat(gateway.closeTrade(unopened.id().value(), APP_ID)).isInstanceOf(CloseAnswer.NotFound.class);
        assertThat(gateway.closeTrade(paid, APP_ID)).isInstanceOf(CloseAnswer.NotClosable.class);
        assertThat(simulator.pay(APP_ID, unopened.id().value())).as("closed, though Alipay said not found").isFalse();
    }

    @Test
    void refundsPartialThenTheSameAgainThenTooMuchThenTheRestAndTheirQuery() {
        String trade = paidTrade(1000);
        String tradeNo = simulator.tradeNo(APP_ID, trade);

        RefundAnswer first = gateway.refund(new RefundRequest(trade, "rfd_a", Money.of(300, "CNY"), "damaged"),
                APP_ID);
        RefundAnswer again = gateway.refund(new RefundRequest(trade, "rfd_a", Money.of(300, "CNY"), "damaged"),
                APP_ID);
        RefundAnswer tooMuch = gateway.refund(new RefundRequest(trade, "rfd_b", Money.of(701, "CNY"), null), APP_ID);
        RefundAnswer rest = gateway.refund(new RefundRequest(trade, "rfd_c", Money.of(700, "CNY"), null), APP_ID);

        assertThat(first).isInstanceOfSatisfying(RefundAnswer.Succeeded.class, refund -> {
            assertThat(refund.refundNo()).isEqualTo(tradeNo + ":rfd_a");
            assertThat(refund.amount()).isEqualTo(Money.of(300, "CNY"));
        });
        assertThat(again).isInstanceOfSatisfying(RefundAnswer.Succeeded.class,
                refund -> assertThat(refund.refundNo()).isEqualTo(tradeNo + ":rfd_a"));
        assertThat(tooMuch).isInstanceOfSatisfying(RefundAnswer.Refused.class,
                refused -> assertThat(refused.reason()).startsWith("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL"));
        assertThat(rest).isInstanceOf(RefundAnswer.Succeeded.class);
        assertThat(gateway.queryRefund(trade, "rfd_c", APP_ID)).isInstanceOfSatisfying(RefundAnswer.Succeeded.class,
                refund -> assertThat(refund.amount()).isEqualTo(Money.of(700, "CNY")));
        assertThat(gateway.queryRefund(trade, "rfd_b", APP_ID)).isInstanceOf(RefundAnswer.NotFound.class);
        assertThat(gateway.queryRefund("pay_never_seen", "rfd_x", APP_ID)).isInstanceOf(RefundAnswer.NotFound.class);
    }

    @Test
    void aHangingQueryIsUnknownAndAnUnreachableAlipayIsRetryable() {
        String trade = paidTrade(100);
        simulator.behaviour(APP_ID, trade, new Behaviour(0, false, 0, false, true, null));

        assertThatThrownBy(() -> gateway(Duration.ofMillis(300)).queryTrade(trade, APP_ID))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.UNKNOWN));
        assertThatThrownBy(() -> gateway("http://127.0.0.1:1/gateway.do", Duration.ofSeconds(1))
                .queryTrade(trade, APP_ID)).isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE));
    }

    @Test
    void theBillOfYesterdayIsFetchedAndReadWithItsSeededDiscrepancies() {
        String paid = paidTrade(1999);
        gateway.refund(new RefundRequest(paid, "rfd_bill", Money.of(500, "CNY"), null), APP_ID);
        String missing = paidTrade(300);
        LocalDate today = LocalDate.now(ZoneId.of("Asia/Shanghai"));
        simulator.seedBill(APP_ID, today, BillSeed.NONE.without(missing).withTrade("2099010122009999", "not_ours",
                700, Instant.now()));

        assertThatThrownBy(() -> gateway.fetchStatement(today, APP_ID, 1_000_000))
                .isInstanceOfSatisfying(ChannelFailure.class,
                        f -> assertThat(f.outcomeClass()).isEqualTo(OutcomeClass.RETRYABLE));
        assertThatThrownBy(() -> gateway.fetchStatement(today.minusDays(1), APP_ID, 10))
                .isInstanceOf(UnreadableStatement.class);
        ChannelStatement yesterday = gateway.fetchStatement(today.minusDays(1), APP_ID, 1_000_000);
        assertThat(yesterday.sha256()).hasSize(64);
        assertThat(gateway.statementZone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
        assertThat(todaysLines(today)).extracting(StatementLine::outTradeNo).contains(paid, "not_ours")
                .doesNotContain(missing);
        assertThat(todaysLines(today)).filteredOn(line -> line.type() == StatementEntryType.REFUND)
                .filteredOn(line -> line.outTradeNo().equals(paid)).singleElement().satisfies(line -> {
                    assertThat(line.tradeNo()).isEqualTo(simulator.tradeNo(APP_ID, paid) + ":rfd_bill");
                    assertThat(line.amount()).isEqualTo(Money.of(500, "CNY"));
                });
    }

    /** Today's bill through the simulator's own file, read by the gateway's parser as an upload would be. */
    private java.util.List<StatementLine> todaysLines(LocalDate today) {
        return gateway.parseStatement(simulator.billFile(APP_ID, today), today, 1_000_000);
    }
}
