package dev.tristate.bootstrap;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.context.support.GenericApplicationContext;
import org.springframework.mock.env.MockEnvironment;

/** The prod profile's check of its settings, on an environment alone (no application started). */
class ProductionSettingsCheckTest {

    private static final String MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @Test
    void aBrokerClusterNamedByItsAddressesAloneIsEnough() {
        MockEnvironment env = prod().withProperty("spring.datasource.url", "jdbc:mysql://db/tristate")
                .withProperty("spring.rabbitmq.addresses", "10.0.0.1:5672,10.0.0.2:5672,10.0.0.3:5672")
                .withProperty("tristate.security.master-key", MASTER_KEY);

        assertThatCode(() -> check(env)).doesNotThrowAnyException();
    }

    @Test
    void withNeitherABrokerHostNorAddressesTheStartIsRefusedNamingBoth() {
        MockEnvironment env = prod().withProperty("spring.datasource.url", "jdbc:mysql://db/tristate")
                .withProperty("tristate.security.master-key", MASTER_KEY);

        assertThatThrownBy(() -> check(env)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("missing: spring.rabbitmq.host (or spring.rabbitmq.addresses).");
    }

    @Test
    void blankAddressesDoNotCountAsABroker() {
        MockEnvironment env = prod().withProperty("spring.datasource.url", "jdbc:mysql://db/tristate")
                .withProperty("spring.rabbitmq.addresses", " ")
                .withProperty("tristate.security.master-key", MASTER_KEY);

        assertThatThrownBy(() -> check(env)).hasMessageContaining("spring.rabbitmq.addresses");
    }

    private static MockEnvironment prod() {
        MockEnvironment env = new MockEnvironment();
        env.setActiveProfiles("prod");
        return env;
    }

    private static void check(MockEnvironment env) {
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.setEnvironment(env);
            new ProductionSettingsCheck().initialize(context);
        }
    }
}
