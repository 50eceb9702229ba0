package dev.tristate.bootstrap.relay;

import dev.tristate.testing.IntegrationEnvironment;
import java.util.List;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.test.context.DynamicPropertyRegistry;

/** Where a relay test's application finds its broker, and the settings that say so. */
record RelayBroker(String host, int port, String user, String password, String virtualHost, String kind) {

    /** The integration broker: RabbitMQ under .ci/run, the test JVM's in-process Qpid broker elsewhere. */
    static RelayBroker integration() {
        return new RelayBroker(IntegrationEnvironment.rabbitHost(), IntegrationEnvironment.rabbitPort(),
                IntegrationEnvironment.rabbitUser(), IntegrationEnvironment.rabbitPassword(),
                IntegrationEnvironment.rabbitVirtualHost(),
                IntegrationEnvironment.realBroker() ? "RABBITMQ" : "EMBEDDED_QPID");
    }

    /** An embedded Qpid broker of the test's own on this port. */
    static RelayBroker ownQpid(int port) {
        return new RelayBroker("127.0.0.1", port, BrokerOutage.RestartedQpid.USER,
                BrokerOutage.RestartedQpid.PASSWORD, "/", "EMBEDDED_QPID");
    }

    /** The application's database and broker, for {@code @DynamicPropertySource}. */
    void register(DynamicPropertyRegistry registry, RelayTestDatabase database) {
        registry.add("spring.datasource.url", database::url);
        registry.add("spring.datasource.username", IntegrationEnvironment::dbUser);
        registry.add("spring.datasource.password", IntegrationEnvironment::dbPassword);
        registry.add("spring.rabbitmq.host", this::host);
        registry.add("spring.rabbitmq.port", this::port);
        registry.add("spring.rabbitmq.username", this::user);
        registry.add("spring.rabbitmq.password", this::password);
        registry.add("spring.rabbitmq.virtual-host", this::virtualHost);
        registry.add("tristate.broker.kind", this::kind);
    }

    /** The same, as command-line arguments of a child process. */
    List<String> arguments(RelayTestDatabase database) {
        return List.of("--spring.datasource.url=" + database.url(),
                "--spring.datasource.username=" + IntegrationEnvironment.dbUser(),
                "--spring.datasource.password=" + IntegrationEnvironment.dbPassword(),
                "--spring.rabbitmq.host=" + host, "--spring.rabbitmq.port=" + port,
                "--spring.rabbitmq.username=" + user, "--spring.rabbitmq.password=" + password,
                "--spring.rabbitmq.virtual-host=" + virtualHost, "--tristate.broker.kind=" + kind);
    }

    EventTap tap() {
        return new EventTap(connectionFactory(), "tristate.events");
    }

    CachingConnectionFactory connectionFactory() {
        CachingConnectionFactory factory = new CachingConnectionFactory(host, port);
        factory.setUsername(user);
        factory.setPassword(password);
        factory.setVirtualHost(virtualHost);
        return factory;
    }
}
