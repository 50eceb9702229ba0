package dev.tristate.adapter.out.channel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tristate.adapter.out.channel.sandbox.SandboxGatewayProperties;
import dev.tristate.application.callback.port.out.ChannelNotificationFormat;
import dev.tristate.application.payment.port.out.ChannelGateway;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class ChannelConfigurationTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(ChannelConfiguration.class);

    @Test
    void registersEveryChannelsFormatAndTheSandboxGateway() {
        context.run(beans -> {
            Map<String, String> formats = new TreeMap<>();
            beans.getBeansOfType(ChannelNotificationFormat.class)
                    .forEach((name, format) -> formats.put(name, format.channel() + "/" + format.secretName()));
            assertThat(formats).containsExactlyEntriesOf(new TreeMap<>(Map.of(
                    "alipayNotificationFormat", "alipay/alipay-public-key",
                    "sandboxNotificationFormat", "sandbox/signing-secret",
                    "stripeNotificationFormat", "stripe/stripe-endpoint-secret",
                    "wechatNotificationFormat", "wechat/platform-public-key")));
            assertThat(beans.getBeansOfType(ChannelGateway.class)).containsOnlyKeys("sandboxChannelGateway");
            assertThat(beans.getBean(ChannelGateway.class).channel()).isEqualTo("sandbox");
        });
    }

    @Test
    void livesBesideAHostConfigurationThatScansItsOwnPackage() {
        context.withUserConfiguration(dev.tristate.hostfixture.SandboxAdapterConfiguration.class).run(beans -> {
            assertThat(beans).hasNotFailed();
            assertThat(beans.getBeansOfType(ChannelNotificationFormat.class)).hasSize(4);
        });
    }

    @Test
    void defaultsTheSandboxToThisProcessWithTwoAndFiveSecondTimeouts() {
        context.run(beans -> assertThat(beans.getBean(SandboxGatewayProperties.class)).isEqualTo(
                new SandboxGatewayProperties(URI.create("http://localhost:8080"), Duration.ofSeconds(2),
                        Duration.ofSeconds(5))));
        context.withPropertyValues("server.port=9090").run(beans -> assertThat(
                beans.getBean(SandboxGatewayProperties.class).baseUrl()).isEqualTo(URI.create("http://localhost:9090")));
    }

    @Test
    void takesTheSandboxLocationAndTimeoutsFromProperties() {
        context.withPropertyValues("tristate.channels.sandbox.base-url=http://sandbox.internal:7070",
                        "tristate.channels.sandbox.connect-timeout=500ms",
                        "tristate.channels.sandbox.read-timeout=10s")
                .run(beans -> assertThat(beans.getBean(SandboxGatewayProperties.class)).isEqualTo(
                        new SandboxGatewayProperties(URI.create("http://sandbox.internal:7070"),
                                Duration.ofMillis(500), Duration.ofSeconds(10))));
    }
}
