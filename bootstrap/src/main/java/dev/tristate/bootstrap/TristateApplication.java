package dev.tristate.bootstrap;

import dev.tristate.adapter.in.admin.AdminConfiguration;
import dev.tristate.adapter.out.persistence.PersistenceConfiguration;
import dev.tristate.sandbox.SandboxChannelConfiguration;
import dev.tristate.simulator.alipay.AlipaySimulatorConfiguration;
import dev.tristate.simulator.stripe.StripeSimulatorConfiguration;
import dev.tristate.simulator.wechat.WechatSimulatorConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/** The one runnable application: wires the adapters around the application core. */
@SpringBootApplication
@Import({PersistenceConfiguration.class, AdminConfiguration.class, SandboxChannelConfiguration.class,
        AlipaySimulatorConfiguration.class, StripeSimulatorConfiguration.class,
        WechatSimulatorConfiguration.class})
public class TristateApplication {

    public static void main(String[] args) {
        SpringApplication.run(TristateApplication.class, args);
    }
}
