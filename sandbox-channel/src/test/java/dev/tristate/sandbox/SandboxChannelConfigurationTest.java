package dev.tristate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class SandboxChannelConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withUserConfiguration(SandboxChannelConfiguration.class);

    @Test
    void theChannelIsOffUnlessEnabled() {
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(SandboxMerchants.class)
                .doesNotHaveBean(SandboxTrades.class));
        runner.withPropertyValues("tristate.sandbox-channel.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(SandboxMerchants.class));
    }

    @Test
    void enabledItNotifiesTheHostsOwnCallbackUrlByDefault() {
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true").run(context -> {
            assertThat(context).hasSingleBean(SandboxMerchants.class).hasSingleBean(TradeApiController.class);
            assertThat(context.getBean(SandboxMerchants.class).notifyUrl())
                    .isEqualTo(URI.create("http://localhost:8080/callbacks/sandbox"));
            assertThat(context.getBean(SandboxChannelSettings.class).publicBaseUrl())
                    .isEqualTo("http://localhost:8080");
            assertThat(context.getBean(SandboxChannelSettings.class).clock().getZone()).isEqualTo(ZoneOffset.UTC);
        });
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true", "server.port=9090").run(context ->
                assertThat(context.getBean(SandboxMerchants.class).notifyUrl())
                        .isEqualTo(URI.create("http://localhost:9090/callbacks/sandbox")));
    }

    @Test
    void configuredUrlsAndAClockOfTheHostAreUsed() {
        Clock hostClock = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true",
                        "tristate.sandbox-channel.notify-url=https://tristate.example/callbacks/sandbox",
                        "tristate.sandbox-channel.public-base-url=https://pay.example/")
                .withBean(Clock.class, () -> hostClock)
                .run(context -> {
                    SandboxChannelSettings settings = context.getBean(SandboxChannelSettings.class);
                    assertThat(settings.notifyUrl()).isEqualTo(URI.create("https://tristate.example/callbacks/sandbox"));
                    assertThat(settings.publicBaseUrl()).isEqualTo("https://pay.example");
                    assertThat(settings.clock()).isSameAs(hostClock);
                    assertThat(settings.retry()).isEqualTo(new SandboxChannelProperties.Retry(1000, 2, 8));
                    assertThat(settings.http()).isEqualTo(new SandboxChannelProperties.Http(2000, 5000));
                    assertThat(settings.queryHangMs()).isEqualTo(30_000);
                    assertThat(settings.refundSettleMs()).isEqualTo(5_000);
                });
    }

    @Test
    void merchantsNeedAWellFormedIdAndAtLeastOneSecret() {
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true").run(context -> {
            SandboxMerchants merchants = context.getBean(SandboxMerchants.class);
            assertThatThrownBy(() -> merchants.register("has space", List.of("s"))).isInstanceOf(
                    IllegalArgumentException.class);
            assertThatThrownBy(() -> merchants.register("m-1", List.of())).isInstanceOf(
                    IllegalArgumentException.class);
            assertThatThrownBy(() -> merchants.register("m-1", List.of(""))).isInstanceOf(
                    IllegalArgumentException.class);

            merchants.register("m-1", List.of("newest", "older"));

            assertThat(merchants.isRegistered("m-1")).isTrue();
            assertThat(merchants.newestSecret("m-1")).hasValue("newest");
        });
    }

    @Test
    void merchantsConfiguredInPropertiesAreKnownWithoutAHostDirectory() {
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true",
                "tristate.sandbox-channel.merchants.m-standalone=newest-secret,older-secret").run(context -> {
                    SandboxMerchants merchants = context.getBean(SandboxMerchants.class);
                    assertThat(merchants.secrets("m-standalone")).containsExactly("newest-secret", "older-secret");
                    assertThat(merchants.isRegistered("m-elsewhere")).isFalse();
                });
        runner.withPropertyValues("tristate.sandbox-channel.enabled=true",
                "tristate.sandbox-channel.merchants[has space]=s").run(context -> assertThat(context).hasFailed());
    }
}
