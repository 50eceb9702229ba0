package dev.tristate.bootstrap;

import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Profiles;

/**
 * On the {@code prod} profile nothing is guessed: without a database, a broker and a master key the application
 * refuses to start and says which settings are missing, before any bean tries (and fails obscurely) to connect.
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
            throw new IllegalStateException("The prod profile needs these settings, which are missing: "
                    + String.join(", ", missing) + ". Set them as properties or environment variables (e.g. "
                    + "SPRING_DATASOURCE_URL, SPRING_RABBITMQ_HOST, TRISTATE_SECURITY_MASTER_KEY); see README.md.");
        }
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
