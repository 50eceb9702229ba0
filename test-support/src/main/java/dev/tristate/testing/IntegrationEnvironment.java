package dev.tristate.testing;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.tristate.adapter.out.messaging.embedded.EmbeddedAmqpBroker;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Which database and broker the integration tests talk to. With TRISTATE_IT_DB_URL (and TRISTATE_IT_RABBIT_HOST) set,
 * as .ci/run sets them, they are the real MariaDB and RabbitMQ; without, the embedded H2 in MySQL mode and the
 * in-process Qpid broker, and the run says so, so that a fresh machine passes too without pretending otherwise.
 */
public final class IntegrationEnvironment {

    public static final String DB_URL = "TRISTATE_IT_DB_URL";
    public static final String DB_USER = "TRISTATE_IT_DB_USER";
    public static final String DB_PASSWORD = "TRISTATE_IT_DB_PASSWORD";
    public static final String RABBIT_HOST = "TRISTATE_IT_RABBIT_HOST";
    public static final String RABBIT_PORT = "TRISTATE_IT_RABBIT_PORT";
    public static final String RABBIT_USER = "TRISTATE_IT_RABBIT_USER";
    public static final String RABBIT_PASSWORD = "TRISTATE_IT_RABBIT_PASSWORD";
    public static final String RABBIT_VHOST = "TRISTATE_IT_RABBIT_VHOST";

    private static final String H2_URL =
            "jdbc:h2:mem:tristate-it;MODE=MySQL;DEFAULT_NULL_ORDERING=HIGH;DB_CLOSE_DELAY=-1";

    private static final Map<String, String> ENV = System.getenv();
    private static volatile boolean announced;
    private static HikariDataSource dataSource;
    private static EmbeddedAmqpBroker embeddedBroker;

    private IntegrationEnvironment() {
    }

    public static boolean realDatabase() {
        return has(DB_URL);
    }

    public static boolean realBroker() {
        return has(RABBIT_HOST);
    }

    public static String jdbcUrl() {
        announce();
        return realDatabase() ? ENV.get(DB_URL) : H2_URL;
    }

    public static String dbUser() {
        return realDatabase() ? ENV.getOrDefault(DB_USER, "root") : "sa";
    }

    public static String dbPassword() {
        return realDatabase() ? ENV.getOrDefault(DB_PASSWORD, "") : "";
    }

    /** One pool per test JVM. */
    public static synchronized DataSource dataSource() {
        if (dataSource == null) {
            HikariConfig config = new HikariConfig();
            config.setJdbcUrl(jdbcUrl());
            config.setUsername(dbUser());
            config.setPassword(dbPassword());
            config.setMaximumPoolSize(20);
            config.setPoolName("tristate-it");
            dataSource = new HikariDataSource(config);
        }
        return dataSource;
    }

    public static String rabbitHost() {
        return realBroker() ? ENV.get(RABBIT_HOST) : embeddedBroker().host();
    }

    public static int rabbitPort() {
        return realBroker() ? Integer.parseInt(ENV.getOrDefault(RABBIT_PORT, "5672")) : embeddedBroker().port();
    }

    public static String rabbitUser() {
        return realBroker() ? ENV.getOrDefault(RABBIT_USER, "guest") : "tristate";
    }

    public static String rabbitPassword() {
        return realBroker() ? ENV.getOrDefault(RABBIT_PASSWORD, "guest") : "tristate";
    }

    public static String rabbitVirtualHost() {
        return realBroker() ? ENV.getOrDefault(RABBIT_VHOST, "/") : "/";
    }

    /** Spring Boot properties pointing at the chosen services, for {@code @DynamicPropertySource}. */
    public static void register(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", IntegrationEnvironment::jdbcUrl);
        registry.add("spring.datasource.username", IntegrationEnvironment::dbUser);
        registry.add("spring.datasource.password", IntegrationEnvironment::dbPassword);
        registry.add("spring.rabbitmq.host", IntegrationEnvironment::rabbitHost);
        registry.add("spring.rabbitmq.port", IntegrationEnvironment::rabbitPort);
        registry.add("spring.rabbitmq.username", IntegrationEnvironment::rabbitUser);
        registry.add("spring.rabbitmq.password", IntegrationEnvironment::rabbitPassword);
        registry.add("spring.rabbitmq.virtual-host", IntegrationEnvironment::rabbitVirtualHost);
        registry.add("tristate.broker.kind", () -> realBroker() ? "RABBITMQ" : "EMBEDDED_QPID");
    }

    private static synchronized EmbeddedAmqpBroker embeddedBroker() {
        announce();
        if (embeddedBroker == null) {
            embeddedBroker = EmbeddedAmqpBroker.start("127.0.0.1", 0, "tristate", "tristate");
            Runtime.getRuntime().addShutdownHook(new Thread(embeddedBroker::close, "embedded-broker-stop"));
        }
        return embeddedBroker;
    }

    private static void announce() {
        if (announced) {
            return;
        }
        announced = true;
        String db = realDatabase() ? "real database " + redact(ENV.get(DB_URL))
                : "embedded H2 in MySQL mode (set " + DB_URL + " to use MariaDB/MySQL)";
        String broker = realBroker() ? "real RabbitMQ at " + ENV.get(RABBIT_HOST)
                : "in-process Qpid broker (set " + RABBIT_HOST + " to use RabbitMQ)";
        // Printed on the console, not only in a log: whoever reads the run must see which services were used.
        System.out.println("[tristate-it] integration tests run against: " + db + "; " + broker);
    }

    private static String redact(String url) {
        return url.replaceAll("password=[^&;]*", "password=***");
    }

    private static boolean has(String name) {
        String value = ENV.get(name);
        return value != null && !value.isBlank();
    }
}
