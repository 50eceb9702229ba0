package dev.tristate.simulator.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import dev.tristate.simulator.kit.testing.MutableClock;
import dev.tristate.simulatortest.alipay.FormReceiver;
import dev.tristate.simulatortest.alipay.SimulatorTestApplication;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The simulator in a minimal host on a random port, spoken to by the official Alipay SDK (a test dependency only),
 * with {@link FormReceiver} as every trade's notify URL. All integration tests share this one context.
 */
@SpringBootTest(classes = SimulatorTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
                "tristate.alipay-simulator.enabled=true",
                "tristate.alipay-simulator.time-compression=36000",
                "tristate.alipay-simulator.query-hang-ms=" + AlipaySimulatorIntegrationBase.HANG_MS,
                "tristate.alipay-simulator.http.request-timeout-ms=500",
                "tristate.alipay-simulator.control-token=control-token-for-tests"
        })
abstract class AlipaySimulatorIntegrationBase {

    static final long HANG_MS = 1500;
    static final String APP_ID = "2021000000000777";
    static final String SELLER_ID = "2088000000000777";
    static final KeyPair APP_KEY = rsa();

    final FormReceiver receiver = FormReceiver.shared();

    @LocalServerPort
    int port;

    @Autowired
    AlipaySimulator simulator;

    @Autowired
    MutableClock clock;

    @BeforeEach
    void anAppAndAKnownTime() {
        simulator.registerApp(new AlipaySimulatorApps.App(APP_ID, SELLER_ID, List.of(publicKey(APP_KEY))));
        simulator.clearFaults(APP_ID);
        clock.set(SimulatorTestApplication.CLOCK_START);
    }

    String gatewayUrl() {
        return "http://127.0.0.1:" + port + "/simulators/alipay/gateway.do";
    }

    AlipayClient client() {
        return client(APP_ID, APP_KEY, 5_000);
    }

    AlipayClient client(String appId, KeyPair appKey, int readTimeoutMs) {
        AlipayConfig config = new AlipayConfig();
        config.setServerUrl(gatewayUrl());
        config.setAppId(appId);
        config.setPrivateKey(Base64.getEncoder().encodeToString(appKey.getPrivate().getEncoded()));
        config.setAlipayPublicKey(simulator.alipayPublicKey());
        config.setFormat("json");
        config.setCharset("UTF-8");
        config.setSignType("RSA2");
        config.setReadTimeout(readTimeoutMs);
        try {
            return new DefaultAlipayClient(config);
        } catch (AlipayApiException e) {
            throw new IllegalStateException(e);
        }
    }

    <T extends AlipayResponse> T execute(AlipayRequest<T> request) {
        try {
            return client().execute(request);
        } catch (AlipayApiException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A fresh QR trade of {@link #APP_ID} (notified to the receiver), opened by the buyer; its out_trade_no. */
    String openedTrade(String yuan) {
        String outTradeNo = "pay_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
        request.setNotifyUrl(receiver.url());
        request.setBizContent("{\"out_trade_no\":\"" + outTradeNo + "\",\"total_amount\":\"" + yuan
                + "\",\"subject\":\"Java 101\"}");
        if (!execute(request).isSuccess()) {
            throw new IllegalStateException("precreate failed");
        }
        simulator.open(APP_ID, outTradeNo);
        return outTradeNo;
    }

    String paidTrade(String yuan) {
        String outTradeNo = openedTrade(yuan);
        simulator.pay(APP_ID, outTradeNo);
        return outTradeNo;
    }

    static String publicKey(KeyPair pair) {
        return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
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
