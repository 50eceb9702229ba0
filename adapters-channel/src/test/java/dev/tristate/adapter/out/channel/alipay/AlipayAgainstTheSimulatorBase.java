package dev.tristate.adapter.out.channel.alipay;

import dev.tristate.domain.money.Money;
import dev.tristate.domain.payment.MerchantOrderId;
import dev.tristate.domain.payment.Payment;
import dev.tristate.domain.payment.PaymentId;
import dev.tristate.domain.tenant.TenantId;
import dev.tristate.simulator.alipay.AlipaySimulator;
import dev.tristate.simulator.alipay.AlipaySimulatorApps;
import dev.tristate.simulator.alipay.AlipaySimulatorConfiguration;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Timeout;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;

/**
 * {@link AlipayChannelGateway} with the official SDK, unmodified, against the Alipay simulator running in this
 * process on a random port over real HTTP: what the simulator answers is what the gateway reads.
 */
@Timeout(60)
@SpringBootTest(classes = AlipayAgainstTheSimulatorBase.AlipayHost.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.alipay-simulator.enabled=true",
                "tristate.alipay-simulator.time-compression=3600",
                "tristate.alipay-simulator.query-hang-ms=3000",
                "tristate.alipay-simulator.http.request-timeout-ms=300"
        })
abstract class AlipayAgainstTheSimulatorBase {

    static final String APP_ID = "2021000000000123";
    static final String SELLER_ID = "2088000000000123";
    static final KeyPair APP_KEY = rsa();

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(AlipaySimulatorConfiguration.class)
    static class AlipayHost {
    }

    @LocalServerPort
    int port;

    @Autowired
    AlipaySimulator simulator;

    AlipayChannelGateway gateway;

    @BeforeEach
    void anAppAndItsGateway() {
        simulator.registerApp(new AlipaySimulatorApps.App(APP_ID, SELLER_ID, List.of(base64(APP_KEY.getPublic()
                .getEncoded()))));
        simulator.clearFaults(APP_ID);
        gateway = gateway(Duration.ofSeconds(2));
    }

    AlipayChannelGateway gateway(Duration readTimeout) {
        return gateway("http://127.0.0.1:" + port + "/simulators/alipay/gateway.do", readTimeout);
    }

    AlipayChannelGateway gateway(String gatewayUrl, Duration readTimeout) {
        AlipayGatewaySettings settings = new AlipayGatewaySettings(gatewayUrl,
                "http://127.0.0.1:1/callbacks/alipay", Duration.ofMinutes(30), Duration.ofSeconds(1), readTimeout);
        AlipayAppKeys keys = appId -> APP_ID.equals(appId)
                ? new AlipayAppKeys.Keys(List.of(base64(APP_KEY.getPrivate().getEncoded())),
                        List.of(simulator.alipayPublicKey()))
                : AlipayAppKeys.Keys.NONE;
        return new AlipayChannelGateway(settings, keys, appId -> Optional.of(SELLER_ID), Clock.systemUTC());
    }

    static Payment payment(long fen, String currency) {
        String id = "pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 26);
        return Payment.initiate(new PaymentId(id), new TenantId("tenant-a"), new MerchantOrderId("o-" + id),
                Money.of(fen, currency), "alipay", "u-1", "course:java-101", "Java 101", Instant.now());
    }

    /** A QR trade the buyer opened and paid; its out_trade_no. */
    String paidTrade(long fen) {
        Payment payment = payment(fen, "CNY");
        gateway.registerTrade(payment, "qr", APP_ID);
        simulator.pay(APP_ID, payment.id().value());
        return payment.id().value();
    }

    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    static KeyPair rsa() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
