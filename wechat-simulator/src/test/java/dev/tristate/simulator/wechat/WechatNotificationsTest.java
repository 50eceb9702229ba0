package dev.tristate.simulator.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import dev.tristate.wechatsimtest.WechatSimTestApplication;
import dev.tristate.wechatsimtest.WechatSimTestApplication.Arrived;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The simulator's notifications, read by wechatpay-java's own {@link NotificationParser}: signed with the platform
 * key, encrypted under the merchant's APIv3 key, and re-sent on WeChat Pay's schedule until acknowledged.
 */
@SpringBootTest(classes = WechatSimTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {"tristate.wechat-simulator.enabled=true",
        "tristate.wechat-simulator.time-compression=3600"})
class WechatNotificationsTest {

    private static final String MCHID = "1900000109";
    private static final String APIV3 = "0123456789abcdefABCDEF0123456789";

    @LocalServerPort int port;
    @Autowired WechatSimulator simulator;
    @Autowired WechatTrades trades;

    @Test
    void aPaidOrdersNotificationIsReSentOnTheScheduleUntilAcknowledgedAndTheSdkOpensIt() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair merchantKey = generator.generateKeyPair();
        simulator.register(new WechatMerchant(MCHID, List.of("wx0123456789abcdef"), Map.of(), APIV3));
        WechatTrade trade = trades.place(simulator.merchant(MCHID).orElseThrow(), "NATIVE", WechatJson.read((
                "{\"appid\":\"wx0123456789abcdef\",\"mchid\":\"" + MCHID + "\",\"description\":\"Java 101\","
                + "\"out_trade_no\":\"pay_0000000001\",\"notify_url\":\"http://127.0.0.1:" + port + "/notify\","
                + "\"amount\":{\"total\":1999,\"currency\":\"CNY\"}}").getBytes()));
        WechatSimTestApplication.refuseFirst.set(3);
        Instant paidAt = Instant.now();

        assertThat(simulator.pay(MCHID, "pay_0000000001")).isTrue();

        await().atMost(Duration.ofSeconds(10)).until(() -> simulator.notices(MCHID, "pay_0000000001").get(0)
                .state().equals("DELIVERED"));
        WechatNotice notice = simulator.notices(MCHID, "pay_0000000001").get(0);
        assertThat(notice.attempts()).as("three refused, the fourth acknowledged").isEqualTo(4);
        assertThat(Duration.between(paidAt, Instant.now())).as("15 s + 15 s + 30 s of WeChat Pay's time")
                .isGreaterThanOrEqualTo(Duration.ofMillis(60_000 / 3600));
        Arrived last = WechatSimTestApplication.ARRIVED.get(WechatSimTestApplication.ARRIVED.size() - 1);
        NotificationParser parser = new NotificationParser(new RSAPublicKeyConfig.Builder().merchantId(MCHID)
                .privateKey(Base64.getEncoder().encodeToString(merchantKey.getPrivate().getEncoded()))
                .merchantSerialNumber("00").apiV3Key(APIV3).publicKey(simulator.platformPublicKey())
                .publicKeyId(simulator.platformPublicKeyId()).build());
        Transaction transaction = parser.parse(new RequestParam.Builder()
                .serialNumber(last.headers().get("wechatpay-serial"))
                .nonce(last.headers().get("wechatpay-nonce"))
                .signature(last.headers().get("wechatpay-signature"))
                .timestamp(last.headers().get("wechatpay-timestamp"))
                .signType(last.headers().get("wechatpay-signature-type"))
                .body(last.body()).build(), Transaction.class);
        assertThat(transaction.getOutTradeNo()).isEqualTo("pay_0000000001");
        assertThat(transaction.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(transaction.getAmount().getTotal()).isEqualTo(1999);
        assertThat(transaction.getTransactionId()).isEqualTo(simulator.transactionId(MCHID, "pay_0000000001")
                .orElseThrow());
        assertThat(trade.token).isNotBlank();
    }
}
