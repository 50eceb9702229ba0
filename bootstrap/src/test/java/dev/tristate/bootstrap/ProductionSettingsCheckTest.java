package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.mock.env.MockEnvironment;

/** Which settings the prod profile insists on, checked before any bean connects to anything. */
class ProductionSettingsCheckTest {

    private static final String KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @Test
    void aBrokerGivenAsAListOfClusterNodesIsEnough() {
        MockEnvironment env = prod().withProperty("spring.datasource.url", "jdbc:mysql://db:3306/t")
                .withProperty("spring.rabbitmq.addresses", "mq1:5672,mq2:5672,mq3:5672")
                .withProperty("tristate.security.master-key", KEY);
        assertThatCode(() -> new ProductionSettingsCheck().initialize(context(env))).doesNotThrowAnyException();
    }

    @Test
    void withNeitherAHostNorAddressesTheBrokerIsNamedAsMissing() {
        MockEnvironment env = prod().withProperty("spring.datasource.url", "jdbc:mysql://db:3306/t")
                .withProperty("tristate.security.master-key", KEY);
        assertThatThrownBy(() -> new ProductionSettingsCheck().initialize(context(env)))
                .hasMessageContaining("spring.rabbitmq.host (or spring.rabbitmq.addresses)")
                .hasMessageNotContaining("spring.datasource.url");
    }

    @Test
    void outsideTheProdProfileNothingIsRequired() {
        assertThatCode(() -> new ProductionSettingsCheck().initialize(context(new MockEnvironment())))
                .doesNotThrowAnyException();
    }

    private static MockEnvironment prod() {
        MockEnvironment env = new MockEnvironment();
        env.setActiveProfiles("prod");
        return env;
    }

    private static GenericApplicationContext context(MockEnvironment env) {
        GenericApplicationContext context = new GenericApplicationContext();
        context.setEnvironment(env);
        return context;
    }
}
