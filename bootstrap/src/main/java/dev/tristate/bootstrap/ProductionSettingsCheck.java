package dev.tristate.bootstrap;

import dev.tristate.adapter.out.persistence.tenant.SecretCipher;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Profiles;

/**
 * On the {@code prod} profile nothing is guessed: without a database, a broker and a usable master key the
 * application refuses to start and says which settings are missing or wrong, before any bean tries (and fails
 * obscurely) to connect.
 */
public class ProductionSettingsCheck implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment env = context.getEnvironment();
        if (!env.acceptsProfiles(Profiles.of("prod"))) {
            return;
        }
        List<String> missing = new ArrayList<>();
        for (String key : List.of("spring.datasource.url", "tristate.security.master-key")) {
            if (blank(env.getProperty(key))) {
                missing.add(key);
            }
        }
        // A cluster is given as a list of nodes (spring.rabbitmq.addresses), which Spring Boot uses instead of host.
        if (blank(env.getProperty("spring.rabbitmq.host")) && blank(env.getProperty("spring.rabbitmq.addresses"))) {
            missing.add("spring.rabbitmq.host (or spring.rabbitmq.addresses)");
        }
        if (!missing.isEmpty()) {
            throw new MissingSettings(missing);
        }
        // A key that cannot be one fails here, before a bean (the web server's filters among them) trips over it.
        SecretCipher.fromBase64(env.getProperty("tristate.security.master-key"), new SecureRandom());
    }

    /** The prod profile's required settings that are not set; {@link StartupFailureAnalyzers} reports it. */
    static final class MissingSettings extends IllegalStateException {

        private final List<String> missing;

        MissingSettings(List<String> missing) {
            super("The prod profile needs these settings, which are missing: " + String.join(", ", missing)
                    + ". Set them as properties or environment variables (e.g. SPRING_DATASOURCE_URL,"
                    + " SPRING_RABBITMQ_HOST, TRISTATE_SECURITY_MASTER_KEY); see README.md.");
            this.missing = List.copyOf(missing);
        }

        List<String> missing() {
            return missing;
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
