package dev.tristate.simulator.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alipay.api.AlipayApiException;
import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradePagePayRequest;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.alipay.api.response.AlipayTradeFastpayRefundQueryResponse;
import com.alipay.api.response.AlipayTradePrecreateResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gateway as the official SDK sees it: signatures both ways, and the trade and refund methods' answers. */
class GatewayTest extends AlipaySimulatorIntegrationBase {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theAnswerIsSignedOverTheResponseObjectsExactTextWithTheSimulatorsKey() throws Exception {
        AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
        request.setBizContent("{\"out_trade_no\":\"sig_1\",\"total_amount\":\"19.99\",\"subject\":\"Java 101\"}");

        AlipayTradePrecreateResponse answer = execute(request);

        assertThat(answer.isSuccess()).isTrue();
        assertThat(answer.getQrCode()).startsWith("http://localhost:").contains("/simulators/alipay/cashier/");
        String body = answer.getBody();
        String root = "{\"alipay_trade_precreate_response\":";
        String content = body.substring(root.length(), body.indexOf(",\"sign\":\""));
        String sign = body.substring(body.indexOf(",\"sign\":\"") + 9, body.length() - 2);
        Signature rsa2 = Signature.getInstance("SHA256withRSA");
        rsa2.initVerify(KeyFactory.getInstance("RSA").generatePublic(
                new X509EncodedKeySpec(Base64.getDecoder().decode(simulator.alipayPublicKey()))));
        rsa2.update(content.getBytes(StandardCharsets.UTF_8));
        assertThat(rsa2.verify(Base64.getDecoder().decode(sign))).isTrue();
    }

    @Test
    void aRequestSignedWithAnotherKeyIsRefusedAsAlipayRefusesIt() throws Exception {
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizContent("{\"out_trade_no\":\"whatever\"}");

        AlipayTradeQueryResponse answer = client(APP_ID, rsa(), 5_000).execute(request);

        assertThat(answer.getCode()).isEqualTo("40002");
        assertThat(answer.getSubCode()).isEqualTo("isv.invalid-signature");
    }

    @Test
    void anUnknownAppIsRefused() throws Exception {
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizContent("{\"out_trade_no\":\"whatever\"}");

        AlipayTradeQueryResponse answer = client("2021999999999999", APP_KEY, 5_000).execute(request);

        assertThat(answer.getSubCode()).isEqualTo("isv.invalid-app-id");
    }

    @Test
    void aTradeTheBuyerNeverOpenedDoesNotExistForTheMerchantAndTheSameOrderIsTheSameTrade() {
        AlipayTradePrecreateRequest create = new AlipayTradePrecreateRequest();
        create.setBizContent("{\"out_trade_no\":\"dedup_1\",\"total_amount\":\"5.00\",\"subject\":\"Java 101\"}");
        String qr = execute(create).getQrCode();
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"dedup_1\"}");

        assertThat(execute(query).getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
        assertThat(execute(create).getQrCode()).isEqualTo(qr);
        create.setBizContent("{\"out_trade_no\":\"dedup_1\",\"total_amount\":\"6.00\",\"subject\":\"Java 101\"}");
        assertThat(execute(create).getSubCode()).isEqualTo("ACQ.CONTEXT_INCONSISTENT");

        simulator.pay(APP_ID, "dedup_1");
        AlipayTradeQueryResponse paid = execute(query);
        assertThat(paid.getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        assertThat(paid.getTotalAmount()).isEqualTo("5.00");
        create.setBizContent("{\"out_trade_no\":\"dedup_1\",\"total_amount\":\"5.00\",\"subject\":\"Java 101\"}");
        assertThat(execute(create).getSubCode()).isEqualTo("ACQ.TRADE_HAS_SUCCESS");
    }

    @Test
    void thePagePayUrlTheSdkBuildsLeadsTheBuyerToTheCashier() throws Exception {
        AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
        request.setNotifyUrl(receiver.url());
        request.setBizContent("{\"out_trade_no\":\"page_1\",\"total_amount\":\"12.34\",\"subject\":\"Java 101\","
                + "\"product_code\":\"FAST_INSTANT_TRADE_PAY\"}");
        String url = client().pageExecute(request, "GET").getBody();

        HttpResponse<String> gateway = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(gateway.statusCode()).isEqualTo(302);
        String cashier = gateway.headers().firstValue("Location").orElseThrow();
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(cashier)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(page.body()).contains("page_1").contains("12.34 CNY").contains("value=\"pay\"")
                .contains("value=\"fail\"").contains("value=\"abandon\"");
        HttpResponse<String> paid = http.send(HttpRequest.newBuilder(URI.create(cashier))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(paid.statusCode()).isEqualTo(303);
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"page_1\"}");
        assertThat(execute(query).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
    }

    /** Where the buyer's browser goes after paying a page-pay trade with {@code returnUrl} (or none). */
    private String afterPaying(String outTradeNo, String returnUrl) throws Exception {
        AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
        request.setNotifyUrl(receiver.url());
        request.setReturnUrl(returnUrl);
        request.setBizContent("{\"out_trade_no\":\"" + outTradeNo + "\",\"total_amount\":\"1.00\","
                + "\"subject\":\"Tea\",\"product_code\":\"FAST_INSTANT_TRADE_PAY\"}");
        String url = client().pageExecute(request, "GET").getBody();
        String cashier = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.discarding()).headers().firstValue("Location").orElseThrow();
        HttpResponse<Void> paid = http.send(HttpRequest.newBuilder(URI.create(cashier))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("action=pay")).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(paid.statusCode()).isEqualTo(303);
        return paid.headers().firstValue("Location").orElseThrow();
    }

    @Test
    void afterPayingTheBuyerGoesToTheReturnUrlWithItsQueryAndFragmentKept() throws Exception {
        assertThat(afterPaying("return_1", "https://shop.example/back?o=1#done"))
                .startsWith("https://shop.example/back?o=1&").contains("out_trade_no=return_1")
                .contains("method=alipay.trade.page.pay.return").contains("sign=").endsWith("#done");
    }

    @Test
    void theCashierOfATradeWithAReturnUrlLetsItsFormLeadThereAndOtherwiseKeepsItHome() throws Exception {
        assertThat(cashierPolicy("https://shop.example/back")).doesNotContain("form-action");
        assertThat(cashierPolicy(null)).contains("form-action 'self'");
    }

    private String cashierPolicy(String returnUrl) throws Exception {
        AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
        request.setReturnUrl(returnUrl);
        request.setBizContent("{\"out_trade_no\":\"csp_" + (returnUrl == null ? "none" : "back")
                + "\",\"total_amount\":\"1.00\",\"subject\":\"Tea\",\"product_code\":\"FAST_INSTANT_TRADE_PAY\"}");
        String url = client().pageExecute(request, "GET").getBody();
        String cashier = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.discarding()).headers().firstValue("Location").orElseThrow();
        return http.send(HttpRequest.newBuilder(URI.create(cashier)).build(), HttpResponse.BodyHandlers.discarding())
                .headers().firstValue("Content-Security-Policy").orElseThrow();
    }

    @Test
    void aReturnUrlThatIsNotAWebAddressIsNeverFollowedAndTheBuyerStaysAtTheCashier() throws Exception {
        assertThat(afterPaying("return_2", "javascript:alert(1)")).endsWith("/cashier/" + tradeNoOf("return_2"));
        assertThat(afterPaying("return_3", null)).endsWith("/cashier/" + tradeNoOf("return_3"));
    }

    private String tradeNoOf(String outTradeNo) throws Exception {
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"" + outTradeNo + "\"}");
        return execute(query).getTradeNo();
    }

    @Test
    void aPagePayUrlWithATamperedAmountShowsAlipaysErrorPage() throws Exception {
        AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
        request.setBizContent("{\"out_trade_no\":\"page_2\",\"total_amount\":\"12.34\",\"subject\":\"Java 101\"}");
        String url = client().pageExecute(request, "GET").getBody().replace("12.34", "0.01");

        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(page.body()).contains("isv.invalid-signature");
    }

    @Test
    void closeRefundsAndTheRefundQueryAnswerAsAlipayDoes() {
        String waiting = openedTrade("3.00");
        AlipayTradeCloseRequest close = new AlipayTradeCloseRequest();
        close.setBizContent("{\"out_trade_no\":\"" + waiting + "\"}");
        assertThat(execute(close).isSuccess()).isTrue();
        assertThat(execute(close).getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");

        String paid = paidTrade("10.00");
        assertThat(refund(paid, "r1", "4.00").getFundChange()).isEqualTo("Y");
        AlipayTradeRefundResponse again = refund(paid, "r1", "4.00");
        assertThat(again.getFundChange()).isEqualTo("N");
        assertThat(again.getRefundFee()).isEqualTo("4.00");
        assertThat(refund(paid, "r1", "5.00").getSubCode()).isEqualTo("ACQ.DISCORDANT_REPEAT_REQUEST");
        assertThat(refund(paid, "r2", "6.01").getSubCode()).isEqualTo("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL");
        assertThat(refund(paid, "r2", "6.00").getRefundFee()).isEqualTo("10.00");
        assertThat(refund(waiting, "r3", "1.00").getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");

        AlipayTradeFastpayRefundQueryResponse found = refundQuery(paid, "r2");
        assertThat(found.getRefundAmount()).isEqualTo("6.00");
        assertThat(found.getRefundStatus()).isEqualTo("REFUND_SUCCESS");
        assertThat(found.getGmtRefundPay()).isNotNull();
        AlipayTradeFastpayRefundQueryResponse none = refundQuery(paid, "r9");
        assertThat(none.isSuccess()).isTrue();
        assertThat(none.getOutRequestNo()).isNull();
    }

    @Test
    void aFaultForcesTheCodeAndAHangingQueryTimesTheSdkOut() {
        String trade = openedTrade("1.00");
        simulator.fault(APP_ID, "alipay.trade.query", Fault.error("40004", "ACQ.SYSTEM_ERROR"));
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"" + trade + "\"}");
        assertThat(execute(query).getSubCode()).isEqualTo("ACQ.SYSTEM_ERROR");

        simulator.clearFaults(APP_ID);
        simulator.behaviour(APP_ID, trade, new Behaviour(0, false, 0, false, true, null));
        assertThatThrownBy(() -> client(APP_ID, APP_KEY, 300).execute(query))
                .isInstanceOf(AlipayApiException.class).hasStackTraceContaining("SocketTimeoutException");
    }

    @Test
    void anAnswerWithAForeignSignatureFailsTheSdksCheck() {
        String trade = openedTrade("1.00");
        simulator.fault(APP_ID, "alipay.trade.query", new Fault(null, null, null, false, 0, false, true));
        AlipayTradeQueryRequest query = new AlipayTradeQueryRequest();
        query.setBizContent("{\"out_trade_no\":\"" + trade + "\"}");

        assertThatThrownBy(() -> client().execute(query)).isInstanceOf(AlipayApiException.class)
                .hasStackTraceContaining("sign check fail");
        assertThat(List.of(simulator.alipayPublicKey())).doesNotContainNull();
    }

    private AlipayTradeRefundResponse refund(String outTradeNo, String outRequestNo, String yuan) {
        AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
        request.setBizContent("{\"out_trade_no\":\"" + outTradeNo + "\",\"out_request_no\":\"" + outRequestNo
                + "\",\"refund_amount\":\"" + yuan + "\"}");
        return execute(request);
    }

    private AlipayTradeFastpayRefundQueryResponse refundQuery(String outTradeNo, String outRequestNo) {
        AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
        request.setBizContent("{\"out_trade_no\":\"" + outTradeNo + "\",\"out_request_no\":\"" + outRequestNo
                + "\",\"query_options\":[\"gmt_refund_pay\"]}");
        return execute(request);
    }
}
