package dev.tristate.adapter.out.channel.wechat;

import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentStatus;
import dev.tristate.domain.payment.PaymentTestData;
import dev.tristate.simulator.wechat.WechatMerchant;
import dev.tristate.simulator.wechat.WechatSimulator;
import dev.tristate.simulator.wechat.WechatSimulatorConfiguration;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * The WeChat Pay simulator in this process on a random port, and gateways whose wechatpay-java talks to it over HTTP
 * on 127.0.0.1 (the SDK's {@code https://api.mch.weixin.qq.com} rewritten by the gateway's HTTP client). Each test
 * has a merchant of its own: its own key pair, serial and APIv3 key.
 */
@SpringBootTest(classes = WechatSimulatorHost.Host.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.wechat-simulator.enabled=true",
                "tristate.wechat-simulator.hang-ms=" + WechatSimulatorHost.HANG_MS,
                "tristate.wechat-simulator.refund-settle-ms=60000",
                "tristate.wechat-simulator.same-day-bills=true",
                "tristate.wechat-simulator.time-compression=86400"
        })
abstract class WechatSimulatorHost {

    static final long HANG_MS = 2000;
    static final String APP_ID = "wx0123456789abcdef";

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(WechatSimulatorConfiguration.class)
    static class Host {
    }

    @LocalServerPort
    int port;

    @Autowired
    WechatSimulator simulator;

    String mchid;
    String apiV3Key;
    WechatMerchantKeys.Keys keys;
    WechatChannelGateway gateway;
    /** Gives up long before a hanging simulator answers. */
    WechatChannelGateway impatient;

    @BeforeEach
    void aMerchantAndItsGateways() throws Exception {
        mchid = "19" + String.format("%08d", ThreadLocalRandom.current().nextInt(100_000_000));
        apiV3Key = UUID.randomUUID().toString().replace("-", "");
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        String serial = UUID.randomUUID().toString().replace("-", "").toUpperCase() + "01234567";
        simulator.register(new WechatMerchant(mchid, List.of(APP_ID),
                Map.of(serial, Base64.getEncoder().encodeToString(pair.getPublic().getEncoded())), apiV3Key));
        keys = new WechatMerchantKeys.Keys(APP_ID, Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded()),
                serial, apiV3Key, List.of(new WechatMerchantKeys.PlatformKey(simulator.platformPublicKeyId(),
                simulator.platformPublicKey())));
        gateway = gateway(Duration.ofSeconds(10));
        impatient = gateway(Duration.ofMillis(HANG_MS / 4));
    }

    WechatChannelGateway gateway(Duration readTimeout) {
        WechatMerchantKeys lookup = m -> m.equals(mchid) ? Optional.of(keys) : Optional.empty();
        return new WechatChannelGateway(WechatGatewaySettings.fixed(apiBase(), "http://127.0.0.1:9/callbacks/wechat",
                Duration.ofSeconds(2), readTimeout), lookup, Clock.systemUTC());
    }

    String apiBase() {
        return "http://127.0.0.1:" + port + "/simulators/wechat";
    }

    static Payment payment(long amount) {
        return PaymentTestData.aPendingPayment()
                .withId("pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26))
                .withAmount(amount, "CNY").withChannel("wechat").withStatus(PaymentStatus.PENDING)
                .withCreatedAt(Instant.now()).withDescription("Java 101").withUserId("oPayerOpenId0123456789")
                .build();
    }

    /** A payment ordered (Native) and paid. */
    Payment paid(long amount) {
        Payment payment = payment(amount);
        gateway.registerTrade(payment, "native", mchid);
        if (!simulator.pay(mchid, payment.id().value())) {
            throw new IllegalStateException("the simulator did not take the payment");
        }
        return payment;
    }

    static dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest refund(Payment payment,
            String outRefundNo, long amount) {
        return new dev.tristate.application.payment.port.out.ChannelGateway.RefundRequest(payment.id().value(),
                outRefundNo, dev.tristate.domain.money.Money.of(amount, "CNY"), "customer asked");
    }
}
