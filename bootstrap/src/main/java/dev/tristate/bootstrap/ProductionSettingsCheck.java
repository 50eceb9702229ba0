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
        if (blank(env, "spring.datasource.url")) {
            missing.add("spring.datasource.url");
        }
        // A cluster is named by its nodes' addresses, which Spring Boot uses instead of the host when given.
        if (blank(env, "spring.rabbitmq.host") && blank(env, "spring.rabbitmq.addresses")) {
            missing.add("spring.rabbitmq.host (or spring.rabbitmq.addresses)");
        }
        if (blank(env, "tristate.security.master-key")) {
            missing.add("tristate.security.master-key");
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException("The prod profile needs these settings, which are missing: "
                    + String.join(", ", missing) + ". Set them as properties or environment variables (e.g. "
                    + "SPRING_DATASOURCE_URL, SPRING_RABBITMQ_HOST, TRISTATE_SECURITY_MASTER_KEY); see README.md.");
        }
    }

    private static boolean blank(ConfigurableEnvironment env, String key) {
        String value = env.getProperty(key);
        return value == null || value.isBlank();
    }
}
